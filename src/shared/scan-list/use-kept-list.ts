import { useCallback, useEffect, useRef, useState } from 'react';
import { useProfile } from '@/shared/session/use-profile';
import { keptListKey, readKeptList, writeKeptList } from './kept-lists';
import { restoredEntries, type ScanEntry } from './scan-list';

/** Which list: the screen (its route name) and the barcode it was opened from. */
export interface KeptListPlace {
  screen: string;
  barcodeId: string;
}

/**
 * Keeps a screen's scan list on the phone as it changes (kept-lists.ts) and, once when the
 * screen opens, gives back what was kept there (`onRestore`, with fresh keys: the verdicts are
 * asked again). `keep` false (the list was sent, or is being sent): the kept copy is forgotten,
 * so a reload after sending does not list the sent barcodes again. Nothing is written before the
 * kept list was read, so opening a screen never overwrites what it should restore.
 */
export function useKeptList(
  place: KeptListPlace | null,
  entries: readonly ScanEntry[],
  onRestore: (entries: ScanEntry[]) => void,
  keep = true,
) {
  const userId = useProfile().data?.user.id ?? null;
  const key = place && userId ? keptListKey(userId, place.screen, place.barcodeId) : null;
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const [restoredCount, setRestoredCount] = useState(0);
  const restore = useRef(onRestore);
  useEffect(() => {
    restore.current = onRestore;
  }, [onRestore]);

  useEffect(() => {
    if (!key) return undefined;
    let alive = true;
    void readKeptList(key).then((kept) => {
      if (!alive) return;
      if (kept && kept.length > 0) {
        restore.current(restoredEntries(kept));
        setRestoredCount(kept.length);
      }
      setLoadedKey(key);
    });
    return () => {
      alive = false;
    };
  }, [key]);

  // Writes one after another, so the last one on disk is the list as it is now.
  const writing = useRef<Promise<void>>(Promise.resolve());
  useEffect(() => {
    if (!key || loadedKey !== key) return;
    const snapshot = keep ? entries.map(({ text, reference, id }) => ({ text, reference, id })) : [];
    writing.current = writing.current.then(() => writeKeptList(key, snapshot));
  }, [key, loadedKey, entries, keep]);

  return {
    /**
     * Forgets the phone's copy now (the list was sent and the screen is about to go: its last
     * render would not write the empty list).
     */
    forget: useCallback(async () => {
      if (!key) return;
      const done = writing.current.then(() => writeKeptList(key, []));
      writing.current = done;
      await done;
    }, [key]),
    /** How many entries were given back when the screen opened (0: none were kept). */
    restoredCount,
    /** The kept list was read (or there is no user to keep it for). */
    loaded: key === null || loadedKey === key,
  };
}
