import { useCallback, useEffect, useState } from 'react';
import { readSession, removeSession, writeSession } from '../storage/storage';

export interface StepDraftOptions<D> {
  /**
   * Keep the draft in sessionStorage under this key (default: in memory only), so a reload, a
   * slip of the thumb or the camera app taking over the phone loses nothing; a logout clears it
   * with the rest of the tab's data.
   */
  storageKey?: string;
  /** The draft a new flow starts from (default: `empty`); not called when a stored draft exists. */
  start?(): D;
}

/**
 * What the steps of a flow collected so far: each step's data under its own property, merged
 * in as the user goes (`update`), forgotten by `clear` (back to `empty`, also in storage).
 */
export function useStepDraft<D extends object>(empty: D, { storageKey, start }: StepDraftOptions<D> = {}) {
  const [draft, setDraft] = useState<D>(() => (storageKey ? readSession<D>(storageKey) : null) ?? start?.() ?? empty);
  useEffect(() => {
    if (storageKey) writeSession(storageKey, draft);
  }, [storageKey, draft]);
  const update = useCallback((change: Partial<D>) => setDraft((current) => ({ ...current, ...change })), []);
  const clear = useCallback(() => {
    if (storageKey) removeSession(storageKey);
    setDraft(empty);
  }, [storageKey, empty]);
  return { draft, update, clear };
}
