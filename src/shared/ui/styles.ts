/**
 * Mantine's styles beyond what the first screen draws (scripts/mantine-styles.ts): one file,
 * fetched without blocking the first paint, once the first screen is up or as soon as a lazy
 * screen or dialog needs it. Lazy screens (src/app/lazy.tsx) and dialogs (lazyWithStyles) load
 * their code and these styles together, so nothing is ever drawn unstyled.
 *
 * In the build, index.html's inline script names the file (REST_STYLES_GLOBAL) and this links it
 * itself: a link that fails is removed, and the next caller links it afresh, so a screen whose
 * styles could not load says so (lazy.tsx: "offline, try again") and draws styled once they do.
 * (Vite's own loader, import('./rest-styles'), counts a stylesheet that failed as loaded for the
 * life of the page.) Without the inline script (`npm run dev`, unit tests) Vite's loader serves.
 */
import { lazy, type ComponentType } from 'react';
import { REST_STYLES_GLOBAL } from '@schemas/boot-request';

let loading: Promise<unknown> | null = null;

function linkStylesheet(href: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    // As index.html's preload asks for it (anonymous CORS), so the preloaded file is used.
    link.crossOrigin = '';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      reject(new Error(`stylesheet failed to load: ${href}`));
    };
    document.head.appendChild(link);
  });
}

export function restStyles(): Promise<unknown> {
  // Where the server draws the first screen there is no page to link them in: it links them itself.
  if (import.meta.env.SSR) return Promise.resolve();
  const href = (window as unknown as Record<string, unknown>)[REST_STYLES_GLOBAL];
  loading ??= (typeof href === 'string' ? linkStylesheet(href) : import('./rest-styles')).catch((failure: unknown) => {
    loading = null;
    throw failure;
  });
  return loading;
}

/** A module's load that also waits for the rest of Mantine's styles: the module, once both are here. */
export function withStyles<M>(load: () => Promise<M>): () => Promise<M> {
  return async () => {
    const [module] = await Promise.all([load(), restStyles()]);
    return module;
  };
}

/** React's `lazy`, whose component also waits for the rest of Mantine's styles. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React's own bound for lazy(): any props.
export function lazyWithStyles<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(withStyles(load));
}
