import { whenIdle } from '../ui/when-idle';

/**
 * Google Analytics for the projects that ask for it (`googleAnalyticsMeasurementId`), and only
 * for them: gtag.js is a script of another site, so it is fetched only for such a project, once
 * its first screen is drawn and the browser is idle. Every report of the app comes through
 * here: page views (from the project layout) and the key actions, read off the writes the
 * server accepted (the API client's `onWritten`) and the scans (the scan pool). What is sent is
 * the action's name and a count, never a barcode id, a field value or a user.
 */
export type KeyAction = 'generate' | 'activate' | 'track' | 'pair' | 'scan';

type GtagCommand = [string, ...unknown[]];

/** The writes that are key actions, by method and path; `count` reads how many barcodes a bulk body names. */
const WRITES: Record<string, { action: KeyAction; count?(data: Record<string, unknown>): number }> = {
  'post /barcode/barcode': { action: 'generate' },
  'post /barcode/barcodes': { action: 'generate', count: (d) => Number(d.count) || 1 },
  'post /barcode/activation': { action: 'activate' },
  'post /barcode/tracking': { action: 'track', count: (d) => (Array.isArray(d.barcodeIds) ? d.barcodeIds.length : 1) },
  'post /barcode/skip-tracking': {
    action: 'track',
    count: (d) => (Array.isArray(d.barcodeIds) ? d.barcodeIds.length : 1),
  },
  'post /barcode/pairing': { action: 'pair', count: (d) => (Array.isArray(d.childrenIds) ? d.childrenIds.length : 1) },
};

/** The key action a write the server accepted stands for, or null (dry runs ask, they do not act). */
export function keyActionOfWrite(
  method: string,
  url: string,
  data: unknown,
): { action: KeyAction; count: number } | null {
  const write = WRITES[`${method} ${url}`];
  const body = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  if (!write || body.dryRun === true) return null;
  return { action: write.action, count: write.count?.(body) ?? 1 };
}

/** A path as reported: barcode ids (after `/qrcode/`) replaced, so no id leaves the app. */
export const reportedPath = (pathname: string): string =>
  pathname.replace(/\/qrcode\/(?!scan-ocr(?:\/|$))[^/]+/, '/qrcode/:barcodeId');

/**
 * The page's address as reported: origin and reported path only. gtag.js would otherwise send
 * the whole address with every hit (its query holds search words, its path barcode ids).
 */
export const reportedLocation = (origin: string, pathname: string): string => origin + reportedPath(pathname);

/**
 * Where the first screen was opened from, as reported: an address of this app is cleaned like
 * the page's own; another site's is cut to its origin (as a strict-origin referrer policy would).
 */
export function reportedReferrer(referrer: string, origin: string): string {
  if (!referrer) return '';
  try {
    const from = new URL(referrer);
    return from.origin === origin ? reportedLocation(origin, from.pathname) : `${from.origin}/`;
  } catch {
    return '';
  }
}

const GTAG_URL = 'https://www.googletagmanager.com/gtag/js';
/** Reports made before gtag is there wait here (at most this many); dropped when the project has no measurement id. */
const PENDING_MAX = 50;

let measurementId: string | null | undefined;
let pending: GtagCommand[] = [];
let loaded = false;
/** The last page view's reported address: the next one's referrer. */
let lastLocation: string | null = null;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

function send(command: GtagCommand): void {
  if (measurementId === null) return;
  if (!loaded) {
    if (pending.length < PENDING_MAX) pending.push(command);
    return;
  }
  window.gtag?.(...command);
}

function load(id: string): void {
  window.dataLayer = window.dataLayer ?? [];
  // gtag's own queue: the script, once it arrives, sends what was pushed before it.
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params -- gtag.js reads the Arguments object itself
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  // Every hit carries the cleaned address and referrer, never document.location or document.referrer.
  window.gtag('config', id, {
    send_page_view: false,
    page_location: reportedLocation(location.origin, location.pathname),
    page_referrer: reportedReferrer(document.referrer, location.origin),
  });
  const script = Object.assign(document.createElement('script'), {
    async: true,
    src: `${GTAG_URL}?id=${encodeURIComponent(id)}`,
  });
  document.head.append(script);
  loaded = true;
  for (const command of pending) window.gtag(...command);
  pending = [];
}

/**
 * The project on view says whether analytics run: with a measurement id, gtag.js loads when the
 * browser is next idle (the first screen is drawn by then) and what waited is sent; without one,
 * nothing loads and nothing is kept. A tab that opens another project stops sending.
 */
export function startAnalytics(id: string | undefined): void {
  if (loaded && id !== measurementId) {
    measurementId = null;
    return;
  }
  measurementId = id ?? null;
  if (!id) {
    pending = [];
    return;
  }
  if (!loaded) whenIdle(() => load(id));
}

/**
 * A screen shown: page_view with its path and address, barcode ids and the query left out, and
 * the previous screen as its referrer. The same cleaned address is set for the hits that follow
 * (key actions), in place of the one gtag.js would read off the browser.
 */
export function reportPageView(pathname: string): void {
  if (measurementId === null) return;
  const page = {
    page_location: reportedLocation(location.origin, pathname),
    page_referrer: lastLocation ?? reportedReferrer(document.referrer, location.origin),
  };
  lastLocation = page.page_location;
  send(['set', page]);
  send(['event', 'page_view', { page_path: reportedPath(pathname), ...page }]);
}

/** A key action done (its name as the event, `count` barcodes). */
export const reportAction = (action: KeyAction, count = 1): void => send(['event', action, { count }]);

/** For the API client's `onWritten`: reports the write if it is a key action. */
export function reportWrite(method: string, url: string, data: unknown): void {
  const key = keyActionOfWrite(method, url, data);
  if (key) reportAction(key.action, key.count);
}
