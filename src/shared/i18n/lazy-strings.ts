import { useEffect, useState } from 'react';
import i18next from 'i18next';

/**
 * Namespaces whose strings load with the screens that use them, not through the first load's
 * loader table (src/shared/i18n/i18n.ts): the pairing screens, the bulk screens, and the
 * scanned-list pieces both share, the search and list screens ('find'), the recall screen ('recall').
 */
export type LazyNamespace = 'pairing' | 'bulk' | 'scan-list' | 'admin' | 'find' | 'recall';

/** Every language's file of every lazy namespace, each its own chunk (a phone fetches only its own). */
const STRINGS = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../../locales/*/{pairing,bulk,scan-list,admin,find,recall}.json',
);

async function loadStrings(language: string, namespace: LazyNamespace): Promise<void> {
  if (i18next.hasResourceBundle(language, namespace)) return;
  const load = STRINGS[`../../../locales/${language}/${namespace}.json`];
  if (load) i18next.addResourceBundle(language, namespace, (await load()).default);
}

const hasAll = (language: string, namespaces: readonly LazyNamespace[]) =>
  namespaces.every((ns) => i18next.hasResourceBundle(language, ns));

/**
 * Whether the strings of these namespaces in the interface language are there; loads them first
 * (the screens wait for them, so nothing is ever worded with raw keys). `namespaces` should be a
 * constant (its contents are the dependency). Strings that cannot load (offline) fail the screen:
 * its error boundary shows the retry inside the shell, and the retry loads them again.
 */
export function useLazyStrings(...namespaces: LazyNamespace[]): boolean {
  const language = i18next.language;
  const wanted = namespaces.join(',');
  const [loaded, setLoaded] = useState<string | null>(() =>
    hasAll(language, namespaces) ? `${language}:${wanted}` : null,
  );
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (loaded === `${language}:${wanted}`) return undefined;
    let alive = true;
    Promise.all(wanted.split(',').map((ns) => loadStrings(language, ns as LazyNamespace))).then(
      () => alive && setLoaded(`${language}:${wanted}`),
      (error: unknown) => alive && setFailure({ error }),
    );
    return () => {
      alive = false;
    };
  }, [language, wanted, loaded]);
  if (failure) throw failure.error;
  return loaded === `${language}:${wanted}`;
}
