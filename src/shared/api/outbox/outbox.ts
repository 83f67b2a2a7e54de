/**
 * The outbox: the writes made while the server could not be reached, kept in IndexedDB
 * (outbox-db.ts) and sent in the order made, each with its own Idempotency-Key, so the server
 * writes each exactly once however often it is sent.
 *
 * Sending starts by itself: when the app starts, on the browser's `online` event, after a write
 * is queued, and on a timer whose delay doubles after every failed attempt (FIRST_DELAY_MS up
 * to MAX_DELAY_MS). One tab sends at a time (a Web Lock): the other tabs skip, and see the
 * result through a BroadcastChannel. A write the network or the server's failure (5xx, 429, a
 * lost session) stops is tried again later, and the writes after it wait behind it; a write the
 * server refuses (any other 4xx) is kept with its reason for the user to retry or discard, and
 * the writes after it go on. Nothing leaves the outbox without the user but writes the server
 * accepted, a day after they were sent.
 *
 * Each write names the user who made it (outbox-items.ts `outboxOwner`): only that user's
 * writes are sent and shown. A user who logs out keeps theirs for when they log in again (or
 * discards them, asked at logout): the next user of a shared phone never sends or sees them.
 */
import type { ApiError } from '../errors';
import { outboxItems, outboxOwner, ownedBy } from './outbox-items';
import { addItem, allItems, deleteItem, putItem, updateItem } from './outbox-db';
import type { OutboxItem, OutboxRefusal, QueuedWrite } from './outbox-item';
import { refsOf, resolveRefs } from './outbox-refs';

export type { OutboxItem, QueuedWrite } from './outbox-item';

/** The first retry delay after a failed attempt; it doubles with each failure, up to MAX_DELAY_MS. */
export const FIRST_DELAY_MS = 2_000;
/** The longest wait between two attempts: a phone back in coverage is not left waiting long. */
export const MAX_DELAY_MS = 5 * 60_000;
/** Sent writes stay listed this long, then go. */
const SENT_KEPT_MS = 24 * 60 * 60_000;
const LOCK_NAME = 'sb-outbox-send';
const CHANNEL_NAME = 'sb-outbox';

export interface OutboxOptions {
  /**
   * Sends one write with its key and time (its files' stand-ins already replaced); resolves on a
   * 2xx answer with what it answered (an upload: the stored file's URL), rejects with the
   * ApiError otherwise.
   */
  send(item: OutboxItem): Promise<unknown>;
  /** After a send round that delivered something: the cached reads are stale. */
  onDelivered(): void;
}

/**
 * What is kept of a refusal with the refused write: its codes, the server's reasons, and the
 * recall a held package is on hold for, everything the refusal's message says.
 */
export function refusalOf(error: ApiError): OutboxRefusal {
  const { code, fields, reasons, hold } = error;
  return {
    code,
    fields,
    ...(reasons && Object.keys(reasons).length > 0 ? { reasons: { ...reasons } } : {}),
    ...(hold ? { hold: { reference: hold.reference } } : {}),
  };
}

/**
 * A failure that says nothing about the write itself: try it again later. (Read by its status,
 * not `instanceof ApiError`: the outbox's chunk then shares no code with the first load's.)
 */
export const isTransient = (error: unknown): boolean => {
  const { status, code } = (error as Partial<ApiError> | null) ?? {};
  // 409 with ErrorCode.keyReused: the first send with this key is still running on the server (a
  // long bulk list that outlived the client's timeout); its answer is what the next try gets.
  return (
    typeof status !== 'number' ||
    status === 0 ||
    status >= 500 ||
    status === 429 ||
    status === 401 ||
    (status === 409 && code === '3015')
  );
};

/** Delay before attempt number `failures + 1`. */
export const backoffDelay = (failures: number): number =>
  Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, failures - 1));

