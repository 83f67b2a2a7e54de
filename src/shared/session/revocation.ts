/**
 * The page's side of a logout made offline (revocation-store.ts): kept, marked in localStorage
 * (read at once, without waiting on Cache Storage), and sent before any other API request of
 * the app (src/shared/api/index.ts, `untilRevoked`) and when the browser says it is online. Until
 * the server has answered it, the app's requests wait for it: the leaving user's cookies never
 * read or write anything again.
 */
import { CLIENT_VERSION, Headers } from '@schemas/validation';
import { API_BASE, STORAGE_PREFIX } from '../config';
import {
  dropRevocation,
  readRevocation,
  sendRevocation,
  storeRevocation,
  type KeptRevocation,
} from './revocation-store';

const MARK = `${STORAGE_PREFIX}:keptLogout`;

function readMark(): KeptRevocation | null {
  try {
    const text = localStorage.getItem(MARK);
    return text ? (JSON.parse(text) as KeptRevocation) : null;
  } catch {
    return null;
  }
}

function writeMark(revocation: KeptRevocation | null): void {
  try {
    if (revocation) localStorage.setItem(MARK, JSON.stringify(revocation));
    else localStorage.removeItem(MARK);
  } catch {
    // Storage blocked: the worker's copy (Cache Storage) still holds it.
  }
}

let sending: Promise<boolean> | null = null;
let listening = false;

/** Sends the kept logout once (shared by every caller meanwhile); true once nothing is kept any more. */
function sendKept(): Promise<boolean> {
  sending ??= (async () => {
    const kept = readMark() ?? (await readRevocation());
    if (!kept) return true;
    if (!(await sendRevocation(kept))) return false;
    writeMark(null);
    await dropRevocation().catch(() => undefined);
    return true;
  })().finally(() => {
    sending = null;
  });
  return sending;
}

/** Keeps the logout `visitorId` could not send, to be sent as soon as the server can be reached. */
export async function keepRevocation(visitorId: string): Promise<void> {
  const revocation: KeptRevocation = {
    url: `${API_BASE}/user/logout`,
    headers: {
      'content-type': 'application/json',
      [Headers.clientVersion]: CLIENT_VERSION,
      [Headers.utcOffset]: String(-new Date().getTimezoneOffset() / 60),
    },
    body: JSON.stringify({ visitorId }),
  };
  writeMark(revocation);
  await storeRevocation(revocation).catch(() => undefined);
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    window.addEventListener('online', () => void sendKept());
  }
}

/** Whether a logout is kept, not yet sent. */
export const revocationKept = (): boolean => readMark() !== null;

/**
 * Resolves when the app may send a request: at once when no logout is kept, else once it is
 * sent. While the server cannot be reached it rejects, as the request itself would have failed
 * (the app then shows what it shows offline).
 */
export async function untilRevoked(): Promise<void> {
  if (!revocationKept()) return;
  if (!(await sendKept())) throw new TypeError('Failed to fetch: a kept logout waits for the network');
}
