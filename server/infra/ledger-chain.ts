import { createHash } from 'node:crypto';

/*
 * The ledger's hashing: RFC 8785 canonical JSON and SHA-256 over history entries and over the
 * project's log rows. Infrastructure because it hashes; the repositories chain entries with it, the
 * services verify with it, and scripts/ledger-verify.ts lets a third party check an exported log
 * with the same code.
 */

/**
 * RFC 8785 JSON Canonicalization Scheme: object members sorted by their names' UTF-16 code
 * units (JavaScript's own string order), no whitespace, numbers and strings as ECMAScript's
 * JSON.stringify writes them (which is what RFC 8785 prescribes). `undefined` members are left
 * out as JSON.stringify leaves them out; a non-finite number has no JSON form and throws.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError('canonicalJson: a non-finite number has no JSON form');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  if (typeof value === 'object') {
    const members = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${members.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new TypeError(`canonicalJson: ${typeof value} has no JSON form`);
}

/** SHA-256 of the text's UTF-8 bytes, as 64 lowercase hex digits. */
export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * One history entry as the ledger hashes it. `createdAt` is the stored instant in UTC with
 * microseconds (`2026-01-02T03:04:05.123456Z`), as PostgreSQL keeps it; `data` is the stored JSON.
 */
export interface LedgerEntry {
  barcodeId: string;
  seq: number;
  action: string;
  trackPointKey: string | null;
  data: unknown;
  userId: string | null;
  createdAt: string;
}

/**
 * The hash of a history entry: SHA-256 over the RFC 8785 canonical JSON of the entry's content
 * (every LedgerEntry member) plus `previousHash`, the hash of the barcode's previous entry
 * (null for its first). Changing any stored column of any earlier entry changes every later hash.
 */
export const entryHash = (entry: LedgerEntry, previousHash: string | null): string =>
  sha256Hex(canonicalJson({ ...entry, previousHash }));

/** Where a barcode's chain stands up to an index: intact, or the first index whose entry does not match. */
export interface ChainVerdict {
  /** Entries checked (1..index). */
  checked: number;
  /** The first history index that is missing or whose stored hash is not the recomputed one; null when intact. */
  brokenIndex: number | null;
  /** The hash of the last entry checked, when intact (the chain head a seal registers). */
  headHash: string | null;
}

/**
 * Recomputes the chain of `entries` (the barcode's history in seq order, each with its stored
 * hash) up to `index` and answers the first index where it breaks: an entry missing (seq not
 * 1, 2, 3...), a stored hash that differs from the recomputed one, or an entry never hashed.
 */
export function verifyChain(
  entries: readonly (LedgerEntry & { storedHash: string | null })[],
  index: number,
): ChainVerdict {
  let previous: string | null = null;
  for (let i = 1; i <= index; i += 1) {
    const entry = entries[i - 1];
    if (!entry || entry.seq !== i) return { checked: i, brokenIndex: i, headHash: null };
    const { storedHash, ...content } = entry;
    const hash = entryHash(content, previous);
    if (storedHash !== hash) return { checked: i, brokenIndex: i, headHash: null };
    previous = hash;
  }
  return { checked: index, brokenIndex: null, headHash: previous };
}

/** One row of the project's append-only log: a seal of one barcode's chain up to `seq`. */
export interface LogRecord {
  projectId: string;
  position: number;
  barcodeId: string;
  seq: number;
  entryHash: string;
  /** The log hash of the project's previous row (null for position 1). */
  previousHash: string | null;
  createdAt: string;
}

/** A log row's own hash: SHA-256 over the RFC 8785 canonical JSON of every LogRecord member. */
export const logHash = (record: LogRecord): string => sha256Hex(canonicalJson(record));

/** A log as GET /barcode/ledger/log exports it: every row with its hash, in position order. */
export interface ExportedLog {
  projectId: string;
  entries: readonly (LogRecord & { logHash: string })[];
}

/**
 * Checks an exported log as a third party would (scripts/ledger-verify.ts): positions 1, 2, 3...
 * of one project, each row's hash recomputed, each row naming its predecessor's hash. Answers
 * the first position that fails, or null when the whole log holds.
 */
export function firstBrokenLogPosition(log: ExportedLog): number | null {
  let previous: string | null = null;
  for (const [i, row] of log.entries.entries()) {
    const { logHash: stored, ...record } = row;
    if (
      record.position !== i + 1 ||
      record.projectId !== log.projectId ||
      record.previousHash !== previous ||
      logHash(record) !== stored
    )
      return i + 1;
    previous = stored;
  }
  return null;
}

/** An EPCIS eventID, `ni:///sha-256;…` (RFC 6920, as EPCIS 2.0 allows) over the entry's barcode, index and part: the same at every export. */
export const epcisEventId = (barcodeId: string, seq: number, part = 0): string =>
  `ni:///sha-256;${sha256Hex(canonicalJson({ barcodeId, seq, part }))}?ver=CBV2.0`;
