/**
 * Recall: which packages a lot, a product or a barcode implicates, and why (docs/admins/recall.md).
 * Pure functions over what the history already keeps: pairing and linking records give the time
 * windows in which two packages were together, tracking steps the times a parent moved.
 */

import { parseGs1 } from '../../gs1';
import type { ProjectConfig } from '../../schemas/project-config';

/** One entry of a barcode's history as the trace reads it; `at` in milliseconds since the epoch. */
export interface RelationEntry {
  barcodeId: string;
  action: string;
  data: unknown;
  at: number;
}

/** A time window, in milliseconds: `from` -Infinity for "since always", `to` Infinity for "still now". */
export interface Window {
  from: number;
  to: number;
}

/** A child on a parent during a window. */
export interface PairWindow extends Window {
  childId: string;
  parentId: string;
}

/** Two barcodes linked during a window (`a` sorts before `b`). */
export interface LinkWindow extends Window {
  a: string;
  b: string;
}

/** What the trace reads: who was on whom when, who was linked to whom when, and when each parent moved. */
export interface RelationGraph {
  pairs: readonly PairWindow[];
  links: readonly LinkWindow[];
  /** The times each barcode changed place (tracked, moved with its parent, stocked in or out). */
  moves: ReadonlyMap<string, readonly number[]>;
}

/** History actions that open or close a pairing or a link. */
export const RELATION_ACTIONS: readonly string[] = ['paired', 'unpaired', 'linked', 'unlinked'];

/** History actions by which a barcode changes place. */
export const MOVE_ACTIONS: readonly string[] = [
  'activated',
  'tracked',
  'tracking-undone',
  'moved-with-parent',
  'moved-back-with-parent',
  'stocked-in',
  'stocked-out',
];

const record = (data: unknown): Record<string, unknown> => (data ?? {}) as Record<string, unknown>;

/** What a lookup answers for a key it does not have. */
const NONE: readonly never[] = [];

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

const oneString = (value: unknown): string[] => (typeof value === 'string' ? [value] : []);

/**
 * Opens and closes windows from events in time order. Both barcodes of a pairing or a link write
 * an entry of the same moment, so a second opening of an open window, or a closing of a closed
 * one, is the other side's record of the same event.
 */
function windowsOf<T>(
  events: readonly { key: string; open: boolean; at: number; value: T }[],
): { value: T; from: number; to: number }[] {
  const open = new Map<string, { value: T; from: number; to: number }>();
  const done: { value: T; from: number; to: number }[] = [];
  const sorted = [...events].sort((x, y) => x.at - y.at);
  for (const event of sorted) {
    const current = open.get(event.key);
    if (event.open && !current) open.set(event.key, { value: event.value, from: event.at, to: Infinity });
    if (!event.open && current) {
      current.to = event.at;
      done.push(current);
      open.delete(event.key);
    }
  }
  return [...done, ...open.values()];
}

/** Pairing windows from 'paired' and 'unpaired' entries of children (`parentId`) and of parents (`childrenIds`). */
export function pairingWindows(entries: readonly RelationEntry[]): PairWindow[] {
  const events = entries.flatMap((entry) => {
    if (entry.action !== 'paired' && entry.action !== 'unpaired') return [];
    const data = record(entry.data);
    const pairs = [
      ...oneString(data.parentId).map((parentId) => ({ childId: entry.barcodeId, parentId })),
      ...strings(data.childrenIds).map((childId) => ({ childId, parentId: entry.barcodeId })),
    ];
    return pairs.map((pair) => ({
      key: `${pair.childId}\n${pair.parentId}`,
      open: entry.action === 'paired',
      at: entry.at,
      value: pair,
    }));
  });
  return windowsOf(events).map((w) => ({ ...w.value, from: w.from, to: w.to }));
}

/** Link windows from 'linked' entries (`linkedBarcodeIds` or `linkedBarcodeId`) and 'unlinked' ones. */
export function linkWindows(entries: readonly RelationEntry[]): LinkWindow[] {
  const events = entries.flatMap((entry) => {
    if (entry.action !== 'linked' && entry.action !== 'unlinked') return [];
    const data = record(entry.data);
    return [...strings(data.linkedBarcodeIds), ...oneString(data.linkedBarcodeId)].map((other) => {
      const [a, b] = [entry.barcodeId, other].sort();
      return { key: `${a}\n${b}`, open: entry.action === 'linked', at: entry.at, value: { a: a!, b: b! } };
    });
  });
  return windowsOf(events).map((w) => ({ ...w.value, from: w.from, to: w.to }));
}

