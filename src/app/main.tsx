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
import { whenIdle } from '@/shared/ui/when-idle';
import { restStyles } from '@/shared/ui/styles';
import { initI18n } from '@/shared/i18n/i18n';
import { api, connectOutbox } from '@/shared/api';
import { App } from './app';

// Before the router: the unsaved-changes prompt must see back/forward moves first.
installHistoryGuard();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

// Strings first (one small chunk for the browser's language), then the first render.
void initI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // The outbox's code, in memory before the user can make a write (once the first screen's own
  // requests are done: the browser's first idle moment, at most 2 s away); then what earlier
  // visits left in it is sent, without waiting for a screen.
  whenIdle(() => void import('@/shared/api/outbox/app-outbox').then(({ appOutbox }) => {
    const outbox = appOutbox(api);
    connectOutbox(outbox);
    outbox.start();
  }).catch(() => undefined));
  // The rest of Mantine's styles, once the first screen is up (a lazy screen asks sooner).
  whenIdle(() => void restStyles().catch(() => undefined));
  // The service worker (the shell offline, issue 20), once the first screen is up.
  whenIdle(() => void import('@/shared/pwa/register').then(({ registerServiceWorker }) => registerServiceWorker()).catch(() => undefined));
});
