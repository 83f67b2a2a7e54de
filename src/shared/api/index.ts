import i18next from 'i18next';
import { API_BASE, API_TIMEOUT_MS } from '../config';
import { readCookie, visitorId } from '../storage/storage';
import { announceVersion } from '../ui/update-events';
import { SESSION_HINT } from '@schemas/boot-request';
import { takeBootResponse } from './boot-request';
import { noteOfflineCopy } from './offline-copy';
import { createApiClient } from './client';
import { checkProjectRevision, loadedProjectRevision } from './project-revision';
import { ApiError } from './errors';
import type { QueuedWrite } from './outbox/outbox-item';
import { sessionEvents } from './session-events';
import { revocationKept, untilRevoked } from '../session/revocation';
import { reportWrite } from '../analytics';

/** Whether the server's readable session hint cookie (schemas/boot-request.ts) says a session may exist. */
export const hasSessionHint = (): boolean => readCookie(SESSION_HINT) === '1';

/**
 * The outbox (outbox/outbox.ts) once its code is loaded: main.tsx loads it just after the first
 * render and connects it here (its code is not part of the first load). Before that, a write
 * that gets no answer fails as 'network', as it did before there was an outbox.
 */
let outbox: {
  enqueue(write: QueuedWrite): Promise<void>;
  resolveRefs(data: unknown): { data: unknown; waiting: boolean };
} | null = null;
export const connectOutbox = (loaded: typeof outbox): void => {
  outbox = loaded;
};

/**
 * The app's API client. Every write of the app goes through it, and so through the outbox when
 * it gets no answer: see "The outbox" in docs/engineers/api.md.
 */
export const api = createApiClient({
  baseURL: API_BASE,
  // The project request index.html started before this code arrived is taken over (boot-request.ts).
  // A logout made offline is sent before anything else (session/revocation.ts), and the answers
  // index.html asked for meanwhile, with the leaving user's cookies, are not taken.
  fetch: async (input, init) => {
    if (revocationKept()) {
      await untilRevoked();
      return fetch(input, init);
    }
    return takeBootResponse(input, init, () => fetch(input, init)) ?? fetch(input, init);
  },
  timeoutMs: API_TIMEOUT_MS,
  visitorId,
  mayHaveSession: hasSessionHint,
  onSignedOut: () => sessionEvents.set({ signedOutAt: Date.now() }),
  onNewVersion: announceVersion,
  configRevision: loadedProjectRevision,
  language: () => i18next.language,
  onHeaders: (headers) => {
    checkProjectRevision(headers);
    noteOfflineCopy(headers);
  },
  queue: async (write) => {
    if (!outbox) throw new ApiError('network', 0);
    await outbox.enqueue(write);
  },
  onWritten: reportWrite,
  resolveRefs: (data) => outbox?.resolveRefs(data) ?? { data, waiting: false },
});

export { ApiError };
export type { OutboxItem } from './outbox/outbox-item';
