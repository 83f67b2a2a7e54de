/**
 * The API's GET requests the service worker keeps for offline use (network first; the last
 * answer when the network fails): the project's configuration and logo, and what the screens
 * read of barcodes, the user and locations (a barcode's detail, history, alerts, children...), so
 * a screen opened online before opens offline after a reload, with the state it last showed.
 * Not kept: the admin area, operations, and downloads (EPCIS documents, the ledger's log).
 */
const KEPT_READS = /^\/api\/(barcode|user|location)\//;
const NOT_KEPT = /^\/api\/barcode\/(epcis|ledger\/log)/;

export function keptForOffline(pathname: string): boolean {
  return KEPT_READS.test(pathname) && !NOT_KEPT.test(pathname);
}

/**
 * The header the worker adds to an answer it gives from its copy because the network failed:
 * when the server made that answer (its Date), so the screens can say how old what they show may be.
 */
export const OFFLINE_COPY_HEADER = 'x-sb-copy-of';

/** The cache those answers are kept in (service-worker.ts writes it; a logout empties it, logos aside). */
export const API_CACHE = 'sb-api';

/** The project's logo: the same for every user, kept through a logout. */
const LOGO = /^\/api\/barcode\/project-logo\//;

/**
 * Forgets the answers the worker kept for the user who is leaving (a logout): the project
 * answers with their permissions, and the barcodes, history and profile they read, so the next
 * person on this phone, offline, is not shown that user's data or screens. The logos stay.
 * Nothing to do where there is no Cache Storage (no worker: an insecure origin).
 */
export async function forgetCachedAnswers(): Promise<void> {
  if (typeof caches === 'undefined' || !(await caches.has(API_CACHE))) return;
  const cache = await caches.open(API_CACHE);
  const kept = await cache.keys();
  await Promise.all(
    kept.filter((request) => !LOGO.test(new URL(request.url).pathname)).map((request) => cache.delete(request)),
  );
}

/** The message a page sends the worker: cache these URLs now (read before the worker was there). */
export interface CacheUrlsMessage {
  cacheUrls: string[];
}

/** The message a page sends the worker: store the screens' code you lack (service-worker.ts, storeAhead). */
export const STORE_AHEAD_MESSAGE = 'store-ahead';
