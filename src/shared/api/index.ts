import { API_BASE, API_TIMEOUT_MS } from '../config';
import { readCookie, visitorId } from '../storage/storage';
import { announceVersion } from '../ui/update-events';
import { createApiClient } from './client';
import { sessionEvents } from './session-events';

/** The server sets this readable cookie beside the httpOnly session cookies; it holds no secret. */
export const SESSION_HINT_COOKIE = 'sb_session';

export const hasSessionHint = (): boolean => readCookie(SESSION_HINT_COOKIE) === '1';

/** The app's API client. */
export const api = createApiClient({
  baseURL: API_BASE,
  timeoutMs: API_TIMEOUT_MS,
  visitorId,
  mayHaveSession: hasSessionHint,
  onSignedOut: () => sessionEvents.set({ signedOutAt: Date.now() }),
  onNewVersion: announceVersion,
});

export { ApiError } from './errors';