/** The times each barcode changed place, from its history. */
export function movesOf(entries: readonly RelationEntry[]): Map<string, number[]> {
  const moves = new Map<string, number[]>();
  for (const entry of entries) {
    if (!MOVE_ACTIONS.includes(entry.action)) continue;
    const list = moves.get(entry.barcodeId) ?? [];
    list.push(entry.at);
    moves.set(entry.barcodeId, list);
  }
  return moves;
}

/** Where two windows overlap, or null when they only touch or do not meet. */
export function overlap(x: Window, y: Window): Window | null {
  const from = Math.max(x.from, y.from);
  const to = Math.min(x.to, y.to);
  return from < to ? { from, to } : null;
}

/** Whether the barcode changed place strictly inside the window: it travelled during it. */
export const movedWithin = (times: readonly number[], window: Window): boolean =>
  times.some((t) => t > window.from && t < window.to);

/** Why a package is implicated. `via` is the other package of the relation. */
export type RecallReason =
  | { kind: 'start' }
  /** It carried `via` (a package of the start or one it carried) during the window. */
  | ({ kind: 'carried'; via: string } & Window)
  /** It was inside `via` during the window. */
  | ({ kind: 'contained'; via: string } & Window)
  /** It was on `via` together with an implicated package while `via` moved. */
  | ({ kind: 'sharedParent'; via: string } & Window)
  /** It was linked to `via` while `via` was implicated. */
  | ({ kind: 'linked'; via: string } & Window);

/** start: matched the search; backward: carried one that did; forward: everything reached from them. */
export type RecallDirection = 'start' | 'backward' | 'forward';

/** One implicated package: its smallest number of pairing or link steps from a start package, and why. */
export interface TracedPackage {
  id: string;
  direction: RecallDirection;
  depth: number;
  reasons: RecallReason[];
}

/** The outcome of a trace: the packages (at most `limit`), and whether more were found than that. */
export interface TraceResult {
  packages: TracedPackage[];
  total: number;
  truncated: boolean;
}

/** How far pairing is followed up or down; pairing refuses loops, so only damaged data gets this deep. */
export const MAX_TRACE_DEPTH = 64;

const ALWAYS: Window = { from: -Infinity, to: Infinity };
const PRECEDENCE: Record<RecallDirection, number> = { start: 0, backward: 1, forward: 2 };

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * Every package the start packages implicate:
 * - backward: each parent a start package was on, at any time, and that parent's parents while it
 *   was there ("carried");
 * - forward: everything inside a start package at any time ("contained"); every package that was
 *   on one of those parents together with it while the parent moved, and what was inside that
 *   package then ("sharedParent", "contained") - a case unpaired before the pallet left, or paired
 *   after it came back, did not travel with it; every barcode linked to an implicated package
 *   while it was implicated ("linked"), one step only.
 * A package found several ways keeps every reason (one per relation, windows joined), the
 * strongest direction and the smallest depth.
 */
