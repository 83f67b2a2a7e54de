import type { ServerContext } from '../context';
import { readOutbox, type OutboxMessage } from '../infra/outbox';

/** GET /dev/outbox: the latest "sent" messages, newest first (tests and the demo read one-time codes there). */
export const latestOutbox = (ctx: ServerContext): Promise<OutboxMessage[]> => readOutbox(ctx.db);
