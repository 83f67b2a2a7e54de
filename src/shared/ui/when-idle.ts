/**
 * Runs `run` at the browser's next idle moment (at most `timeoutMs` away): for code fetched
 * ahead of need (the failure dialogs, the outbox), after what the screen on view asked for.
 */
export function whenIdle(run: () => void, timeoutMs = 2000): void {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: timeoutMs });
  else setTimeout(run, 200);
}
