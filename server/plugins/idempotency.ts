import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../schemas/error-codes';
import { Headers } from '../../schemas/validation';
import type { ServerContext } from '../context';
import { claimKey, findKeyUse, releaseKey, requestFingerprint, storeAnswer } from '../infra/idempotency';
import { commonFailure, fieldFailure } from '../rules/api-failure';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request claimed: its answer is stored for repeats. */
    idempotencyClaim: { userId: string; key: string } | null;
  }
  interface FastifyContextConfig {
    /**
     * The route's answer holds a secret shown once (a new user's or a reissued one-time access
     * code): a repeat of its Idempotency-Key writes nothing, as for any route, but is answered
     * 409 ErrorCode.secretShownOnce instead of the stored answer, which is not kept (no code sits in
     * the database).
     */
    answerHoldsSecret?: boolean;
    /**
     * A session call (log in, refresh, log out): it ignores the Idempotency-Key, with or without a
     * session. Its answer sets or clears the session cookies, which a stored answer would not
     * repeat (a replayed refresh would leave the device without its rotated tokens), and it may
     * change whose the session is, so a repeat would not even find the key's owner. Repeating one
     * is safe as it is: another login, a refresh refused as spent, a logout of no session.
     */
    sessionCall?: boolean;
  }
}

/** What is stored in place of an answer that holds a secret: the repeat's answer. */
const SECRET_SHOWN_ONCE = {
  status: 409,
  body: JSON.stringify({ errors: commonFailure(ErrorCode.secretShownOnce, 409).errors }),
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
/** A random UUID or any such token: 8 to 128 URL-safe characters. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
/** How long a repeat waits for the first request with its key to answer, polling every POLL_MS. */
const WAIT_MS = 10_000;
const POLL_MS = 25;

/**
 * What a request is compared on: a multipart upload is not parsed yet, so its media type and size
 * stand for its body (without the boundary, which the browser draws anew for each send of the
 * same file: the outbox's repeat of an upload is the same request).
 */
const fingerprintOf = (request: FastifyRequest) =>
  requestFingerprint(
    request.method,
    request.url,
    request.body ?? {
      type: request.headers['content-type']?.split(';')[0]?.trim(),
      length: request.headers['content-length'],
    },
  );

/**
 * Exactly-once writes: a logged-in user's write request may carry an `Idempotency-Key` header. The
 * first request with a key runs and its answer (status and body) is kept a day; a repeat with the
 * same key and the same method, URL and body gets that answer and writes nothing; the same key with
 * another request is 409 (ErrorCode.keyReused). A repeat that arrives while the first still runs
 * waits for its answer (the same 409 after WAIT_MS). A 5xx answer is not kept, so a retry runs
 * afresh. Keys are per user; requests without a session (registration) and the session calls (log
 * in, refresh, log out: `config.sessionCall`) ignore the header. A route whose answer holds a
 * one-time secret (`config.answerHoldsSecret`) keeps 409 (ErrorCode.secretShownOnce) for its
 * repeats instead of that answer.
 */
export function installIdempotency(app: FastifyInstance, ctx: ServerContext): void {
  app.decorateRequest('idempotencyClaim', null);
  // After the session is read (plugins/auth.ts) and the input validated: a refused request claims nothing.
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers[Headers.idempotencyKey];
    // The key's owner: the logged-in user, or on the admin routes the admin.
    const userId = request.viewer?.userId ?? request.adminActor?.id;
    if (key === undefined || !userId || !WRITE_METHODS.has(request.method) || request.routeOptions.config.sessionCall)
      return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key))
      throw fieldFailure('Idempotency-Key', ErrorCode.invalidFormat);
    const fingerprint = fingerprintOf(request);
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      if (await claimKey(ctx.db, userId, key, fingerprint)) {
        request.idempotencyClaim = { userId, key };
        return;
      }
      const use = await findKeyUse(ctx.db, userId, key);
      if (use && use.fingerprint !== fingerprint) throw commonFailure(ErrorCode.keyReused, 409);
      if (use?.answer) {
        reply
          .status(use.answer.status)
          .header('idempotent-replayed', 'true')
          .type('application/json; charset=utf-8')
          .send(use.answer.body);
        return reply;
      }
      if (Date.now() > deadline) throw commonFailure(ErrorCode.keyReused, 409);
      // Still running (or just released): wait, then look again.
      if (use) await sleep(POLL_MS);
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    if (reply.statusCode >= 500 || typeof payload !== 'string') await releaseKey(ctx.db, claim.userId, claim.key);
    else if (reply.statusCode < 300 && request.routeOptions.config.answerHoldsSecret)
      await storeAnswer(ctx.db, claim.userId, claim.key, SECRET_SHOWN_ONCE.status, SECRET_SHOWN_ONCE.body);
    else await storeAnswer(ctx.db, claim.userId, claim.key, reply.statusCode, payload);
    return payload;
  });
}
