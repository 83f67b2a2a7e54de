import type { Database, Queryable } from '../db/database';
import { newId } from './ids';

/**
 * Sends an SMS: the message is stored in the outbox, in the caller's transaction; a dispatcher
 * (startOutboxDispatcher, below) delivers it after the commit, through the SMS provider the
 * settings name or, without one, to the log (server/infra/delivery.ts).
 */
export async function sendSms(db: Queryable, destination: string, body: string): Promise<void> {
  await db.query("insert into outbox (id, channel, destination, body) values ($1, 'sms', $2, $3)", [
    newId(),
    destination,
    body,
  ]);
}

/** A message to send through the outbox. */
export type OutgoingMessage =
  | { channel: 'sms'; destination: string; body: string }
  | { channel: 'email'; destination: string; subject: string; body: string };

/** Sends several messages at once: one statement stores them all (route notifications); the dispatcher delivers them. */
export async function sendAll(db: Queryable, messages: readonly OutgoingMessage[]): Promise<void> {
  if (messages.length === 0) return;
  // One statement with five array parameters, whatever the number of messages (a bulk step sends
  // thousands; a VALUES list would hold five parameters per message).
  await db.query(
    'insert into outbox (id, channel, destination, subject, body) select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[])',
    [
      messages.map(() => newId()),
      messages.map((m) => m.channel),
      messages.map((m) => m.destination),
      messages.map((m) => (m.channel === 'email' ? m.subject : null)),
      messages.map((m) => m.body),
    ],
  );
}

export interface OutboxMessage {
  channel: string;
  destination: string;
  body: string;
  createdAt: string;
}

