import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { diskFileStore, openFileStorage, type FileSettings, type FileStore } from '../infra/file-storage';
import { openDatabaseFileStore } from '../infra/file-store-postgres';

/**
 * Opens the uploads' store that FILES_STORE names, the files folder or the database the server runs
 * on, for the routes of `app`, and closes it (a temporary folder is removed) when the server closes.
 */
export async function installFileStorage(
  app: FastifyInstance,
  settings: FileSettings,
  db: Database,
): Promise<FileStore> {
  const store =
    settings.store === 'postgres' ? openDatabaseFileStore(db) : diskFileStore(await openFileStorage(settings));
  app.addHook('onClose', () => store.close());
  return store;
}
