/**
 * Scan lists kept on the phone while they are scanned: one IndexedDB record per user, screen and
 * barcode, so a reload, a crashed tab or a restarted browser gives the list back. IndexedDB rather
 * than sessionStorage because a restarted browser must find it; per user, so the next person on a
 * shared phone does not find someone else's list.
 */
import { idbStore } from '../storage/idb-store';

/** What a kept entry needs to be listed again (its verdict is asked again). */
export interface KeptEntry {
  text: string;
  reference: string;
  id: string | null;
}

const { run } = idbStore('sb-scan-lists', 'lists');

/** The key of one kept list. */
export const keptListKey = (userId: string, screen: string, barcodeId: string) => `${userId}\n${screen}\n${barcodeId}`;

const isKeptEntry = (value: unknown): value is KeptEntry =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as KeptEntry).text === 'string' &&
  typeof (value as KeptEntry).reference === 'string' &&
  (typeof (value as KeptEntry).id === 'string' || (value as KeptEntry).id === null);

/** The kept list, or null when there is none (or storage is unavailable: private mode, blocked). */
export async function readKeptList(key: string): Promise<KeptEntry[] | null> {
  try {
    const value: unknown = await run('readonly', (s) => s.get(key) as IDBRequest<unknown>);
    return Array.isArray(value) ? value.filter(isKeptEntry) : null;
  } catch {
    return null;
  }
}

/** Keeps the list as it is now; an empty list is forgotten. */
export async function writeKeptList(key: string, entries: readonly KeptEntry[]): Promise<void> {
  try {
    if (entries.length === 0) await run('readwrite', (s) => s.delete(key));
    else
      await run('readwrite', (s) =>
        s.put(
          entries.map(({ text, reference, id }) => ({ text, reference, id })),
          key,
        ),
      );
  } catch {
    // Storage full or blocked: the list lives in this page only, as it did before lists were kept.
  }
}

/** Every key of `userId`'s kept lists: the user's id, then a line break, then screen and barcode. */
const listsOf = (userId: string) => IDBKeyRange.bound(`${userId}\n`, `${userId}\n\uffff`);

/** How many scan lists the phone keeps for this user (0 when storage is unavailable). */
export async function countKeptLists(userId: string): Promise<number> {
  try {
    return await run('readonly', (s) => s.count(listsOf(userId)));
  } catch {
    return 0;
  }
}

/** Forgets every scan list kept for this user (a logout that discards the user's unsent work). */
export async function discardKeptLists(userId: string): Promise<void> {
  try {
    await run('readwrite', (s) => s.delete(listsOf(userId)));
  } catch {
    // Storage blocked: there is nothing stored to forget.
  }
}
