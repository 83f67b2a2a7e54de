import { OFFLINE_COPY_HEADER } from '@/shared/pwa/cached-api';
import { createStore } from '@/shared/ui/store';

/**
 * The oldest time among the answers given from the phone's copies since the network went: what
 * the screens show offline is at least that recent. Null while answers come from the server.
 */
export const offlineCopySince = createStore<number | null>(null);

/** Notes an answer's headers: a copy's time lowers the mark; a live answer leaves it. */
export function noteOfflineCopy(headers: Headers | undefined): void {
  const made = Date.parse(headers?.get(OFFLINE_COPY_HEADER) ?? '');
  if (Number.isNaN(made)) return;
  offlineCopySince.set((oldest) => (oldest === null ? made : Math.min(oldest, made)));
}

// Back online the screens read again from the server: the mark starts over.
if (typeof window !== 'undefined') window.addEventListener('online', () => offlineCopySince.set(null));
