/** How long the Update button waits for the new worker before it reloads anyway. */
const TAKEOVER_TIMEOUT_MS = 5000;

/**
 * The update dialog's Update (forced or not): fetches the newest service worker, lets it take
 * over (it waits otherwise, see service-worker.ts), then reloads, so the reload draws the new
 * version and never a cached old index.html. Without a worker, just reloads.
 */
export async function applyUpdate(): Promise<void> {
  const container = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
  try {
    const registration = await container?.getRegistration();
    if (container && registration) {
      await registration.update().catch(() => undefined);
      const next = registration.waiting ?? registration.installing;
      if (next && container.controller) {
        const tookOver = new Promise<void>((resolve) => {
          container.addEventListener('controllerchange', () => resolve(), { once: true });
          setTimeout(resolve, TAKEOVER_TIMEOUT_MS);
        });
        if (next.state === 'installed') next.postMessage('skip-waiting');
        else next.addEventListener('statechange', () => next.state === 'installed' && next.postMessage('skip-waiting'));
        await tookOver;
      }
    }
  } finally {
    window.location.reload();
  }
}
