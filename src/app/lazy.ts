import { lazy, type ComponentType } from 'react';

/** Spec section 9: a lazy chunk that has not loaded in 120 s counts as failed. */
const CHUNK_TIMEOUT_MS = 120_000;
const RELOADED_FLAG = 'sb-chunk-reload';

/**
 * React.lazy for route screens. A chunk that fails to load (usually: a new version was deployed
 * and the old file is gone) reloads the page once (spec section 4); a second failure in a row
 * is shown as an error instead of reloading forever.
 */
export function lazyScreen<T extends ComponentType<object>>(load: () => Promise<{ default: T }>) {
  let loading: Promise<{ default: T }> | null = null;
  const get = () => {
    loading ??= loadOnce();
    return loading;
  };
  // preload(): start fetching the chunk before the screen renders (e.g. while its data loads).
  return Object.assign(lazy(get), { preload: () => void get() });

  async function loadOnce(): Promise<{ default: T }> {
    try {
      const module = await Promise.race([
        load(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('chunk load timeout')), CHUNK_TIMEOUT_MS)),
      ]);
      sessionStorage.removeItem(RELOADED_FLAG);
      return module;
    } catch (error) {
      if (!sessionStorage.getItem(RELOADED_FLAG)) {
        sessionStorage.setItem(RELOADED_FLAG, '1');
        window.location.reload();
        return new Promise<never>(() => undefined);
      }
      throw error;
    }
  }
}
