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
  /**
   * The refusal: the API error's code and field codes (shown in the user's language), and what
   * the server said beyond some codes (`reasons`, e.g. 'recycled') by the same names: a list's
   * refusal names each refused barcode by its place in the list (`barcodeIds.3`); `hold`, the
   * recall a refused package is on hold for, so the refusal names it as an online one does.
   * Refusals stored before `hold` was kept have none, and are said without it.
   */
  refusal?: OutboxRefusal;
  /** When it was sent (state sent). */
  sentAt?: string;
  /**
   * The project configuration's revision the write was made with (sent as Config-Revision, so
   * the server checks it against that revision). Absent in writes queued before it existed: 1.
   */
  configRevision?: number;
  /**
   * A multipart upload (POST /barcode/file): its form's entries, the file itself included (a
   * Blob, kept in IndexedDB with the write).
   */
  form?: FormEntry[];
  /**
   * An upload's stand-in: what the form got as the file's URL while the upload waited (a blob:
   * URL of the file). The writes after it that name it are sent with the stored file's URL.
   */
  ref?: string;
  /** A sent upload's answer: the stored file's URL, which replaces `ref` in the writes after it. */
  answer?: string;
  /**
   * A sent write's answer when it is more than a yes (a list's: how many barcodes moved with
   * them), for the screen that queued it to say what happened when it landed.
   */
  result?: unknown;
  /**
   * The id of the user who made it: sent only while that user is logged in, shown to no one
   * else (outbox-items.ts `ownedBy`). Absent in writes queued before it existed.
   */
  owner?: string;
}

/** A refused write's reason, as stored with it (see OutboxItem.refusal). */
export interface OutboxRefusal {
  code: string;
  fields: Record<string, number[]>;
  reasons?: Record<string, string>;
  hold?: { reference: string };
}

/** One entry of a multipart form: a text field, or a file with its name. */
export interface FormEntry {
  name: string;
  value: string | Blob;
  fileName?: string;
}

/** What the client hands the outbox: a write that got no answer. */
export type QueuedWrite = Pick<
  OutboxItem,
  'key' | 'method' | 'url' | 'data' | 'madeAt' | 'configRevision' | 'form' | 'ref'
>;
