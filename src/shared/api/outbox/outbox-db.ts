/**
 * The outbox's storage: one IndexedDB object store of writes, keyed by an increasing number
 * (`seq`), so reading it in key order is reading the writes in the order they were made. It
 * survives reloads, closed tabs and a restarted browser.
 */
import type { OutboxItem } from './outbox-item';

const DB_NAME = 'sb-outbox';
const STORE = 'writes';

let opening: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/** Runs one request in a transaction and resolves when the transaction has committed. */
async function run<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = use(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

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
export async function updateItem(seq: number, change: (item: OutboxItem) => OutboxItem): Promise<OutboxItem | null> {
  const db = await openDb();
  return new Promise<OutboxItem | null>((resolve, reject) => {
    const tx = db.transaction(STORE, 'readwrite');
    const store = tx.objectStore(STORE);
    let result: OutboxItem | null = null;
    const read = store.get(seq) as IDBRequest<OutboxItem | undefined>;
    read.onsuccess = () => {
      if (read.result === undefined) return;
      result = change(read.result);
      store.put(result);
    };
    tx.oncomplete = () => resolve(result);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Removes a write (discarded by the user, or sent long ago). */
export const deleteItem = async (seq: number): Promise<void> => {
  await run('readwrite', (s) => s.delete(seq));
};
