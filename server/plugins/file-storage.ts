import type { FastifyInstance } from 'fastify';
import { openFileStorage, type FileSettings, type FileStorage } from '../infra/file-storage';

/** Opens the uploads folder for the routes of `app`, and closes it (a temporary one is removed) when the server closes. */
export async function installFileStorage(app: FastifyInstance, settings: FileSettings): Promise<FileStorage> {
  const storage = await openFileStorage(settings);
  app.addHook('onClose', () => storage.close());
  return storage;
}
