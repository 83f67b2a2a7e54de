import type { ApiClient } from '../client';
import { createOutbox, type Outbox } from './outbox';
import { outboxDeliveries } from './outbox-items';

let made: Outbox | undefined;

/**
 * The app's one outbox, sending through `api` (the app's client: src/shared/api/index.ts), each
 * stored write with its own key and time, never queued again (a send that gets no answer stays
 * where it is). Loaded right after the first render (main.tsx), so it is in memory before the
 * user can make a write, offline included.
 */
export function appOutbox(api: ApiClient): Outbox {
  made ??= createOutbox({
    send: async (item) => {
      await api.request(item.method, item.url, { data: item.data, idempotencyKey: item.key, madeAt: item.madeAt, queue: false });
    },
    onDelivered: () => outboxDeliveries.set((n) => n + 1),
  });
  return made;
}
