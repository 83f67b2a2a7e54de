/**
 * Mantine's styles beyond what the first screen draws (scripts/mantine-styles.ts): one file,
 * fetched without blocking the first paint, once the first screen is up or as soon as a lazy
 * screen or dialog needs it. Lazy screens (src/app/lazy.tsx) and dialogs (lazyWithStyles) load
 * their code and these styles together, so nothing is ever drawn unstyled. A failed fetch is
 * tried again by the next caller.
 */
import { lazy, type ComponentType } from 'react';

let loading: Promise<unknown> | null = null;

export function restStyles(): Promise<unknown> {
  loading ??= import('./rest-styles').catch((failure: unknown) => {
    loading = null;
    throw failure;
  });
  return loading;
}

/** React's `lazy`, whose component also waits for the rest of Mantine's styles. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React's own bound for lazy(): any props.
export function lazyWithStyles<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), restStyles()]);
    return module;
  });
}
