/** One write in the outbox, as stored. */
export interface OutboxItem {
  /** Its place in the order the writes were made (IndexedDB key). */
  seq: number;
  /** The Idempotency-Key it was first sent with: every later send uses it, so the server writes it once. */
  key: string;
  method: 'post' | 'put' | 'delete';
  url: string;
  data: unknown;
  /** When the user made it (ISO 8601): sent as the Made-At header, the time the server records for a tracking step. */
  madeAt: string;
  /**
   * queued: waiting to be sent; sending: a tab is sending it now (a tab that closed mid-send
   * leaves it so, and the next sender takes it as queued); sent: the server accepted it;
   * refused: the server said no, with its reason, and the user decides (retry or discard).
   */
  state: 'queued' | 'sending' | 'sent' | 'refused';
  /** The refusal: the API error's code and field codes (shown in the user's language). */
  refusal?: { code: string; fields: Record<string, number[]> };
  /** When it was sent (state sent). */
  sentAt?: string;
}

/** What the client hands the outbox: a write that got no answer. */
export type QueuedWrite = Pick<OutboxItem, 'key' | 'method' | 'url' | 'data' | 'madeAt'>;
