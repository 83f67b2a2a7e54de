/**
 * The outbox's storage: one IndexedDB object store of writes, keyed by an increasing number
 * (`seq`), so reading it in key order is reading the writes in the order they were made. It
 * survives reloads, closed tabs and a restarted browser.
 */
import { idbStore } from '../../storage/idb-store';
import type { OutboxItem } from './outbox-item';

const { run, transact } = idbStore('sb-outbox', 'writes', { keyPath: 'seq', autoIncrement: true });

/** Stores a new write; resolves with its `seq` once it is on disk. */
export const addItem = async (item: Omit<OutboxItem, 'seq'>): Promise<number> =>
  Number(await run('readwrite', (s) => s.add(item)));

/** Every stored write, oldest first. */
export const allItems = (): Promise<OutboxItem[]> => run('readonly', (s) => s.getAll() as IDBRequest<OutboxItem[]>);

/** Replaces a stored write (its state changed). */
export const putItem = async (item: OutboxItem): Promise<void> => {
  await run('readwrite', (s) => s.put(item));
};

/**
 * Changes a stored write in one transaction, only while it is still there: a write discarded
 * meanwhile (in this tab or another) stays gone. Resolves with the changed write, or null.
 */
export const updateItem = (seq: number, change: (item: OutboxItem) => OutboxItem): Promise<OutboxItem | null> =>
  transact('readwrite', (store) => {
    let result: OutboxItem | null = null;
    const read = store.get(seq) as IDBRequest<OutboxItem | undefined>;
    read.onsuccess = () => {
      if (read.result === undefined) return;
      result = change(read.result);
      store.put(result);
    };
    return () => result;
  });

/** Removes a write (discarded by the user, or sent long ago). */
export const deleteItem = async (seq: number): Promise<void> => {
  await run('readwrite', (s) => s.delete(seq));
};
