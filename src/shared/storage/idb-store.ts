/**
 * One IndexedDB object store in a database of its own, opened on first use and kept for the page
 * (an open that failed is tried again at the next use). What the phone keeps across a restarted
 * browser goes through here: the outbox's writes, the scan lists being scanned.
 */
export interface IdbStore {
  /**
   * Runs `use` in one transaction of the store; resolves, once the transaction has committed, with
   * what the function `use` returned gives then (what its requests read).
   */
  transact<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => () => T): Promise<T>;
  /** Runs one request in a transaction; resolves with its result once the transaction has committed. */
  run<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>): Promise<T>;
}

export function idbStore(dbName: string, storeName: string, options?: IDBObjectStoreParameters): IdbStore {
  let opening: Promise<IDBDatabase> | null = null;
  const open = (): Promise<IDBDatabase> => {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      if (typeof indexedDB === 'undefined') throw new Error('IndexedDB unavailable');
      const request = indexedDB.open(dbName, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(storeName, options);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
    }).catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };

  const transact = async <T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => () => T): Promise<T> => {
    const db = await open();
    return new Promise<T>((resolve, reject) => {
      const tx = db.transaction(storeName, mode);
      const result = use(tx.objectStore(storeName));
      tx.oncomplete = () => resolve(result());
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  };

  return {
    transact,
    run: (mode, use) =>
      transact(mode, (store) => {
        const request = use(store);
        return () => request.result;
      }),
  };
}
