import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { findBarcodeByExternalId } from '@/shared/api/barcode';
import { ApiError } from '@/shared/api/errors';
import { useCurrentProject } from '@/shared/project/use-project';
import {
  bulkListReducer,
  emptyBulkList,
  entriesToCheck,
  isNoAnswer,
  shownCode,
  summarise,
  type BulkListState,
  type CheckedEntry,
} from './bulk-list';
import { LISTED_ID_MAX, newEntries, type ScanEntry } from './scan-list';
import { useKeptList, type KeptListPlace } from './use-kept-list';

/** The dry run's verdict on one listed id (`code` null: ready), in the order the ids were sent. */
export interface BulkVerdict {
  code: number | null;
  /** Said beyond the code (VerdictReason): shown instead of it. */
  reason?: string;
  barcodeType?: string | null;
  externalId?: string | null;
}

/** A dry run of some listed ids: one verdict per id, in order. */
export type BulkCheck = (ids: string[]) => Promise<BulkVerdict[]>;

/** Ids per dry-run request (each request is one small body; 1,000 pasted ids are ten of them). */
export const CHECK_BATCH = 100;

/**
 * External-id lookups in flight at once: a pasted column of 1,000 codes is looked up a few at a
 * time, not 1,000 requests queued in the browser at once (their timeouts would run while they wait).
 */
export const LOOKUP_CONCURRENCY = 4;

/** The code a whole failed check gives each of its entries: the catalogue code, or 'network' / 'timeout'. */
const failureCode = (error: unknown): number | string => {
  if (!(error instanceof ApiError)) return 'unknown';
  return /^\d+$/.test(error.code) ? Number(error.code) : error.code;
};

/**
 * A bulk screen's list: `add` scanned or typed texts; codes that are not barcode ids are looked up
 * as the project's external ids (sent as they are when no barcode has one); entries with an id
 * are checked by `check` (stable: wrap it in useCallback; null: not yet, e.g. no location
 * chosen) in batches of CHECK_BATCH, one request at a time, as they arrive. `initial`: texts
 * listed from the start (the barcode the screen was opened from). A check or lookup that got no
 * answer leaves its entries 'unchecked' until the network returns, when they are checked again
 * by themselves; any other failed check marks its entries refused with the failure, and
 * `recheck` asks again. `keep`: where the list is kept on the phone (useKeptList) and restored.
 */
