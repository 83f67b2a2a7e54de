import { useCallback, useEffect, useRef, useState } from 'react';

/** How long typing may pause before the form hears of it (blur and Enter commit at once). */
export const COMMIT_DELAY_MS = 200;

/**
 * Local editing state for typed inputs. A keystroke updates only the input; the form (and
 * with it rjsf's state, live validation and calculations) hears of the value when typing
 * pauses, on blur, or on Enter. This is what keeps a 200-field form responsive: rjsf re-renders
 * its whole tree on every change. Values set from outside (a reset, a computed value) replace
 * the draft; the echo of our own commit does not.
 */
export function useDraft<T>(value: T, commit: (value: T) => void, delayMs = COMMIT_DELAY_MS) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const [echo, setEcho] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== echo) setDraft(value);
  }
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
    setEcho(next.value);
    commitRef.current(next.value);
  }, []);

  const update = useCallback((next: T) => {
    setDraft(next);
    pending.current = { value: next };
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, delayMs);
  }, [flush, delayMs]);

  // Nothing typed is lost when the field goes away.
  useEffect(() => flush, [flush]);

  return { draft, update, flush };
}
