/**
 * The API's GET requests the service worker keeps for offline use (the last answer, shown when
 * the network fails): the project's configuration and its logo.
 */
export const CACHED_API = /^\/api\/barcode\/(project|project-logo\/[^/]+)$/;

/** The cache those answers are kept in (service-worker.ts writes it; a logout empties part of it). */
export const API_CACHE = 'sb-api';

/** The project answers among them: they carry the user's permissions (`projectPermission`). */
const PROJECT_ANSWER = '/api/barcode/project';

/**
 * Forgets the project answers the worker kept for the user who is leaving (a logout), so the
 * next person on this phone, offline, is not shown that user's permissions or screens. The
 * logos stay. Nothing to do where there is no Cache Storage (no worker: an insecure origin).
 */
export async function forgetCachedProjects(): Promise<void> {
  if (typeof caches === 'undefined' || !(await caches.has(API_CACHE))) return;
  const cache = await caches.open(API_CACHE);
  const kept = await cache.keys();
  await Promise.all(kept.filter((request) => new URL(request.url).pathname === PROJECT_ANSWER).map((request) => cache.delete(request)));
}

/** The message a page sends the worker: cache these URLs now (read before the worker was there). */
export interface CacheUrlsMessage {
  cacheUrls: string[];
}
