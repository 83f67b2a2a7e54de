/** Keeping and sending a logout made offline (revocation.ts says when). */
import { CLIENT_VERSION, Headers } from '@schemas/validation';
import { API_BASE } from '../config';
import {
  dropRevocation,
  readRevocation,
  REVOCATION_MARK,
  sendRevocation,
  storeRevocation,
  type KeptRevocation,
} from './revocation-store';

function readMark(): KeptRevocation | null {
  try {
    const text = localStorage.getItem(REVOCATION_MARK);
    return text ? (JSON.parse(text) as KeptRevocation) : null;
  } catch {
    return null;
  }
}

function writeMark(revocation: KeptRevocation | null): void {
  try {
    if (revocation) localStorage.setItem(REVOCATION_MARK, JSON.stringify(revocation));
    else localStorage.removeItem(REVOCATION_MARK);
  } catch {
    // Storage blocked: the worker's copy (Cache Storage) still holds it.
  }
}

let sending: Promise<boolean> | null = null;
let listening = false;

/** Sends the kept logout once (shared by every caller meanwhile); true once nothing is kept any more. */
export function sendKept(): Promise<boolean> {
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
