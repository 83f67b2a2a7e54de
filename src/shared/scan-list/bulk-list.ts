import type { ErrorCode } from '@schemas/error-codes';
import type { ScanEntry } from './scan-list';

/**
 * The list model of the bulk screens (bulk tracking, skip-tracking, recycle, stock in / out): a
 * list that stays open while barcodes arrive, each entry checked by the server's dry run as it
 * arrives, in batches (a pasted list of 1,000 is ten requests, not a request per barcode and not
 * the whole list again on every scan). Pure: the screen's hook sends the dry runs and feeds the
 * answers back as actions.
 */

/**
 * An entry's verdict: waiting for its check, fine, the catalogue code (or 'unknown') that refuses
 * it, or not checked yet because the server could not be reached ('unchecked': no word on the
 * barcode itself, so it is neither bad nor removable with the bad ones; checked again when the
 * network returns).
 */
export type EntryVerdict =
  { state: 'pending' } | { state: 'ready' } | { state: 'refused'; code: number | string } | { state: 'unchecked' };

export interface BulkEntry extends ScanEntry {
  verdict: EntryVerdict;
  /** What the dry run told about the barcode (its type's icon and name, the label people read). */
  barcodeType?: string | null;
  externalId?: string | null;
}

export interface BulkListState {
  entries: BulkEntry[];
}

/** The dry run's word on one entry: `code` null means ready. */
export interface CheckedEntry {
  key: number;
  code: number | string | null;
  barcodeType?: string | null;
  externalId?: string | null;
}

export type BulkListAction =
  | { type: 'added'; entries: ScanEntry[] }
  /** A code was looked up as an external id: the id to send (the barcode's, or the code itself). */
  | { type: 'resolved'; key: number; id: string }
  | { type: 'checked'; results: CheckedEntry[] }
  /** The real request refused these entries (all or nothing: nothing was written): their verdicts whatever they were. */
  | { type: 'refused'; results: CheckedEntry[] }
  /**
   * The server's answer to the list itself, sent later from the outbox: every entry's verdict,
   * whatever it was (one not named was taken, or would have been: the server checked it).
   */
  | { type: 'settled'; results: CheckedEntry[] }
  /** Every entry refused (or failed to check) goes. */
  | { type: 'removed'; key: number }
  | { type: 'removedNotReady' }
  /** Entries checked against another state (after a submit refused some, or a failed check): checked again. */
  | { type: 'recheck' }
  | { type: 'cleared' }
  /** A list kept on the phone is back: it comes first, then whatever was scanned meanwhile that it does not hold. */
  | { type: 'restored'; entries: ScanEntry[] }
  /** The network is back: entries that could not be checked are checked now. */
  | { type: 'reconnected' };

/**
 * What a dry run's verdict is shown by: the server's reason where it gives one (a recycled barcode
 * is 'recycled', the message `errors.recycled`, not the catalogue's 'not activated yet'), else its
 * code (null: ready).
 */
export const shownCode = (verdict: { code: number | null; reason?: string }): number | string | null =>
  verdict.reason ?? verdict.code;

/** Failures that say nothing about the barcode: the check did not reach the server, or no answer came. */
export const isNoAnswer = (code: number | string | null): boolean => code === 'network' || code === 'timeout';

export const emptyBulkList: BulkListState = { entries: [] };

/** 'Already in the list': the catalogue's duplicate scan (typed against it, so the bundle carries no catalogue). */
const DUPLICATE_SCAN: (typeof ErrorCode)['duplicateScan'] = 3017;

const PENDING: EntryVerdict = { state: 'pending' };
const DUPLICATE: EntryVerdict = { state: 'refused', code: DUPLICATE_SCAN };

/** What an entry names for the duplicate rule: its id once known, else what was scanned. */
const identity = (entry: ScanEntry) => entry.id ?? entry.reference;

const isDuplicateVerdict = (verdict: EntryVerdict) => verdict.state === 'refused' && verdict.code === DUPLICATE_SCAN;

/**
 * Marks every entry that names what an earlier entry names as 'already in the list'
 * (ErrorCode.duplicateScan), and gives an entry that was a duplicate but no longer is (the
 * earlier one was removed) a new check.
 */
function judgeDuplicates(entries: BulkEntry[]): BulkEntry[] {
  const seen = new Set<string>();
  return entries.map((entry) => {
    const name = identity(entry);
    const duplicate = seen.has(name);
    seen.add(name);
    if (duplicate) return isDuplicateVerdict(entry.verdict) ? entry : { ...entry, verdict: DUPLICATE };
    return isDuplicateVerdict(entry.verdict) ? { ...entry, verdict: PENDING } : entry;
  });
}