export function createOutbox(options: OutboxOptions) {
  const items = outboxItems;
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let started = false;

  const refresh = async () => {
    const owner = outboxOwner.get();
    items.set((await allItems()).filter((item) => ownedBy(item, owner)));
  };
  const changed = async () => {
    await refresh();
    channel?.postMessage('changed');
  };

  const schedule = (delayMs: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), delayMs);
  };

  /** One send round: every queued write in order, until one cannot reach the server. */
  async function sendAll(): Promise<void> {
    let delivered = false;
    let stopped = false;
    const owner = outboxOwner.get();
    const all = (await allItems()).filter((item) => ownedBy(item, owner));
    // The uploads' stand-ins: a write naming a file is sent with the URL its upload got.
    const refs = refsOf(all);
    for (const stored of all) {
      // The user logged out meanwhile: the rest waits for them.
      if (outboxOwner.get() !== owner) break;
      if (stored.state === 'sent') {
        if (Date.now() - Date.parse(stored.sentAt ?? '') > SENT_KEPT_MS) await deleteItem(stored.seq);
        continue;
      }
      if (stored.state === 'refused') continue;
      // Read again as it is now: discarded meanwhile (this tab or another), it is not sent; and
      // every state change below is written only while the write is still stored.
      const item = await updateItem(stored.seq, (now) =>
        now.state === 'refused' ? now : { ...now, state: 'sending' },
      );
      if (!item || item.state !== 'sending') continue;
      await changed();
      try {
        const answer = await options.send({ ...item, data: resolveRefs(item.data, refs).data });
        const uploaded = item.ref && typeof answer === 'string' ? answer : undefined;
        if (item.ref && uploaded) refs.set(item.ref, { url: uploaded });
        await updateItem(item.seq, (now) => ({
          ...now,
          state: 'sent',
          sentAt: new Date().toISOString(),
          ...(uploaded ? { answer: uploaded } : {}),
          ...(typeof answer === 'object' && answer !== null ? { result: answer } : {}),
        }));
        delivered = true;
      } catch (error) {
        if (isTransient(error)) {
          await updateItem(item.seq, (now) => ({ ...now, state: 'queued' }));
          stopped = true;
        } else {
          const refusal = refusalOf(error as ApiError);
          await updateItem(item.seq, (now) => ({ ...now, state: 'refused', refusal }));
        }
      }
      await changed();
      if (stopped) break;
    }
    if (delivered) options.onDelivered();
    if (stopped) {
      failures += 1;
      schedule(backoffDelay(failures));
    } else {
      failures = 0;
    }
  }

  /** Sends what is queued now, unless another tab is sending (it then sends these too). */
  async function flush(): Promise<void> {
    clearTimeout(timer);
    if (typeof navigator !== 'undefined' && 'locks' in navigator) {
      await navigator.locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => {
        if (lock) await sendAll();
        // Another tab holds the lock: look again later in case it closes before it is done.
        else schedule(backoffDelay(Math.max(1, failures)));
      });
    } else {
      await sendAll();
    }
  }

  return {
    /** Stores a write that got no answer; it is sent with the next round (after the current backoff). */
    async enqueue(write: QueuedWrite): Promise<void> {
      const owner = outboxOwner.get();
      await addItem({ ...write, state: 'queued', ...(owner === null ? {} : { owner }) });
      await changed();
      failures = Math.max(failures, 1);
      schedule(backoffDelay(failures));
    },
    flush,
    /** `data` with the stand-ins of sent uploads replaced; `waiting` when it names an upload still queued. */
    resolveRefs: (data: unknown) => resolveRefs(data, refsOf(items.get())),
    /**
     * A refused write, sent again (e.g. after the user fixed what the refusal named), with a new
     * Idempotency-Key: the server keeps a refusal under the old key and would answer it again. A
     * refusal wrote nothing, so the new key cannot write twice.
     */
    async retry(seq: number): Promise<void> {
      const item = (await allItems()).find((i) => i.seq === seq);
      if (!item) return;
      // (The same kind of key as client.ts newIdempotencyKey: getRandomValues also works on plain HTTP.)
      await putItem({
        ...item,
        key: crypto.getRandomValues(new Uint32Array(4)).join('-'),
        state: 'queued',
        refusal: undefined,
      });
      await changed();
      await flush();
    },
    /** Removes a write the user gave up (the screen asks first). */
    async discard(seq: number): Promise<void> {
      await deleteItem(seq);
      await changed();
    },
    /** Removes every write of the current user that is not sent yet (a logout that gives them up; asked first). */
    async discardWaiting(): Promise<void> {
      const owner = outboxOwner.get();
      for (const item of await allItems()) {
        if (item.state !== 'sent' && ownedBy(item, owner)) await deleteItem(item.seq);
      }
      await changed();
    },
    /**
     * Starts sending by itself (once per page): now, on `online`, when other tabs change the
     * outbox, and when a user logs in (their kept writes go then).
     */
    start(): void {
      if (started || typeof indexedDB === 'undefined') return;
      started = true;
      window.addEventListener('online', () => void flush());
      let owner = outboxOwner.get();
      outboxOwner.subscribe(() => {
        if (outboxOwner.get() === owner) return;
        owner = outboxOwner.get();
        void refresh()
          .then(flush)
          .catch(() => undefined);
      });
      channel?.addEventListener('message', () => void refresh());
      void refresh()
        .then(flush)
        .catch(() => undefined);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
