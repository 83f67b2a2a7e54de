import { createStore } from './store';

/** A request for one photo (the files widget's photo-only kind), answered by the photo host. */
export interface PhotoRequest {
  resolve(photo: File | null): void;
}

export const photoRequestStore = createStore<PhotoRequest | null>(null);

/** Opens the photo dialog over the current screen; resolves with the PNG taken, or null. */
export function requestPhoto(): Promise<File | null> {
  return new Promise((resolve) => {
    photoRequestStore.get()?.resolve(null);
    photoRequestStore.set({ resolve });
  });
}
