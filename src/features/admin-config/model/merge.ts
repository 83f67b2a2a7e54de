/**
 * A three-way merge of two edits of one draft: the configuration both started from (base), the
 * admin's unsaved one (mine) and the one saved meanwhile (theirs). What only one side changed is
 * taken from that side; lists of things with a `key` (fields, trackpoints, forms, options) are
 * merged item by item, so a field added on each side keeps both. Where both sides changed the
 * same value differently it is a conflict: the server's value is taken unless the admin chose
 * theirs (`keepMine`).
 */

/** One place both sides changed differently. */
export interface MergeConflict {
  /** Stable id of the place: its keys, list items named by their `key` (`barcodeTypes/pallet/trackPoints/[dc]/...`). */
  id: string;
  /** The same place as words a person reads: `pallet › dc › receiving › sealNumber › label › en`. */
  place: string;
  mine: unknown;
  theirs: unknown;
}

export interface MergeResult {
  merged: unknown;
  conflicts: MergeConflict[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const keyOf = (item: unknown): string | undefined =>
  isObject(item) && typeof item.key === 'string' ? item.key : undefined;

/** A list whose every item has a distinct string key, merged by key (an absent list counts as keyed). */
const isKeyed = (list: unknown): list is Record<string, unknown>[] => {
  if (list === undefined) return true;
  if (!Array.isArray(list)) return false;
  const keys = list.map(keyOf);
  return keys.every((k) => k !== undefined) && new Set(keys).size === keys.length;
};

/** Deep equality of JSON values; key order in objects is no difference. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && sameJson(a[k], b[k]));
  }
  return false;
}

const sameOrder = (a: string[], b: string[]) => {
  const common = a.filter((k) => b.includes(k));
  const other = b.filter((k) => a.includes(k));
  return common.every((k, i) => k === other[i]);
};

/**
 * The order of the merged keys: the side that reordered what was there wins (the server's when
 * both did); the other side's new keys follow the key they followed on their side.
 */
function orderOf(kept: Set<string>, base: string[], mine: string[], theirs: string[]): string[] {
  const [leader, follower] = !sameOrder(base, mine) && sameOrder(base, theirs) ? [mine, theirs] : [theirs, mine];
  const order = leader.filter((k) => kept.has(k));
  follower.forEach((key, index) => {
    if (!kept.has(key) || order.includes(key)) return;
    const before = follower
      .slice(0, index)
      .reverse()
      .find((k) => order.includes(k));
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, key);
  });
  return order;
}

/** The configuration's list properties: left out of a place's words, which name the items instead. */
const LIST_NAMES = new Set(['trackPoints', 'trackPointForms', 'customFields', 'activationFields']);

interface Walk {
  conflicts: MergeConflict[];
  keepMine: ReadonlySet<string>;
}

function merge3(base: unknown, mine: unknown, theirs: unknown, id: string[], place: string[], walk: Walk): unknown {
  if (sameJson(mine, theirs)) return mine;
  if (sameJson(mine, base)) return theirs;
  if (sameJson(theirs, base)) return mine;
  if (isObject(mine) && isObject(theirs) && (isObject(base) || base === undefined)) {
    const from = base ?? {};
    const merged: Record<string, unknown> = {};
    const keys = orderOf(
      new Set([...Object.keys(mine), ...Object.keys(theirs)]),
      Object.keys(from),
      Object.keys(mine),
      Object.keys(theirs),
    );
    for (const key of keys) {
      const value = merge3(from[key], mine[key], theirs[key], [...id, key], [...place, key], walk);
      if (value !== undefined) merged[key] = value;
    }
    return merged;
  }
  if (Array.isArray(mine) && Array.isArray(theirs) && isKeyed(base) && isKeyed(mine) && isKeyed(theirs)) {
    const byKey = (list: Record<string, unknown>[] | undefined) => new Map((list ?? []).map((i) => [keyOf(i)!, i]));
    const [b, m, t] = [byKey(base), byKey(mine), byKey(theirs)];
    const merged = new Map<string, unknown>();
    for (const key of new Set([...m.keys(), ...t.keys(), ...b.keys()])) {
      const value = merge3(b.get(key), m.get(key), t.get(key), [...id, `[${key}]`], [...place, key], walk);
      if (value !== undefined) merged.set(key, value);
    }
    return orderOf(new Set(merged.keys()), [...b.keys()], [...m.keys()], [...t.keys()]).map((k) => merged.get(k));
  }
  const conflictId = id.join('/');
  const words = place.filter((segment, i) => !(i === 0 && segment === 'barcodeTypes') && !LIST_NAMES.has(segment));
  walk.conflicts.push({ id: conflictId, place: words.join(' › ') || '/', mine, theirs });
  return walk.keepMine.has(conflictId) ? mine : theirs;
}

/** Merges the admin's edit (mine) with the draft saved meanwhile (theirs), both made from base. */
export function mergeDrafts(
  base: unknown,
  mine: unknown,
  theirs: unknown,
  keepMine: ReadonlySet<string> = new Set(),
): MergeResult {
  const walk: Walk = { conflicts: [], keepMine };
  const merged = merge3(base, mine, theirs, [], [], walk);
  return { merged, conflicts: walk.conflicts };
}

/** `[key]`, a conflict id's segment naming an item of a keyed list. */
const ITEM = /^\[(.*)\]$/;

function setAt(node: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const item = ITEM.exec(head);
  if (item) {
    // The item is gone from what is being edited (removed since): nothing to put the choice in.
    if (!Array.isArray(node)) return node;
    const index = node.findIndex((i) => keyOf(i) === item[1]);
    if (index < 0) return rest.length === 0 && value !== undefined ? [...node, value] : node;
    const next = setAt(node[index], rest, value);
    return next === undefined ? node.filter((_, i) => i !== index) : node.map((v, i) => (i === index ? next : v));
  }
  if (node !== undefined && !isObject(node)) return node;
  const object: Record<string, unknown> = { ...(node ?? {}) };
  const next = setAt(object[head], rest, value);
  if (next === undefined) delete object[head];
  else object[head] = next;
  return object;
}

/**
 * A side chosen for one conflict (`id`, as mergeDrafts names it), put into the configuration being
 * edited now: only that place changes (`undefined` removes it), so whatever the admin edited since
 * the merge, or chose for the other conflicts, stays. A place whose list item is gone is left as it is.
 */
export function applyChoice(config: unknown, id: string, value: unknown): unknown {
  return setAt(config, id === '' ? [] : id.split('/'), value);
}
