import { createStore } from '../../ui/store';
import type { OutboxItem } from './outbox-item';

/**
 * The outbox's writes, oldest first, as the screens show them (the offline banner reads the
 * count). Apart from the outbox's code, which loads just after the first screen (app-outbox.ts):
 * the banner is part of the first load, the sending is not.
 */
export const outboxItems = createStore<OutboxItem[]>([]);

/** Counts the send rounds that delivered something: cached reads are stale then (src/app/app.tsx reloads them). */
export const outboxDeliveries = createStore(0);
