import { createContext, Suspense, use, useContext, useState, type ComponentType, type ReactNode } from 'react';
import { ScreenLoader } from '@/shared/ui/screen-loader';
import { withStyles } from '@/shared/ui/styles';
import { holdFirstScreen } from '@/shared/ui/first-screen';
import { ScreenLoadFailed } from './screen-load-failed';

/**
 * A lazy chunk still loading after this long counts as failed: patient with a slow network, yet
 * never a screen that waits forever.
 */
const CHUNK_TIMEOUT_MS = 120_000;
/** A chunk that fails is fetched again after these pauses before the screen says so. */
const RETRY_DELAYS_MS = [500, 2000];
const RELOADED_FLAG = 'sb-chunk-reload';

type Loaded<T> = { module: { default: T } } | { failed: true };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Whether this site answers now. `navigator.onLine` only says a network is there: in a dead zone
 * the phone is often still on a Wi-Fi without an uplink, and a reload then shows the browser's
 * own error page instead of the app. So a reload is tried only after this page's URL answered.
 */
async function siteAnswers(): Promise<boolean> {
  if (!navigator.onLine) return false;
  try {
    return (await fetch(window.location.href, { method: 'HEAD', cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

/** What a lazy screen shows while its code loads: the screen loader, or nothing (PartOfPage). */
const LoadingShows = createContext<ReactNode>(<ScreenLoader />);

/** Lazy screens drawn as a part of a page (the detail page's relations, stock and label): nothing while they load. */
export function PartOfPage({ children }: { children: ReactNode }) {
  return <LoadingShows.Provider value={null}>{children}</LoadingShows.Provider>;
}

/**
 * A route screen whose code loads when first drawn (`preload()` starts it earlier). A chunk
 * that fails to load is fetched again twice; then, online, the page reloads once (a new version
 * was deployed and the old file is gone); offline, or after that one reload, the screen says
 * "offline, try again" inside the shell (header and navigation stay) with a button that tries
 * again (online: reloads the page). Never a blank page.
 *
 * Each lazy screen waits for its code inside a Suspense boundary of its own, which comes and goes
 * with the screen. React Router navigates in a transition, in which React keeps a boundary's
 * content on screen until the new content is ready: with one boundary shared by the routes (around
 * an <Outlet>), a tap would leave the old screen up, with no sign of loading, for as long as the new
 * screen's code takes on a slow network. A boundary new with the screen shows the loader at once.
 */
export function lazyScreen<T extends ComponentType<object>>(loadCode: () => Promise<{ default: T }>) {
  // Its code and the rest of Mantine's styles (src/shared/ui/styles.ts), never one without the other.
  const load = withStyles(loadCode);
  let loading: Promise<Loaded<T>> | null = null;
  const get = () => {
    // Where the server draws the first screen: the code is in its bundle, and nothing waits or retries.
    if (import.meta.env.SSR) return (loading ??= loadCode().then((module) => ({ module })));
    if (!loading) {
      // Before the first screen is up, what main.tsx fetches ahead of need waits for this code.
      const release = holdFirstScreen();
      loading = loadWithRetries();
      void loading.finally(release);
    }
    return loading;
  };

  async function loadOnce(): Promise<{ default: T }> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      return await Promise.race([
        load(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('chunk load timeout')), CHUNK_TIMEOUT_MS);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function loadWithRetries(): Promise<Loaded<T>> {
    for (const delay of [...RETRY_DELAYS_MS, null]) {
      try {
        const module = await loadOnce();
        sessionStorage.removeItem(RELOADED_FLAG);
        return { module };
      } catch {
        if (delay !== null) await wait(delay);
      }
    }
    if (!sessionStorage.getItem(RELOADED_FLAG) && (await siteAnswers())) {
      sessionStorage.setItem(RELOADED_FLAG, '1');
      window.location.reload();
      return new Promise<never>(() => undefined);
    }
    return { failed: true };
  }

  function Loaded(props: object) {
    const [, setAttempt] = useState(0);
    const loaded = use(get());
    if ('failed' in loaded) {
      return (
        <ScreenLoadFailed
          onRetry={async () => {
            // Chromium keeps a dynamic import that failed failed for the life of the page (seen in
            // e2e/offline.spec.ts: a second import() sends no request), so once the site answers only
            // a reload fetches the screen again; the screen never loaded, so no input of it is lost.
            if (await siteAnswers()) {
              window.location.reload();
              return;
            }
            loading = null;
            setAttempt((n) => n + 1);
          }}
        />
      );
    }
    const Screen = loaded.module.default as ComponentType<object>;
    return <Screen {...props} />;
  }

  function LazyScreen(props: object) {
    return (
      <Suspense fallback={useContext(LoadingShows)}>
        <Loaded {...props} />
      </Suspense>
    );
  }

  return Object.assign(LazyScreen as unknown as T, { preload: () => void get() });
}