export function traceRecall(startIds: readonly string[], graph: RelationGraph, limit: number): TraceResult {
  const byChild = groupBy(graph.pairs, (p) => p.childId);
  const byParent = groupBy(graph.pairs, (p) => p.parentId);
  const found = new Map<string, TracedPackage>();
  // Each package's distinct windows, for the links.
  const windows = new Map<string, Map<string, Window>>();
  // Many start packages share their parents: a walk up or down from the same package, window and
  // carrier finds the same again, so it is made once (again only when it comes nearer a start).
  const walks = new Map<string, number>();
  // Stryker disable all: equivalent in what is found; without the memory each walk is made again
  // and finds the same packages, only slower (the speed is what it is for).
  const walked = (key: string, depth: number): boolean => {
    const before = walks.get(key);
    if (before !== undefined && before <= depth) return true;
    walks.set(key, depth);
    return false;
  };
  // Stryker restore all

  const add = (id: string, direction: RecallDirection, depth: number, reason: RecallReason): void => {
    const known = found.get(id);
    if (!known) {
      found.set(id, { id, direction, depth, reasons: [reason] });
    } else {
      if (known.direction === 'start') return;
      // Stryker disable next-line EqualityOperator: equivalent; at equal precedence the direction is the same one
      if (PRECEDENCE[direction] < PRECEDENCE[known.direction]) known.direction = direction;
      known.depth = Math.min(known.depth, depth);
      const same = known.reasons.find(
        (r) => r.kind === reason.kind && 'via' in r && 'via' in reason && r.via === reason.via,
      );
      if (same && 'from' in same && 'from' in reason) {
        same.from = Math.min(same.from, reason.from);
        same.to = Math.max(same.to, reason.to);
      } else known.reasons.push(reason);
    }
    const window = 'from' in reason ? { from: reason.from, to: reason.to } : ALWAYS;
    const list = windows.get(id) ?? new Map<string, Window>();
    list.set(`${window.from}\n${window.to}`, window);
    windows.set(id, list);
  };

  const descend = (container: string, window: Window, depth: number, carrier: string | null) => {
    if (depth >= MAX_TRACE_DEPTH || walked(`down\n${container}\n${window.from}\n${window.to}\n${carrier}`, depth))
      return;
    const carrierMoves = carrier === null ? null : (graph.moves.get(carrier) ?? NONE);
    for (const pair of byParent.get(container) ?? NONE) {
      const inside = overlap(window, pair);
      if (!inside || (carrierMoves && !movedWithin(carrierMoves, inside))) continue;
      add(pair.childId, 'forward', depth + 1, { kind: 'contained', via: container, ...inside });
      descend(pair.childId, inside, depth + 1, carrier);
    }
  };

  const ascend = (child: string, window: Window, depth: number) => {
    if (depth >= MAX_TRACE_DEPTH || walked(`up\n${child}\n${window.from}\n${window.to}`, depth)) return;
    for (const up of byChild.get(child) ?? NONE) {
      const carried = overlap(window, up);
      if (!carried) continue;
      const parent = up.parentId;
      add(parent, 'backward', depth + 1, { kind: 'carried', via: child, ...carried });
      const parentMoves = graph.moves.get(parent) ?? NONE;
      for (const other of byParent.get(parent) ?? NONE) {
        if (other.childId === child) continue;
        const shared = overlap(carried, other);
        if (!shared || !movedWithin(parentMoves, shared)) continue;
        add(other.childId, 'forward', depth + 2, { kind: 'sharedParent', via: parent, ...shared });
        descend(other.childId, shared, depth + 2, parent);
      }
      ascend(parent, carried, depth + 1);
    }
  };

  for (const id of startIds) add(id, 'start', 0, { kind: 'start' });
  for (const id of startIds) {
    descend(id, ALWAYS, 0, null);
    ascend(id, ALWAYS, 0);
  }
  const linksBy = groupBy(
    graph.links.flatMap((link) => [
      { id: link.a, link },
      { id: link.b, link },
    ]),
    (l) => l.id,
  );
  for (const traced of [...found.values()]) {
    for (const { link } of linksBy.get(traced.id) ?? NONE) {
      const other = link.a === traced.id ? link.b : link.a;
      for (const window of windows.get(traced.id)?.values() ?? NONE) {
        const linked = overlap(window, link);
        if (linked) add(other, 'forward', traced.depth + 1, { kind: 'linked', via: traced.id, ...linked });
      }
    }
  }
  // The reasons in time order, whatever order the records came in, so a trace reads the same each time.
  for (const traced of found.values()) traced.reasons.sort(byReason);
  // Ids are unique (a package is found once), so two never compare equal.
  const packages = [...found.values()].sort(
    // Stryker disable next-line EqualityOperator: equivalent; ids never compare equal
    (x, y) => PRECEDENCE[x.direction] - PRECEDENCE[y.direction] || x.depth - y.depth || (x.id > y.id ? 1 : -1),
  );
  return { packages: packages.slice(0, limit), total: packages.length, truncated: packages.length > limit };
}

// Stryker disable next-line all: equivalent; only a start package has a reason without a window, and it has no other reason to be compared with
const startOf = (reason: RecallReason): number => ('from' in reason ? reason.from : -Infinity);
const keyOf = (reason: RecallReason): string => `${reason.kind}\n${(reason as { via?: string }).via}`;

/**
 * Earlier windows first; at the same start by kind, then by the package they came through. Two
 * windows open since ever differ by NaN, which is falsy: they count as starting together. Two
 * reasons of one package never share their kind and package (`add` joins their windows), so
 * their keys never compare equal.
 */
const byReason = (x: RecallReason, y: RecallReason): number =>
  // Stryker disable next-line EqualityOperator: equivalent; the keys never compare equal
  startOf(x) - startOf(y) || (keyOf(x) < keyOf(y) ? -1 : 1);

/** What a trace starts from. */
export type RecallStart =
  | { kind: 'barcode'; barcodeId: string }
  | { kind: 'lot'; lot: string; gtin?: string }
  | { kind: 'product'; gtin?: string; productCode?: string };

/** A barcode as the start matcher reads it. */
export interface StartCandidate {
  id: string;
  barcode_type: string | null;
  activation_data: Record<string, unknown> | null;
  external_id: string | null;
}

