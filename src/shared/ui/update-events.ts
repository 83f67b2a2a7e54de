import { UPDATE_REMINDER_DELAY_MS } from '../config';
import { readStored, writeStored } from '../storage/storage';
import { createStore } from './store';

export interface UpdateState {
  latestVersion: string;
  forced: boolean;
}

/** Set when a response announced a newer client version. */
export const updateStore = createStore<UpdateState | null>(null);

/** Called by the API client on every response that carries version headers. */
export function announceVersion(latestVersion: string, forced: boolean, now = Date.now()): void {
  const current = updateStore.get();
  if (current && current.latestVersion === latestVersion && current.forced === forced) return;
  const remindAt = Number(readStored('updateRemindAt') ?? 0);
  if (!forced && now < remindAt) return;
  updateStore.set({ latestVersion, forced });
}

/** 'Later': hide the dialog and ask again after UPDATE_REMINDER_DELAY_MS. */
export function postponeUpdate(now = Date.now()): void {
  writeStored('updateRemindAt', String(now + UPDATE_REMINDER_DELAY_MS));
  updateStore.set(null);
}
