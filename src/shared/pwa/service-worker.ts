/**
 * The service worker (the shell opens offline). Not part of the app's bundle: the build
 * compiles this file on its own into dist/sw.js (vite.config.ts, serviceWorker()), with the
 * list of files to precache and a version made from their names.
 *
 * - Install: the app shell (index.html, the first screen's code and styles, the icons) and the
 *   strings of every language go into a cache named by the version. The new worker then waits:
 *   the open pages keep the code they started with.
 * - Stored ahead (SW_AHEAD): the code and styles of every staff screen and the barcode decoder,
 *   fetched one by one at low priority once the worker is installed (and again when a page
 *   asks, for what a lost connection left out), so a phone that never opened a screen online
 *   opens it offline. When a new worker takes over, the files no build of its own names go.
 * - A logout made offline (src/shared/session/revocation.ts): until the server has ended that
 *   session, every page and API read first sends the kept logout, so reconnecting never brings
 *   the previous user back.
 * - Update: the page's Update button (the update dialog) asks the waiting worker to take over
 *   ('skip-waiting'), then reloads. Closing every tab does the same.
 * - Pages (navigations): the network first, so an online user always gets the current
 *   index.html; the cached shell only when the network fails or takes longer than
 *   NAVIGATION_TIMEOUT_MS.
 * - /assets/ (the screens' code, the decoder's and OCR's wasm and model): from the cache, else
 *   fetched and kept. Their names carry a hash or a version, so a cached copy is never stale.
 * - GET /api/barcode/project and the project logo: the network first, the last answer when
 *   offline (a project asked for by code alone: its highest version kept). Every other /api request is left to the browser (the outbox handles writes).
 */

import {
  API_CACHE,
  keptForOffline,
  OFFLINE_COPY_HEADER,
  STORE_AHEAD_MESSAGE,
  type CacheUrlsMessage,
} from './cached-api';
import { dropRevocation, readRevocation, sendRevocation } from '../session/revocation-store';

/** Filled in by the build (vite.config.ts). */
declare const SW_VERSION: string;
declare const SW_PRECACHE: string[];
/** The files stored ahead of need, in the background. */
declare const SW_AHEAD: string[];
/** Every file of this build under /assets/. */
declare const SW_KNOWN: string[];

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  data: unknown;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
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

/** How many files stored ahead are fetched at once: few, so a screen the user opens meanwhile is not kept waiting. */
const AHEAD_AT_ONCE = 2;
/** How long the storing ahead keeps out of the way after a page's latest request. */
const PAGE_QUIET_MS = 2000;
let storingAhead: Promise<void> | null = null;
let pageBusyUntil = 0;
const aheadInFlight = new Set<AbortController>();

/**
 * A page asked for something (a screen opening, a form sending): the storing ahead steps aside,
 * its downloads under way stopped and asked again once the page has been quiet for a while, so
 * a slow connection carries what the user waits for first.
 */
function pageAsked(): void {
  pageBusyUntil = Date.now() + PAGE_QUIET_MS;
  for (const download of aheadInFlight) download.abort();
}

async function pageQuiet(): Promise<void> {
  while (Date.now() < pageBusyUntil) await new Promise((done) => setTimeout(done, pageBusyUntil - Date.now()));
}

/**
 * Stores the files of SW_AHEAD the assets cache lacks, at low priority and out of the pages'
 * way (pageAsked); a file that fails is left for the next time (a page asks again on each
 * start). Never fails itself.
 */
function storeAhead(): Promise<void> {
  storingAhead ??= (async () => {
    const cache = await caches.open(ASSETS);
    const missing: string[] = [];
    for (const url of SW_AHEAD) if (!(await cache.match(url))) missing.push(url);
    const next = async (): Promise<void> => {
      await pageQuiet();
      const url = missing.shift();
      if (url === undefined) return;
      // A page may have fetched it meanwhile (asset() keeps what pages load).
      if (await cache.match(url)) return next();
      const download = new AbortController();
      aheadInFlight.add(download);
      try {
        const response = await fetch(new Request(url, { priority: 'low', signal: download.signal } as RequestInit));
        if (response.ok && response.status === 200) await cache.put(url, response);
      } catch {
        // Stopped for a page's request: asked again after it. Offline or dropped: stored the next time a page asks.
        if (download.signal.aborted) missing.push(url);
      } finally {
        aheadInFlight.delete(download);
      }
      return next();
    };
    await Promise.all(Array.from({ length: AHEAD_AT_ONCE }, next));
  })().finally(() => {
    storingAhead = null;
  });
  return storingAhead;
}

/** The assets kept from earlier builds, which no page of this one asks for, go. */
async function dropOldAssets(): Promise<void> {
  const known = new Set(SW_KNOWN);
  const cache = await caches.open(ASSETS);
  for (const request of await cache.keys()) {
    if (!known.has(new URL(request.url).pathname)) await cache.delete(request);
  }
}

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(SHELL).then((cache) => cache.addAll(SW_PRECACHE.map((url) => new Request(url, { cache: 'reload' })))),
  );
});

worker.addEventListener('activate', (event) => {
  // The previous versions' shells and assets go (the pages that used them have reloaded or
  // closed: a worker takes over only then), then this version's screens are stored ahead.
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith('sb-shell-') && name !== SHELL).map((name) => caches.delete(name)),
        ),
      )
      .then(dropOldAssets)
      .then(() => worker.clients.claim())
      .then(() => {
        void storeAhead();
      }),
  );
});

worker.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') void worker.skipWaiting();
  if (event.data === STORE_AHEAD_MESSAGE) event.waitUntil(storeAhead());
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
    if (cached) return markedCopy(cached);
    throw error;
  }
}

/** A kept answer given in the network's place, saying when the server made it (its Date). */
function markedCopy(cached: Response): Response {
  const made = cached.headers.get('date');
  if (!made) return cached;
  const headers = new Headers(cached.headers);
  headers.set(OFFLINE_COPY_HEADER, made);
  return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
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

/**
 * A logout made offline and not yet sent (src/shared/session/revocation.ts): sent before
 * anything that would carry that user's cookies, so the server ends the session (and clears
 * its cookies) first. Resolves whether the way is clear; while the logout cannot be sent, the
 * request goes without cookies (withoutCookies), so the server never answers as that user.
 */
async function revokeFirst(): Promise<boolean> {
  const kept = await readRevocation();
  if (!kept) return true;
  const sent = await Promise.race([
    sendRevocation(kept),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), NAVIGATION_TIMEOUT_MS)),
  ]);
  if (sent) await dropRevocation();
  return sent;
}

/** The same GET without cookies (a navigation's Request cannot be copied with changes: its URL is asked again). */
const withoutCookies = (request: Request): Request =>
  request.mode === 'navigate'
    ? new Request(request.url, { credentials: 'omit' })
    : new Request(request, { credentials: 'omit' });

const afterRevocation = (request: Request, answer: (request: Request) => Promise<Response>) =>
  revokeFirst().then((clear) => answer(clear ? request : withoutCookies(request)));

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  pageAsked();
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.mode === 'navigate' && !url.pathname.startsWith('/api/'))
    event.respondWith(afterRevocation(request, page));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
  else if (keptForOffline(url.pathname)) event.respondWith(afterRevocation(request, apiRead));
  else if (SW_PRECACHE.includes(url.pathname))
    event.respondWith(fromCache(url.pathname).then((cached) => cached ?? fetch(request)));
});
