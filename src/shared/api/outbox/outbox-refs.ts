/**
 * An upload queued in the outbox gave its form a stand-in for the stored file's URL (OutboxItem
 * `ref`, a blob: URL). The writes that name it are sent once the upload is: with the URL the
 * server answered in its place. Pure functions, shared by the outbox's sends and the client's
 * live writes (src/shared/api/index.ts).
 */
import type { OutboxItem } from './outbox-item';

export interface RefState {
  /** The stored file's URL, once the upload is sent. */
  url?: string;
}

/** The stand-ins of the outbox's uploads: sent ones with their URL, the others waiting. */
export function refsOf(items: readonly OutboxItem[]): Map<string, RefState> {
  const refs = new Map<string, RefState>();
  for (const item of items) {
    if (item.ref) refs.set(item.ref, item.state === 'sent' && item.answer ? { url: item.answer } : {});
  }
  return refs;
}

/** `data` with every stand-in of a sent upload replaced by its URL; `waiting`: it names an upload not sent yet. */
export function resolveRefs(data: unknown, refs: ReadonlyMap<string, RefState>): { data: unknown; waiting: boolean } {
  if (refs.size === 0) return { data, waiting: false };
  let waiting = false;
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const ref = refs.get(value);
      if (!ref) return value;
      if (ref.url === undefined) waiting = true;
      return ref.url ?? value;
    }
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  const resolved = walk(data);
  return { data: resolved, waiting };
}
