import { createStore } from '../../ui/store';
import type { OutboxItem } from './outbox-item';

/**
 * Who the phone works for now: the logged-in user's id (src/shared/session/use-profile.ts sets
 * it when the profile loads and clears it at logout), null for nobody. The outbox sends and
 * shows only the writes of this user; another user's stay stored for when they log in again.
 */
export const outboxOwner = createStore<string | null>(null);

/**
 * Whether `owner` may see and send a write: one made by that user, or one stored before writes
 * named who made them. Nobody logged in sees none that name a user.
 */
export const ownedBy = (item: Pick<OutboxItem, 'owner'>, owner: string | null): boolean =>
  item.owner === undefined || item.owner === owner;

/** Writes that will still be sent (the banner's count): neither sent nor refused. */
export const isWaiting = (item: Pick<OutboxItem, 'state'>): boolean =>
  item.state === 'queued' || item.state === 'sending';

/**
 * The current owner's writes in the outbox, oldest first, as the screens show them (the offline
 * banner reads the count). Apart from the outbox's code, which loads just after the first screen (app-outbox.ts):
 * the banner is part of the first load, the sending is not.
 */
export const outboxItems = createStore<OutboxItem[]>([]);

/** Counts the send rounds that delivered something: cached reads are stale then (src/app/app.tsx reloads them). */
export const outboxDeliveries = createStore(0);
