/**
 * The page's side of a logout made offline (revocation-store.ts): kept, marked in localStorage
 * (read at once, without waiting on Cache Storage), and sent before any other API request of
 * the app (src/shared/api/index.ts, `untilRevoked`) and when the browser says it is online. Until
 * the server has answered it, the app's requests wait for it: the leaving user's cookies never
 * read or write anything again. Only the check is part of the first load; keeping and sending
 * load when needed (revocation-send.ts).
 */
import { REVOCATION_MARK } from './revocation-store';

/** Whether a logout is kept, not yet sent. */
export function revocationKept(): boolean {
  try {
    return localStorage.getItem(REVOCATION_MARK) !== null;
  } catch {
    return false;
  }
}

/**
 * Resolves when the app may send a request: at once when no logout is kept, else once it is
 * sent. While the server cannot be reached it rejects, as the request itself would have failed
 * (the app then shows what it shows offline).
 */
export async function untilRevoked(): Promise<void> {
  if (!revocationKept()) return;
  const { sendKept } = await import('./revocation-send');
  if (!(await sendKept())) throw new TypeError('Failed to fetch: a kept logout waits for the network');
}
