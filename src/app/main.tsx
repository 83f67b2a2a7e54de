import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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
import { forgetUnusedPrimes } from '@/shared/api/prime';
import { primeProfile } from '@/shared/session/use-profile';
import { primeBarcodeOf } from '@/shared/api/use-barcode';
import { api, connectOutbox } from '@/shared/api';
import { App } from './app';

// Before the router: the unsaved-changes prompt must see back/forward moves first.
installHistoryGuard();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

/** How long the first render waits for the answers it reads, beyond its strings: then it draws a loader. */
const ANSWERS_WAIT_MS = 1000;

/**
 * The answers the first screen of a project's address reads, in the cache before the first render
 * (src/shared/api/prime.ts): the project, the barcode a scanned link names and the profile, most of
 * them asked by index.html's inline script already. None for an address outside a project. A
 * failure never holds the first render: its screen shows it.
 */
function primeFirstScreen(pathname: string): Promise<unknown> {
  const ref = projectRefOf(pathname);
  if (!ref) return Promise.resolve();
  return Promise.all(
    [primeProject(ref), primeBarcodeOf(pathname), primeProfile()].map((primed) => primed.catch(() => undefined)),
  );
}

const answersFirst = Promise.race([
  primeFirstScreen(window.location.pathname),
  new Promise((resolve) => setTimeout(resolve, ANSWERS_WAIT_MS)),
]);

// Strings first (one small chunk for the browser's language), with those answers, then the first
// render: the first screen is drawn whole, not a loader first (renders fewer on a slow phone).
void Promise.all([initI18n(), answersFirst]).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
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
        .then(({ registerServiceWorker }) => registerServiceWorker())
        .catch(() => undefined),
  );
});
