/**
 * The API's GET requests the service worker keeps for offline use (the last answer, shown when
 * the network fails): the project's configuration and its logo.
 */
export const CACHED_API = /^\/api\/barcode\/(project|project-logo\/[^/]+)$/;

/** The message a page sends the worker: cache these URLs now (read before the worker was there). */
export interface CacheUrlsMessage {
  cacheUrls: string[];
}
