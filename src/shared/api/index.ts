import { mutate } from 'swr';
import { API_BASE, API_TIMEOUT_MS } from '../config';
import { readCookie, visitorId } from '../storage/storage';
import { announceVersion } from '../ui/update-events';
import { createApiClient } from './client';
import { createOutbox } from './outbox/outbox';
import { sessionEvents } from './session-events';

/** The server sets this readable cookie beside the httpOnly session cookies; it holds no secret. */
export const SESSION_HINT_COOKIE = 'sb_session';

export const hasSessionHint = (): boolean => readCookie(SESSION_HINT_COOKIE) === '1';

/**
 * The writes that could not reach the server, sent later in order (outbox/outbox.ts). Every
 * write of the app goes through `api` below and so through it: see "Sending a write" in
 * src/shared/api/README.md.
 */
export const outbox = createOutbox({
  send: async (item) => {
    await api.request(item.method, item.url, { data: item.data, idempotencyKey: item.key, madeAt: item.madeAt, queue: false });
  },
  // What was sent changed barcodes: every cached read is loaded again.
  onDelivered: () => void mutate(() => true),
});

/** The app's API client. */
export const api = createApiClient({
  baseURL: API_BASE,
  timeoutMs: API_TIMEOUT_MS,
  visitorId,
  mayHaveSession: hasSessionHint,
  onSignedOut: () => sessionEvents.set({ signedOutAt: Date.now() }),
  onNewVersion: announceVersion,
  queue: (write) => outbox.enqueue(write),
});

export { ApiError } from './errors';
export type { OutboxItem } from './outbox/outbox-item';