/** The latest messages, newest first (tests and the demo read one-time codes here). */
export async function readOutbox(db: Queryable, limit = 20): Promise<OutboxMessage[]> {
  const { rows } = await db.query<{ channel: string; destination: string; body: string; created_at: Date | string }>(
    'select channel, destination, body, created_at from outbox order by created_at desc limit $1',
    [limit],
  );
  return rows.map((r) => ({
    channel: r.channel,
    destination: r.destination,
    body: r.body,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** A stored message waiting for delivery. */
export interface PendingMessage {
  id: string;
  channel: 'sms' | 'email';
  destination: string;
  subject: string | null;
  body: string;
}

/**
 * Where messages go: SMTP, an SMS API or the log (server/infra/delivery.ts). Resolves to the
 * provider's id of the message when it has one; rejects with a DeliveryFailure (or any error,
 * taken as temporary) when the provider did not take it.
 */
export type OutboxTransport = (message: PendingMessage) => Promise<string | void>;

/**
 * A provider did not take a message. `permanent`: it never will (an SMTP 5xx, an SMS API's
 * "invalid number"), so the message is marked failed instead of retried. The message is what the
 * provider answered, kept in the outbox row: it must never hold credentials.
 */
export class DeliveryFailure extends Error {
  readonly permanent: boolean;
  constructor(message: string, options: { permanent: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = 'DeliveryFailure';
    this.permanent = options.permanent;
  }
}

/** How long a dispatcher holds the messages it took: longer than any gateway call; a dead process's claim expires. */
export const CLAIM_SECONDS = 60;
/** The longest wait between two attempts at a message the transport refused. */
export const MAX_RETRY_SECONDS = 3600;
/** The longest reason kept for a failed attempt (a provider may answer with a whole page). */
const MAX_ERROR_LENGTH = 500;

const reasonOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);

/**
 * Delivers up to `limit` undelivered messages, oldest first. They are claimed in one short
 * statement (`for update skip locked`, then `claimed_until` and this round's `claimed_by`:
 * another server process on the same PostgreSQL skips them), handed to the transport outside any
 * transaction (a slow gateway never holds a row lock or, on PGlite, the whole database), each
 * stamped sent with the provider's id as soon as the provider took it. Right before each provider
 * call the claim is renewed, only if this round still holds it: a batch that outlives its claim
 * never sends a message another round has taken over. A process that dies between the provider
 * and the stamp leaves its claim to expire: the message is delivered again by the next round (at
 * least once, never twice by two live processes; e-mails carry a Message-ID made from the
 * outbox id, so a receiver can tell the repeat). A message the transport refuses for a while
 * stays pending, its attempts and the reason counted, and waits 2^attempts seconds (at most an
 * hour); one refused for good (DeliveryFailure.permanent) is stamped failed. Resolves to the
 * number delivered.
 */
export async function deliverPending(db: Database, transport: OutboxTransport, limit = 50): Promise<number> {
  const round = newId();
  const { rows } = await db.query<PendingMessage & { created_at: Date | string }>(
    `update outbox set claimed_until = now() + make_interval(secs => $2), claimed_by = $3
      where id in (
        select id from outbox
         where sent_at is null and failed_at is null and (claimed_until is null or claimed_until < now())
           and (next_attempt_at is null or next_attempt_at <= now())
         order by created_at limit $1 for update skip locked)
      returning id, channel, destination, subject, body, created_at`,
    [limit, CLAIM_SECONDS, round],
  );
  const taken = rows.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
  let sent = 0;
  for (const { created_at: _createdAt, ...message } of taken) {
    const renewed = await db.query(
      `update outbox set claimed_until = now() + make_interval(secs => $3)
        where id = $1 and claimed_by = $2 and sent_at is null and failed_at is null returning id`,
      [message.id, round, CLAIM_SECONDS],
    );
    if (renewed.rows.length === 0) continue;
    let providerId: string | null = null;
    try {
      providerId = (await transport(message)) ?? null;
    } catch (error) {
      if (error instanceof DeliveryFailure && error.permanent)
        await db.query(
          `update outbox set attempts = attempts + 1, claimed_until = null, claimed_by = null, failed_at = now(), last_error = $2
            where id = $1`,
          [message.id, reasonOf(error)],
        );
      else
        await db.query(
          `update outbox set attempts = attempts + 1, claimed_until = null, claimed_by = null, last_error = $3,
                  next_attempt_at = now() + make_interval(secs => least(power(2, attempts + 1), $2))
            where id = $1`,
          [message.id, MAX_RETRY_SECONDS, reasonOf(error)],
        );
      continue;
    }
    await db.query(
      `update outbox set sent_at = now(), claimed_until = null, claimed_by = null, provider_message_id = $2
        where id = $1`,
      [message.id, providerId],
    );
    sent += 1;
  }
  return sent;
}

/** Messages not delivered yet and the age of the oldest, for the metrics. */
export async function outboxBacklog(db: Queryable): Promise<{ count: number; oldestSeconds: number }> {
  const { rows } = await db.query<{ count: number; oldest: number | null }>(
    'select count(*)::int as count, extract(epoch from now() - min(created_at))::float8 as oldest from outbox where sent_at is null and failed_at is null',
  );
  return { count: rows[0]?.count ?? 0, oldestSeconds: Math.max(0, rows[0]?.oldest ?? 0) };
}

export interface OutboxDispatcher {
  /** Delivers what is pending now (also after every write that sent a message, when a caller asks). */
  kick(): void;
  /** Stops the rounds: waits for the one in flight, runs a last one, then resolves. */
  stop(): Promise<void>;
}

/**
 * Delivers the outbox in rounds, every `intervalMs` and whenever kicked, one round at a time per
 * process. A round that fails (the database is away) is retried at the next tick.
 */
export function startOutboxDispatcher(
  db: Database,
  transport: OutboxTransport,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): OutboxDispatcher {
  let running: Promise<void> | null = null;
  let stopped = false;
  const round = (): Promise<void> => {
    running ??= (async () => {
      try {
        // Keep going while full batches come back: a backlog drains without waiting for ticks.
        while ((await deliverPending(db, transport)) === 50 && !stopped);
      } catch (error) {
        options.onError?.(error);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void round(), options.intervalMs ?? 500);
  timer.unref();
  return {
    kick: () => {
      if (!stopped) void round();
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
      await round();
    },
  };
}

/** A phone number or e-mail address as logged: enough to tell two apart, not to reach anyone. */
export function maskDestination(destination: string): string {
  const at = destination.indexOf('@');
  if (at > 0) return `${destination.slice(0, 1)}***${destination.slice(at)}`;
  return `***${destination.slice(-4)}`;
}
