import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ErrorCode } from '../../schemas/error-codes';
import { FileTooLarge } from '../infra/file-storage';
import { ApiFailure } from '../rules/api-failure';
import { ajvErrorsToBody } from './validation';
import { languageOf } from './first-screen';
import type { Language } from '../../schemas/languages';

/** An ApiFailure's extra as sent: messages in four languages (a failed constraint's) in the request's language. */
function inLanguage(extra: Record<string, unknown>, language: Language): Record<string, unknown> {
  const messages = extra.messages as Record<string, Record<Language, string>> | undefined;
  if (!messages) return extra;
  return {
    ...extra,
    messages: Object.fromEntries(Object.entries(messages).map(([name, text]) => [name, text[language]])),
  };
}

/** Fastify's own client errors, and @fastify/multipart's, mapped to catalogue codes. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: number }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: ErrorCode.lengthMoreThan },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: ErrorCode.invalidFormat },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: ErrorCode.invalidFormat },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: ErrorCode.emptyField },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: ErrorCode.invalidFormat },
  // More parts, files or fields than the upload route reads: a body over its limits.
  FST_PARTS_LIMIT: { status: 413, code: ErrorCode.lengthMoreThan },
  FST_FILES_LIMIT: { status: 413, code: ErrorCode.lengthMoreThan },
  FST_FIELDS_LIMIT: { status: 413, code: ErrorCode.lengthMoreThan },
  // A multipart route sent something else: the same refusal as any body of the wrong type.
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: ErrorCode.invalidFormat },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, code: ErrorCode.invalidFormat },
  // A form field named `__proto__` or `constructor`, like such a key in JSON (ErrorCode.invalidKey).
  FST_PROTO_VIOLATION: { status: 400, code: ErrorCode.invalidKey },
  FST_MP_PREMATURE_CLOSE: { status: 400, code: ErrorCode.invalidFormat },
};

/** The catalogue's code for a client error that names none of its own, by its HTTP status. */
const STATUS_CODE_ERRORS: Record<number, number> = {
  401: ErrorCode.loginExpired,
  403: ErrorCode.forbidden,
  404: ErrorCode.notFound,
  408: ErrorCode.requestTimeout,
  413: ErrorCode.lengthMoreThan,
  429: ErrorCode.tooManyAttempts,
  431: ErrorCode.headersTooLarge,
};

/**
 * PostgreSQL's own refusals of a transaction that met another one (a deadlock, a serialization
 * failure): the database rolled it back whole, so the request changed nothing and the user is
 * told that someone changed the same thing at that moment, as a stale revision is told.
 */
const CONFLICT_SQLSTATES = new Set(['40P01', '40001']);

const byStatus = (status: number) => ({
  errors: { $common: [STATUS_CODE_ERRORS[status] ?? ErrorCode.invalidFormat] },
});

/**
 * Every error leaves the server in the catalogue's shape (schemas/error-codes.ts): `{ errors: { ...
 * } }` with codes, never a message or stack trace. Unexpected errors are logged and sent as 500.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Only POST /barcode/file throws it; its error response says the limit, for the client's message.
    if (error instanceof FileTooLarge)
      return reply.status(400).send({ errors: error.errors, maxBytes: error.maxBytes });
    if (error instanceof ApiFailure) {
      return reply
        .status(error.status)
        .headers(error.headers)
        .send({ ...inLanguage(error.extra, languageOf(request.headers['accept-language'])), errors: error.errors });
    }
    if (error.validation) {
      return reply
        .status(400)
        .send({ errors: ajvErrorsToBody(error.validation as Parameters<typeof ajvErrorsToBody>[0]) });
    }
    if (error.code && CONFLICT_SQLSTATES.has(error.code)) {
      request.log.warn({ err: error }, 'transaction rolled back: it met another one');
      return reply.status(400).send({ errors: { $common: [ErrorCode.concurrentChange] } });
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ errors: { $common: [known.code] } });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(byStatus(error.statusCode));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ errors: { $common: [ErrorCode.internal] } });
  });
}

/**
 * Fastify's `clientErrorHandler`: answers what Node's HTTP parser refuses before Fastify sees a
 * request (header fields or a URL over its limit: 431; a request that does not arrive in time:
 * 408; anything malformed: 400) in the catalogue's shape, then closes the connection, as the
 * parser cannot go on reading it.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A connection the client reset, or already closed: no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(byStatus(status));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
