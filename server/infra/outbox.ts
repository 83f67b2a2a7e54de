import type { Database, Queryable } from '../db/database';
import { newId } from './ids';

/**
 * "Sends" an SMS: the message is stored in the outbox, in the caller's transaction; a dispatcher
 * (startOutboxDispatcher, below) delivers it after the commit. There is no external gateway: the
 * transport logs the delivery; a deployment that has one plugs it in as an OutboxTransport.
 */
export async function sendSms(db: Queryable, destination: string, body: string): Promise<void> {
  await db.query("insert into outbox (id, channel, destination, body) values ($1, 'sms', $2, $3)", [
    newId(),
    destination,
    body,
  ]);
}

/** A message to "send" through the outbox. */
export type OutgoingMessage =
  | { channel: 'sms'; destination: string; body: string }
  | { channel: 'email'; destination: string; subject: string; body: string };

/** "Sends" several messages at once: one statement stores them all (route notifications); the dispatcher delivers them. */
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

/** Where messages go: an SMS or e-mail gateway in a deployment that has one; the log here. */
export type OutboxTransport = (message: PendingMessage) => Promise<void>;

/** How long a dispatcher holds the messages it took: longer than any gateway call; a dead process's claim expires. */
export const CLAIM_SECONDS = 60;
/** The longest wait between two attempts at a message the transport refused. */
export const MAX_RETRY_SECONDS = 3600;

/**
 * Delivers up to `limit` undelivered messages, oldest first. They are claimed in one short
 * statement (`for update skip locked`, then `claimed_until`: another server process on the same
 * PostgreSQL skips them), handed to the transport outside any transaction (a slow gateway never
 * holds a row lock or, on PGlite, the whole database), then stamped sent. A process that dies
 * between the transport and the stamp leaves its claim to expire: the message is delivered again
 * by the next round (at least once, never twice by two live processes). A message the transport
 * refuses stays pending, its attempts counted, and waits 2^attempts seconds (at most an hour)
 * before the next. Resolves to the number delivered.
 */
export async function deliverPending(db: Database, transport: OutboxTransport, limit = 50): Promise<number> {
  const { rows } = await db.query<PendingMessage & { created_at: Date | string }>(
    `update outbox set claimed_until = now() + make_interval(secs => $2)
      where id in (
        select id from outbox
         where sent_at is null and (claimed_until is null or claimed_until < now()) and (next_attempt_at is null or next_attempt_at <= now())
         order by created_at limit $1 for update skip locked)
      returning id, channel, destination, subject, body, created_at`,
    [limit, CLAIM_SECONDS],
  );
  const taken = rows.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
  const sent: string[] = [];
  const failed: string[] = [];
  for (const { created_at: _createdAt, ...message } of taken) {
    try {
      await transport(message);
      sent.push(message.id);
    } catch {
      failed.push(message.id);
    }
  }
  if (sent.length)
    await db.query('update outbox set sent_at = now(), claimed_until = null where id = any($1::uuid[])', [sent]);
  if (failed.length) {
    await db.query(
      `update outbox set attempts = attempts + 1, claimed_until = null,
              next_attempt_at = now() + make_interval(secs => least(power(2, attempts + 1), $2))
        where id = any($1::uuid[])`,
      [failed, MAX_RETRY_SECONDS],
    );
  }
  return sent.length;
}

/** Messages not delivered yet and the age of the oldest, for the metrics. */
export async function outboxBacklog(db: Queryable): Promise<{ count: number; oldestSeconds: number }> {
  const { rows } = await db.query<{ count: number; oldest: number | null }>(
    'select count(*)::int as count, extract(epoch from now() - min(created_at))::float8 as oldest from outbox where sent_at is null',
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
