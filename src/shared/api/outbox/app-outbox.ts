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
      const sent = {
        idempotencyKey: item.key,
        madeAt: item.madeAt,
        configRevision: item.configRevision ?? 1,
        queue: false,
      };
      if (item.form) {
        // An upload: its form again, the file as it was stored.
        const body = new FormData();
        for (const entry of item.form) {
          if (typeof entry.value === 'string') body.append(entry.name, entry.value);
          else body.append(entry.name, entry.value, entry.fileName);
        }
        return api.upload<string>(item.url, body, () => undefined, sent);
      }
      return (await api.request(item.method, item.url, { ...sent, data: item.data })).data;
    },
    onDelivered: () => outboxDeliveries.set((n) => n + 1),
  });
  return made;
}
