import type { FastifyError, FastifyInstance } from 'fastify';
import { ErrorCode } from '../../schemas/error-codes';
import { FileTooLarge } from '../infra/file-storage';
import { ApiFailure } from '../rules/api-failure';
import { ajvErrorsToBody } from './validation';

/** Fastify's own client errors, mapped to catalogue codes. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: number }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: ErrorCode.lengthMoreThan },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: ErrorCode.invalidFormat },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: ErrorCode.invalidFormat },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: ErrorCode.emptyField },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: ErrorCode.invalidFormat },
};

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
        .send({ ...error.extra, errors: error.errors });
    }
    if (error.validation) {
      return reply
        .status(400)
        .send({ errors: ajvErrorsToBody(error.validation as Parameters<typeof ajvErrorsToBody>[0]) });
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ errors: { $common: [known.code] } });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ errors: { $common: [ErrorCode.invalidFormat] } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ errors: { $common: [ErrorCode.internal] } });
  });
}