export function bulkListReducer(state: BulkListState, action: BulkListAction): BulkListState {
  switch (action.type) {
    case 'added':
      if (action.entries.length === 0) return state;
      return {
        entries: judgeDuplicates([...state.entries, ...action.entries.map((e) => ({ ...e, verdict: PENDING }))]),
      };
    case 'resolved':
      return {
        entries: judgeDuplicates(state.entries.map((e) => (e.key === action.key ? { ...e, id: action.id } : e))),
      };
    case 'checked': {
      const results = new Map(action.results.map((r) => [r.key, r]));
      return {
        entries: state.entries.map((entry) => {
          const result = results.get(entry.key);
          // A duplicate found meanwhile keeps its verdict: the server judged it alone.
          if (!result || entry.verdict.state !== 'pending') return entry;
          return {
            ...entry,
            verdict:
              result.code === null
                ? { state: 'ready' }
                : isNoAnswer(result.code)
                  ? { state: 'unchecked' }
                  : { state: 'refused', code: result.code },
            barcodeType: result.barcodeType ?? entry.barcodeType,
            externalId: result.externalId ?? entry.externalId,
          };
        }),
      };
    }
    case 'refused': {
      const results = new Map(action.results.map((r) => [r.key, r]));
      return {
        entries: state.entries.map((entry) => {
          const code = results.get(entry.key)?.code;
          return code === undefined || code === null ? entry : { ...entry, verdict: { state: 'refused', code } };
        }),
      };
    }
    case 'settled': {
      const codes = new Map(action.results.map((r) => [r.key, r.code]));
      return {
        entries: state.entries.map((entry) => {
          const code = codes.get(entry.key) ?? null;
          return { ...entry, verdict: code === null ? { state: 'ready' } : { state: 'refused', code } };
        }),
      };
    }
    case 'removed':
      return { entries: judgeDuplicates(state.entries.filter((e) => e.key !== action.key)) };
    case 'removedNotReady':
      return { entries: state.entries.filter((e) => e.verdict.state !== 'refused') };
    case 'recheck':
      return {
        entries: judgeDuplicates(
          state.entries.map((e) => (isDuplicateVerdict(e.verdict) ? e : { ...e, verdict: PENDING })),
        ),
      };
    case 'cleared':
      return emptyBulkList;
    case 'restored': {
      if (action.entries.length === 0) return state;
      const kept = new Set(action.entries.map((e) => e.reference));
      const meanwhile = state.entries.filter((e) => !kept.has(e.reference));
      return {
        entries: judgeDuplicates([...action.entries.map((e) => ({ ...e, verdict: PENDING })), ...meanwhile]),
      };
    }
    case 'reconnected':
      if (!state.entries.some((e) => e.verdict.state === 'unchecked')) return state;
      return { entries: state.entries.map((e) => (e.verdict.state === 'unchecked' ? { ...e, verdict: PENDING } : e)) };
  }
}

/**
 * Entries the dry run should see next: their id is known and they wait for a verdict, at most
 * `max` of them, oldest first, leaving out those whose check is already under way.
 */
export function entriesToCheck(state: BulkListState, inFlight: ReadonlySet<number>, max: number): BulkEntry[] {
  const batch: BulkEntry[] = [];
  for (const entry of state.entries) {
    if (batch.length >= max) break;
    if (entry.verdict.state === 'pending' && entry.id !== null && !inFlight.has(entry.key)) batch.push(entry);
  }
  return batch;
}

export interface BulkListSummary {
  total: number;
  ready: number;
  refused: number;
  pending: number;
  /** Not checked for want of a network (see EntryVerdict). */
  unchecked: number;
  /** Submit may go: something listed and every entry ready. */
  canSubmit: boolean;
  /**
   * Submit may go to the outbox: nothing refused or waiting, some entries not checked for want of
   * a network. The server checks every barcode when the write lands (all or nothing), as it checks
   * a single tracking step sent later.
   */
  canQueue: boolean;
}

export function summarise(state: BulkListState): BulkListSummary {
  let ready = 0;
  let refused = 0;
  let unchecked = 0;
  for (const entry of state.entries) {
    if (entry.verdict.state === 'ready') ready += 1;
    else if (entry.verdict.state === 'refused') refused += 1;
    else if (entry.verdict.state === 'unchecked') unchecked += 1;
  }
  const total = state.entries.length;
  return {
    total,
    ready,
    refused,
    unchecked,
    pending: total - ready - refused - unchecked,
    canSubmit: total > 0 && ready === total,
    canQueue: unchecked > 0 && ready + unchecked === total,
  };
}

/** The ids Submit sends, in list order (only meaningful when `canSubmit`). */
export const listedIds = (state: BulkListState): string[] => state.entries.map((e) => e.id ?? e.reference);

/**
 * The entries a refused bulk request names: the server answers each refused barcode's codes under
 * `barcodeIds.<index>` (the index in the list sent, which is the list's order), and where a code
 * alone would mislead, its reason under the same name (a recycled barcode: 'recycled', shown as
 * the dry run's verdict shows it, see shownCode).
 */
export function refusalsOf(
  state: BulkListState,
  fields: Readonly<Record<string, readonly number[]>>,
  reasons: Readonly<Record<string, string>> = {},
): CheckedEntry[] {
  return Object.entries(fields).flatMap(([field, codes]) => {
    const match = /^barcodeIds\.(\d+)$/.exec(field);
    const entry = match ? state.entries[Number(match[1])] : undefined;
    return entry && codes[0] !== undefined
      ? [{ key: entry.key, code: shownCode({ code: codes[0], reason: reasons[field] }) }]
      : [];
  });
}

/**
 * Every entry's outcome once the outbox sent the list: a list the server took, every entry taken;
 * a refused one (nothing written), the entries it names with their reasons, the others ready.
 */
export function outcomesOf(
  state: BulkListState,
  refusal?: { fields: Readonly<Record<string, readonly number[]>>; reasons?: Readonly<Record<string, string>> },
): CheckedEntry[] {
  const refused = new Map(
    refusal ? refusalsOf(state, refusal.fields, refusal.reasons).map((r) => [r.key, r.code]) : [],
  );
  return state.entries.map((entry) => ({ key: entry.key, code: refused.get(entry.key) ?? null }));
}
