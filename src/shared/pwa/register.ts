/**
 * The page's side of the service worker (service-worker.ts): registered once the first screen
 * is drawn (main.tsx, whenIdle), so neither its code nor the precache's downloads (the shell, then
 * every screen's code, stored ahead) compete with the first load.
 */
import { keptForOffline, STORE_AHEAD_MESSAGE, type CacheUrlsMessage } from './cached-api';

/** The worker the build writes (vite.config.ts, serviceWorker()). */
export const SERVICE_WORKER_URL = '/sw.js';

/** `alsoRead`: API reads whose answers the page got another way (the server's drawn first screen): kept too. */
export function registerServiceWorker(alsoRead: readonly string[] = []): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  // Refused (a test that blocks workers, a private window): the app works online as before.
  navigator.serviceWorker
    .register(SERVICE_WORKER_URL, { scope: '/' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      // What this page read before the worker was there (the project's configuration and logo,
      // the first screen's reads): the worker keeps them now, so the very first visit already
      // opens offline next time.
      const cacheUrls = [
        ...performance.getEntriesByType('resource').map((entry) => entry.name),
        ...alsoRead.map((url) => new URL(url, location.origin).href),
      ].filter((url) => new URL(url).origin === location.origin && keptForOffline(new URL(url).pathname));
      registration.active?.postMessage({ cacheUrls } satisfies CacheUrlsMessage);
      // Every staff screen's code, stored ahead of need (the worker skips what it holds already):
      // a connection lost during the first storing is made up for on the next start.
      registration.active?.postMessage(STORE_AHEAD_MESSAGE);
    })
    .catch(() => undefined);
}
