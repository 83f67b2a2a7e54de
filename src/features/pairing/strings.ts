import { useEffect, useState } from 'react';
import i18next from 'i18next';

/** The pairing strings of each language, in this feature's chunk (not in the first load's list of files). */
const STRINGS = import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/*/pairing.json');

async function loadPairingStrings(language: string): Promise<void> {
  if (i18next.hasResourceBundle(language, 'pairing')) return;
  const load = STRINGS[`../../../locales/${language}/pairing.json`];
  if (load) i18next.addResourceBundle(language, 'pairing', (await load()).default);
}

/**
 * Whether the pairing strings of the interface language are there; loads them first (the
 * screens wait for them, so nothing is ever worded with raw keys).
 */
export function usePairingStrings(): boolean {
  const language = i18next.language;
  const [loaded, setLoaded] = useState<string | null>(() => (i18next.hasResourceBundle(language, 'pairing') ? language : null));
  useEffect(() => {
    if (loaded === language) return undefined;
    let alive = true;
    void loadPairingStrings(language).then(() => alive && setLoaded(language));
    return () => {
      alive = false;
    };
  }, [language, loaded]);
  return loaded === language;
}
