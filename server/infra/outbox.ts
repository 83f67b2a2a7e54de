import type { Queryable } from '../db/database';
import { newId } from './ids';

/**
 * "Sends" an SMS: the message is stored in the outbox and logged. There is no external gateway;
 * a deployment that has one would drain this table.
 */
export async function sendSms(db: Queryable, destination: string, body: string): Promise<void> {
  await db.query("insert into outbox (id, channel, destination, body) values ($1, 'sms', $2, $3)", [newId(), destination, body]);
  console.info(`[outbox] sms to ${destination}: ${body}`);
}

/** "Sends" an e-mail the same way: stored in the outbox with its subject, and logged (subject only). */
export async function sendEmail(db: Queryable, destination: string, subject: string, body: string): Promise<void> {
  await db.query("insert into outbox (id, channel, destination, subject, body) values ($1, 'email', $2, $3, $4)", [newId(), destination, subject, body]);
  console.info(`[outbox] e-mail to ${destination}: ${subject}`);
}

/** A message to "send" through the outbox. */
export type OutgoingMessage =
  | { channel: 'sms'; destination: string; body: string }
  | { channel: 'email'; destination: string; subject: string; body: string };

/** "Sends" several messages at once: one statement stores them all (route notifications), each is logged as above. */
export async function sendAll(db: Queryable, messages: readonly OutgoingMessage[]): Promise<void> {
  if (messages.length === 0) return;
  // One statement with five array parameters, whatever the number of messages (a bulk step sends
  // thousands; a VALUES list would hold five parameters per message).
  await db.query(
    'insert into outbox (id, channel, destination, subject, body) select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[])',
    [messages.map(() => newId()), messages.map((m) => m.channel), messages.map((m) => m.destination), messages.map((m) => (m.channel === 'email' ? m.subject : null)), messages.map((m) => m.body)],
  );
  for (const m of messages) console.info(m.channel === 'email' ? `[outbox] e-mail to ${m.destination}: ${m.subject}` : `[outbox] sms to ${m.destination}: ${m.body}`);
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
  return rows.map((r) => ({ channel: r.channel, destination: r.destination, body: r.body, createdAt: new Date(r.created_at).toISOString() }));
}