export function useBulkList(
  check: BulkCheck | null,
  initial: readonly string[] = [],
  keep: KeptListPlace | null = null,
) {
  const projectCode = useCurrentProject().code;
  const [state, dispatch] = useReducer(bulkListReducer, initial, (texts) =>
    bulkListReducer(emptyBulkList, { type: 'added', entries: newEntries(texts) }),
  );
  const inFlight = useRef(new Set<number>());
  const lookups = useRef(new Set<number>());
  // Sent (or queued): the kept copy is forgotten until a new list is started.
  const [sent, setSent] = useState(false);
  const restore = useCallback((entries: ScanEntry[]) => dispatch({ type: 'restored', entries }), []);
  const kept = useKeptList(keep, state.entries, restore, !sent);

  // Lookups that failed for want of a network are made again when the entries are checked again.
  const entriesNow = useRef(state.entries);
  useEffect(() => {
    entriesNow.current = state.entries;
  }, [state.entries]);
  const forgetFailedLookups = useCallback(() => {
    for (const entry of entriesNow.current) if (entry.id === null) lookups.current.delete(entry.key);
  }, []);
  // A list sent (or waiting in the outbox) is not checked again: the server's answer says what it took.
  const sentNow = useRef(sent);
  useEffect(() => {
    sentNow.current = sent;
  }, [sent]);
  useEffect(() => {
    const online = () => {
      if (sentNow.current) return;
      forgetFailedLookups();
      dispatch({ type: 'reconnected' });
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [forgetFailedLookups]);
  // A check finished: look for the next batch even if the answer changed nothing (all removed meanwhile).
  const [settled, setSettled] = useState(0);

  const lookingUp = useRef(0);
  useEffect(() => {
    for (const entry of state.entries) {
      if (lookingUp.current >= LOOKUP_CONCURRENCY) break;
      if (entry.id !== null || entry.verdict.state === 'unchecked' || lookups.current.has(entry.key)) continue;
      lookups.current.add(entry.key);
      lookingUp.current += 1;
      const asItIs = entry.reference.slice(0, LISTED_ID_MAX);
      findBarcodeByExternalId(projectCode, entry.reference)
        .then(
          (found) => found?.id ?? asItIs,
          // No answer: whether the code is some barcode's external id is not known yet.
          (error: unknown) => (isNoAnswer(failureCode(error)) ? null : asItIs),
        )
        .then((id) => {
          lookingUp.current -= 1;
          // The entry is resolved (or known unchecked): the state changes and this effect starts the next lookup.
          if (id === null) dispatch({ type: 'checked', results: [{ key: entry.key, code: 'network' }] });
          else dispatch({ type: 'resolved', key: entry.key, id });
        });
    }
  }, [state.entries, projectCode]);

  useEffect(() => {
    if (!check || inFlight.current.size > 0) return;
    const batch = entriesToCheck(state, inFlight.current, CHECK_BATCH);
    if (batch.length === 0) return;
    for (const entry of batch) inFlight.current.add(entry.key);
    check(batch.map((e) => e.id ?? e.reference))
      .then(
        (answers) =>
          dispatch({
            type: 'checked',
            // An answer shorter than the batch (not the contract) leaves no entry ready by mistake.
            results: batch.map((e, i) => {
              const answer = answers[i];
              return answer
                ? {
                    key: e.key,
                    code: shownCode(answer),
                    barcodeType: answer.barcodeType,
                    externalId: answer.externalId,
                  }
                : { key: e.key, code: 'unknown' };
            }),
          }),
        (error: unknown) =>
          dispatch({ type: 'checked', results: batch.map((e) => ({ key: e.key, code: failureCode(error) })) }),
      )
      .finally(() => {
        inFlight.current.clear();
        setSettled((n) => n + 1);
      });
  }, [state, check, settled]);

  // The user changed the list (beyond `initial`): leaving would lose it.
  const [changed, setChanged] = useState(false);
  const add = useCallback((texts: string[]) => {
    setChanged(true);
    dispatch({ type: 'added', entries: newEntries(texts) });
  }, []);
  return {
    state: state as BulkListState,
    summary: summarise(state),
    changed,
    /** How many entries came back from the phone's copy when the screen opened. */
    restoredCount: kept.restoredCount,
    /** The list was sent (or queued): forget the phone's copy. */
    markSent: useCallback(() => setSent(true), []),
    add,
    remove: useCallback((key: number) => {
      setChanged(true);
      dispatch({ type: 'removed', key });
    }, []),
    removeNotReady: useCallback(() => {
      setChanged(true);
      dispatch({ type: 'removedNotReady' });
    }, []),
    /** The real request refused entries (see refusalsOf). */
    refuse: useCallback((results: CheckedEntry[]) => dispatch({ type: 'refused', results }), []),
    /** The list waited in the outbox and was answered: every entry's outcome (see outcomesOf). */
    settle: useCallback((results: CheckedEntry[]) => dispatch({ type: 'settled', results }), []),
    /** The list waited in the outbox and was refused: it is the user's to change and send again, kept on the phone again. */
    reopen: useCallback(() => setSent(false), []),
    recheck: useCallback(() => {
      forgetFailedLookups();
      dispatch({ type: 'recheck' });
    }, [forgetFailedLookups]),
    /** Starts over: an empty list (kept as such). */
    clear: useCallback(() => {
      setSent(false);
      dispatch({ type: 'cleared' });
    }, []),
  };
}
