/**
 * The service worker (the shell opens offline). Not part of the app's bundle: the build
 * compiles this file on its own into dist/sw.js (vite.config.ts, serviceWorker()), with the
 * list of files to precache and a version made from their names.
 *
 * - Install: the app shell (index.html, the first screen's code and styles, the icons) and the
 *   strings of every language go into a cache named by the version. The new worker then waits:
 *   the open pages keep the code they started with.
 * - Update: the page's Update button (the update dialog) asks the waiting worker to take over
 *   ('skip-waiting'), then reloads. Closing every tab does the same.
 * - Pages (navigations): the network first, so an online user always gets the current
 *   index.html; the cached shell only when the network fails or takes longer than
 *   NAVIGATION_TIMEOUT_MS.
 * - /assets/ (the screens' code, the decoder's and OCR's wasm and model): from the cache, else
 *   fetched and kept, so each is cached on first use, never at install. Their names carry a
 *   hash or a version, so a cached copy is never stale.
 * - GET /api/barcode/project and the project logo: the network first, the last answer when
 *   offline (a project asked for by code alone: its highest version kept). Every other /api request is left to the browser (the outbox handles writes).
 */

import { API_CACHE, keptForOffline, type CacheUrlsMessage } from './cached-api';

/** Filled in by the build (vite.config.ts). */
declare const SW_VERSION: string;
declare const SW_PRECACHE: string[];

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
}
const worker = self as unknown as WorkerScope;

const SHELL = `sb-shell-${SW_VERSION}`;
const ASSETS = 'sb-assets';
const API = API_CACHE;
/** A page slower than this from the network is drawn from the cache (a signal that lies). */
const NAVIGATION_TIMEOUT_MS = 4000;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(SHELL).then((cache) => cache.addAll(SW_PRECACHE.map((url) => new Request(url, { cache: 'reload' })))),
  );
});

worker.addEventListener('activate', (event) => {
  // The previous versions' shells go; the assets cache keeps what the screens still share.
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith('sb-shell-') && name !== SHELL).map((name) => caches.delete(name)),
        ),
      )
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') void worker.skipWaiting();
  const urls = (event.data as Partial<CacheUrlsMessage> | null)?.cacheUrls;
  if (Array.isArray(urls)) {
    const wanted = urls.filter(
      (url) =>
        typeof url === 'string' &&
        new URL(url, worker.location.origin).origin === worker.location.origin &&
        keptForOffline(new URL(url, worker.location.origin).pathname),
    );
    for (const url of wanted) void apiRead(new Request(url, { credentials: 'same-origin' })).catch(() => undefined);
  }
});

async function fromCache(request: Request | string): Promise<Response | undefined> {
  return caches.match(request);
}

/** The network, with a time limit; rejects when it fails or is slower. */
function network(request: Request, timeoutMs?: number): Promise<Response> {
  if (timeoutMs === undefined) return fetch(request);
  return Promise.race([
    fetch(request),
    new Promise<Response>((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs)),
  ]);
}

async function page(request: Request): Promise<Response> {
  try {
    return await network(request, NAVIGATION_TIMEOUT_MS);
  } catch (error) {
    const shell = await fromCache('/index.html');
    if (shell) return shell;
    throw error;
  }
}

async function asset(request: Request): Promise<Response> {
  const cached = await fromCache(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.status === 200) {
    const copy = response.clone();
    void caches.open(ASSETS).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function apiRead(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      void caches.open(API).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (error) {
    const cache = await caches.open(API);
    const cached = (await cache.match(request)) ?? (await latestVersion(cache, new URL(request.url)));
    if (cached) return cached;
    throw error;
  }
}

/**
 * A project asked for by code alone (`/{code}`, the installed app's start URL): offline, the
 * highest version of it kept.
 */
async function latestVersion(cache: Cache, url: URL): Promise<Response | undefined> {
  const code = url.searchParams.get('code');
  if (url.pathname !== '/api/barcode/project' || !code || url.searchParams.has('version')) return undefined;
  const kept = (await cache.keys())
    .map((request) => new URL(request.url))
    .filter((keptUrl) => keptUrl.pathname === url.pathname && keptUrl.searchParams.get('code') === code)
    .sort((a, b) => Number(b.searchParams.get('version') ?? 0) - Number(a.searchParams.get('version') ?? 0));
  return kept[0] ? cache.match(kept[0].href) : undefined;
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.mode === 'navigate' && !url.pathname.startsWith('/api/')) event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
  else if (keptForOffline(url.pathname)) event.respondWith(apiRead(request));
  else if (SW_PRECACHE.includes(url.pathname))
    event.respondWith(fromCache(url.pathname).then((cached) => cached ?? fetch(request)));
});