/** A GTIN of 8, 12, 13 or 14 digits as its 14 digits, for comparing; anything else as it is. */
export const gtin14 = (gtin: string): string => (/^(\d{8}|\d{12,14})$/.test(gtin) ? gtin.padStart(14, '0') : gtin);

/** The activation fields that hold the lot (AI 10), the GTIN (AI 01) and the expiry (AI 17) of a barcode type. */
export function gs1FieldsOf(
  config: Pick<ProjectConfig, 'barcodeTypes'>,
  barcodeType: string | null,
): { lot?: string; gtin?: string; expiry?: string } {
  const mapping = config.barcodeTypes[String(barcodeType)]?.gs1Mapping ?? {};
  return { lot: mapping['10'], gtin: mapping['01'], expiry: mapping['17'] };
}

/** Every activation field key any barcode type names as its lot (AI 10) or GTIN (AI 01), for narrowing in SQL. */
export function gs1FieldKeys(config: Pick<ProjectConfig, 'barcodeTypes'>, ai: '10' | '01'): string[] {
  const keys = Object.values(config.barcodeTypes).flatMap((type) => oneString(type.gs1Mapping?.[ai]));
  return [...new Set(keys)].sort();
}

/** The lot (AI 10) and GTIN (AI 01) a barcode carries in its GS1 external id, when it carries GS1 data. */
export function gs1OfExternalId(externalId: string | null): { lot?: string; gtin?: string } {
  const parsed = externalId ? parseGs1(externalId) : null;
  if (parsed?.status !== 'ok') return {};
  const value = (ai: string) => parsed.elements.find((e) => e.ai === ai)?.value;
  return { lot: value('10'), gtin: value('01') };
}

/** A lot and a GTIN as compared: absent ones left out, the GTIN as 14 digits. */
const reading = (lot: string | undefined, gtin: string | undefined): { lot?: string; gtin?: string } => ({
  ...(lot === undefined ? {} : { lot }),
  ...(gtin === undefined ? {} : { gtin: gtin14(gtin) }),
});

/**
 * The lot and GTIN of a barcode: from the activation fields its type names for AI 10 and 01, else
 * from the GS1 data of its external id.
 */
export function lotOf(
  config: Pick<ProjectConfig, 'barcodeTypes'>,
  barcode: StartCandidate,
): { lot?: string; gtin?: string } {
  const fields = gs1FieldsOf(config, barcode.barcode_type);
  const data = barcode.activation_data ?? {};
  const field = (key: string | undefined) => (key === undefined ? undefined : oneString(data[key])[0]);
  const gs1 = gs1OfExternalId(barcode.external_id);
  return reading(field(fields.lot) ?? gs1.lot, field(fields.gtin) ?? gs1.gtin);
}

/** Whether the barcode is one the trace starts from. */
export function matchesStart(
  config: Pick<ProjectConfig, 'barcodeTypes'>,
  start: RecallStart,
  barcode: StartCandidate,
): boolean {
  if (start.kind === 'barcode') return barcode.id === start.barcodeId;
  // The fields and the GS1 data are each read as a lot with its GTIN: either may match, so a
  // barcode whose two disagree is recalled under both rather than missed under one.
  const gs1 = gs1OfExternalId(barcode.external_id);
  const read = [lotOf(config, barcode), reading(gs1.lot, gs1.gtin)];
  const gtinMatches = (gtin: string | undefined) => start.gtin === undefined || gtin === gtin14(start.gtin);
  if (start.kind === 'lot') return read.some((r) => r.lot === start.lot && gtinMatches(r.gtin));
  const code = barcode.activation_data?.productCode;
  const codeMatches = start.productCode === undefined || code === start.productCode;
  return (
    (start.gtin !== undefined || start.productCode !== undefined) &&
    read.some((r) => gtinMatches(r.gtin)) &&
    codeMatches
  );
}

const VERBS = { carried: 'carried', contained: 'was in', sharedParent: 'shared', linked: 'linked to' } as const;

/** A reason in words for people and the spreadsheet: "shared Pallet P-123 from … to …". */
export function reasonText(
  reason: RecallReason,
  labelOf: (barcodeId: string) => string,
  timeOf: (at: number) => string,
): string {
  if (reason.kind === 'start') return 'matched the search';
  const from = reason.from === -Infinity ? '' : ` from ${timeOf(reason.from)}`;
  const to = reason.to === Infinity ? ' until now' : ` to ${timeOf(reason.to)}`;
  return `${VERBS[reason.kind]} ${labelOf(reason.via)}${from}${to}`;
}
