import { useCallback, useEffect, useRef, useState } from 'react';

/** How long typing may pause before the form hears of it (blur and Enter commit at once). */
export const COMMIT_DELAY_MS = 200;

/**
 * Tells the form of a typed value later: `schedule` keeps the latest value and commits it when
 * typing pauses; `flush` commits it now (blur, Enter, buttons); nothing pending is lost when
 * the field goes away. rjsf re-renders its whole tree on every change, so typed inputs commit
 * this way instead of on every keystroke.
 */
export function useDeferredCommit<T>(commit: (value: T) => void, delayMs = COMMIT_DELAY_MS) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<{ value: T } | null>(null);
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    if (!next) return;
    pending.current = null;
    commitRef.current(next.value);
  }, []);

  const schedule = useCallback(
    (value: T) => {
      pending.current = { value };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, delayMs);
    },
    [flush, delayMs],
  );

  const hasPending = useCallback(() => pending.current !== null, []);

  useEffect(() => flush, [flush]);

  return { schedule, flush, hasPending };
}

/**
 * Local editing state for typed inputs that render their value (numbers): a keystroke updates
 * only the input, the form hears of it through useDeferredCommit. Values set from outside
 * (a reset, a computed value) replace the draft; the echo of our own commit does not.
 */
export function useDraft<T>(value: T, commit: (value: T) => void, delayMs = COMMIT_DELAY_MS) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const [echo, setEcho] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== echo) setDraft(value);
  }
  const { schedule, flush } = useDeferredCommit((next: T) => {
    setEcho(next);
    commit(next);
  }, delayMs);

  const update = useCallback(
    (next: T) => {
      setDraft(next);
      schedule(next);
    },
    [schedule],
  );

  return { draft, update, flush };
}
