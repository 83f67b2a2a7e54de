import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import i18next from 'i18next';
// Mantine's styles the first screen draws; the rest loads beside the app (scripts/mantine-styles.ts).
import 'virtual:mantine-first-screen.css';
import './theme-colors.css';
import './button-labels.css';
import './control-borders.css';
import './focus-ring.css';
import './reflow.css';
import { installHistoryGuard } from '@/shared/step-flow/history-guard';
import { afterFirstScreen } from '@/shared/ui/first-screen';
import { restStyles } from '@/shared/ui/styles';
import { initI18n } from '@/shared/i18n/i18n';
import { primeProject, projectRefOf } from '@/shared/project/use-project';
import { forgetUnusedPrimes, takeDrawnAnswers } from '@/shared/api/prime';
import { primeProfile } from '@/shared/session/use-profile';
import { primeBarcodeOf } from '@/shared/api/use-barcode';
import { barcodeQuery } from '@/shared/api/barcode';
import { paths } from '@/shared/paths';
import { API_BASE } from '@/shared/config';
import { api, connectOutbox, hasSessionHint } from '@/shared/api';
import {
  FIRST_SCREEN_ATTRIBUTE,
  FIRST_SCREEN_DATA_ID,
  HYDRATING_GLOBAL,
  type FirstScreenData,
} from '@schemas/first-screen';
import { App } from './app';

// Before the router: the unsaved-changes prompt must see back/forward moves first.
installHistoryGuard();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

/**
 * What the reference server drew the first screen from, when it drew it (schemas/first-screen.ts):
 * the client then hydrates that markup instead of drawing its own. Not with a session (the page
 * came from a cache, or the cookie appeared meanwhile): the screen drawn for a visitor is not this
 * user's, and the client draws its own in its place. Any other server sends the plain index.html.
 */
function drawnFirstScreen(): FirstScreenData | null {
  if (!root?.hasAttribute(FIRST_SCREEN_ATTRIBUTE) || hasSessionHint()) return null;
  try {
    return JSON.parse(document.getElementById(FIRST_SCREEN_DATA_ID)?.textContent ?? '') as FirstScreenData;
  } catch {
    return null;
  }
}

const drawn = drawnFirstScreen();
/** The page's own path: a scanned link's, even when the visitor is drawn the login in its place. */
const linkPath = window.location.pathname;
if (drawn) {
  takeDrawnAnswers(drawn.answers);
  // A visitor on a restricted screen's link was drawn the home page's login, as the router would send them there.
  const { pathname, search, hash } = window.location;
  if (pathname + search !== drawn.location)
    window.history.replaceState(window.history.state, '', drawn.location + hash);
}

/**
 * The API reads whose answers came with the drawn page, as the client asks them (the project of
 * the address drawn, the barcode of the link): the service worker keeps them for offline use, as
 * it keeps what a plain page fetched itself (src/shared/pwa/register.ts).
 */
function drawnReads(): string[] {
  const ref = projectRefOf(window.location.pathname);
  const at = paths.barcode.match(linkPath);
  const project =
    ref && new URLSearchParams({ code: ref.code, ...(ref.version ? { version: String(ref.version) } : {}) });
  return [
    ...(project ? [`${API_BASE}/barcode/project?${project.toString()}`] : []),
    ...(at
      ? [`${API_BASE}/barcode/barcode?${new URLSearchParams(barcodeQuery(at.project.code, at.barcodeId)).toString()}`]
      : []),
  ];
}

/** How long the first render waits for the answers it reads, beyond its strings: then it draws a loader. */
const ANSWERS_WAIT_MS = 1000;

/**
 * The answers the first screen of a project's address reads, in the cache before the first render
 * (src/shared/api/prime.ts): the project, the barcode a scanned link names and the profile, most of
 * them asked by index.html's inline script already, or handed over with the server's drawn first
 * screen (the barcode of the link the visitor opened, also when they were drawn the login in its
 * place). None for an address outside a project. A failure never holds the first render: its
 * screen shows it.
 */
function primeFirstScreen(pathname: string, barcodePath: string): Promise<unknown> {
  const ref = projectRefOf(pathname);
  if (!ref) return Promise.resolve();
  return Promise.all(
    [primeProject(ref), primeBarcodeOf(barcodePath), primeProfile()].map((primed) => primed.catch(() => undefined)),
  );
}

const answersFirst = Promise.race([
  primeFirstScreen(window.location.pathname, linkPath),
  new Promise((resolve) => setTimeout(resolve, ANSWERS_WAIT_MS)),
]);

/** The strings of the browser's language; on a drawn page those of the language it is drawn in, with every namespace it used. */
const strings = drawn ? initI18n([drawn.language]).then(() => i18next.loadNamespaces(drawn.namespaces)) : initI18n();

/**
 * Hydrates the server's drawn first screen: its markup stays, the client's handlers join it. From
 * here on a submit is the client's: index.html's inline script holds none after this (the login
 * form makes one it held again itself).
 */
function hydrate(app: React.ReactNode): void {
  (window as unknown as Record<string, unknown>)[HYDRATING_GLOBAL] = true;
  hydrateRoot(root!, app);
}

// Strings first (one small chunk for the browser's language), with those answers, then the first
// render: the first screen is drawn whole, not a loader first (renders fewer on a slow phone).
void Promise.all([strings, answersFirst]).then(() => {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (drawn) hydrate(app);
  else createRoot(root).render(app);
  // Primed answers no screen took over are not handed to a screen drawn later (after a login).
  afterFirstScreen(forgetUnusedPrimes);
  // The outbox's code, in memory before the user can make a write (once the first screen is up:
  // the first idle moment after it); then what earlier visits left in it is sent, without
  // waiting for a screen.
  afterFirstScreen(
    () =>
      void import('@/shared/api/outbox/app-outbox')
        .then(({ appOutbox }) => {
          const outbox = appOutbox(api);
          connectOutbox(outbox);
          outbox.start();
        })
        .catch(() => undefined),
  );
  // The rest of Mantine's styles, once the first screen is up (a lazy screen asks sooner).
  afterFirstScreen(() => void restStyles().catch(() => undefined));
  // The service worker (the shell offline), once the first screen is up.
  afterFirstScreen(
    () =>
      void import('@/shared/pwa/register')
        .then(({ registerServiceWorker }) => registerServiceWorker(drawn ? drawnReads() : []))
        .catch(() => undefined),
  );
});
