import { ErrorCode } from '../../schemas/error-codes';
import { ownValue } from '../../schemas/own-keys';
import type { BarcodeType, RelationRule, TrackPoint } from '../../schemas/project-config';
import type { VerdictReason } from '../../schemas/api/barcode';
import type { ListedBarcode, PlacedBarcode } from '../rows/barcodes';
import { ApiFailure, commonFailure } from './api-failure';

/**
 * The pairing rules as plain functions: each answers a catalogue code (or null: fine) so a dry run
 * can show every verdict, and the services throw them when the request is real.
 */

type BarcodeTypes = Record<string, BarcodeType>;

/** What every listed barcode is checked against: the barcode acting (parent, linking barcode) and its project. */
export interface ListContext {
  selfId: string;
  enterpriseId: string;
  projectCode: string;
  projectVersion: number;
  /** The listed barcodes that exist, by id. */
  found: ReadonlyMap<string, ListedBarcode>;
}

/** The barcode's current trackpoint in its type, if both are known. */
export function currentTrackPoint(
  types: BarcodeTypes,
  barcode: Pick<PlacedBarcode, 'barcode_type' | 'current_track_point_key'>,
): TrackPoint | undefined {
  return barcode.barcode_type
    ? ownValue(types, barcode.barcode_type)?.trackPoints.find((t) => t.key === barcode.current_track_point_key)
    : undefined;
}

/** What a trackpoint says of pairing, unpairing or linking: `allowed` unless configured. */
export const relationRuleAt = (
  point: TrackPoint | undefined,
  what: 'pairing' | 'unpairing' | 'linking',
): RelationRule => point?.[what] ?? 'allowed';

/** The reserved count of children of a barcode type: 0 when it takes none. */
export const maxChildrenOf = (types: BarcodeTypes, barcodeType: string | null): number =>
  (barcodeType ? ownValue(types, barcodeType)?.pairing?.maxChildren : undefined) ?? 0;

/**
 * The checks every listed barcode goes through first, in this order: itself, listed before,
 * unknown or of another enterprise (one ErrorCode.barcodeNotFound: nothing tells whether it
 * exists), another project or version, deactivated, not activated.
 */
export function listedVerdict(id: string, index: number, ids: readonly string[], ctx: ListContext): number | null {
  if (id === ctx.selfId) return ErrorCode.withItself;
  if (ids.indexOf(id) !== index) return ErrorCode.duplicateScan;
  const row = ctx.found.get(id);
  if (!row || row.enterprise_id !== ctx.enterpriseId) return ErrorCode.barcodeNotFound;
  if (row.project_code !== ctx.projectCode) return ErrorCode.differentProjects;
  if (row.project_version !== ctx.projectVersion) return ErrorCode.incompatibleVersions;
  if (row.is_deactivated) return ErrorCode.deactivated;
  if (!row.is_activated || !row.barcode_type) return ErrorCode.barcodeNotActivated;
  return null;
}

/**
 * What a listed barcode's verdict says beyond its code, spread into the verdict: a barcode refused
 * as not activated that was recycled before ('recycled') waits for a new activation after a
 * finished trip, which the person scanning it should be told rather than that it was never used.
 * Nothing for a barcode the viewer may not know (`row` undefined: another enterprise's).
 */
export function verdictReason(
  code: number | null,
  row: Pick<ListedBarcode, 'is_activated' | 'cycle'> | undefined,
): { reason?: VerdictReason } {
  if (code !== ErrorCode.barcodeNotActivated || row === undefined || row.is_activated) return {};
  return row.cycle > 0 ? { reason: 'recycled' } : {};
}

/**
 * Whether the barcode may take children now, before any child is looked at: it must be
 * activated, its type must take children, and its trackpoint must not prohibit pairing.
 * Null: it may.
 */
export function pairingRefusal(types: BarcodeTypes, parent: PlacedBarcode): number | null {
  if (!parent.is_activated || !parent.barcode_type) return ErrorCode.barcodeNotActivated;
  if (!ownValue(types, parent.barcode_type)?.pairing) return ErrorCode.typeNotAccepted;
  if (relationRuleAt(currentTrackPoint(types, parent), 'pairing') === 'prohibited') return ErrorCode.pairingProhibited;
  return null;
}

/** Whether the barcode's children may be unpaired now: its trackpoint must not prohibit it. */
export function unpairingRefusal(types: BarcodeTypes, parent: PlacedBarcode): number | null {
  if (relationRuleAt(currentTrackPoint(types, parent), 'unpairing') === 'prohibited')
    return ErrorCode.unpairingProhibited;
  return null;
}

/** What the pairing verdicts read besides the listed barcodes. */
export interface PairingFacts extends ListContext {
  /** The parent's parent, its parent and so on. */
  ancestorIds: ReadonlySet<string>;
  /** Children the parent has now. */
  childrenCount: number;
}

/**
 * The verdict on each child to pair under `parent` (which passed `pairingRefusal`), in the order
 * listed: the checks of `listedVerdict`, then its type must be one the parent's type accepts,
 * it must have no parent, must not be above the parent at any depth (that would make a loop),
 * must be at the parent's trackpoint (children travel with it), and the parent's reserved count
 * must have room for it, counting the entries before it that pass.
 */
export function pairingVerdicts(
  types: BarcodeTypes,
  parent: PlacedBarcode,
  childrenIds: readonly string[],
  facts: PairingFacts,
): (number | null)[] {
  const accepted = (parent.barcode_type ? ownValue(types, parent.barcode_type)?.pairing : undefined) ?? {
    childTypes: [],
    maxChildren: 0,
  };
  let room = accepted.maxChildren - facts.childrenCount;
  return childrenIds.map((id, index) => {
    const code =
      listedVerdict(id, index, childrenIds, facts) ??
      childVerdict(facts.found.get(id) as ListedBarcode, parent, accepted.childTypes, facts.ancestorIds);
    if (code !== null) return code;
    if (room <= 0) return ErrorCode.reservedCountExceeded;
    room -= 1;
    return null;
  });
}

function childVerdict(
  child: ListedBarcode,
  parent: PlacedBarcode,
  childTypes: readonly string[],
  ancestorIds: ReadonlySet<string>,
): number | null {
  if (!childTypes.includes(child.barcode_type as string)) return ErrorCode.typeNotAccepted;
  if (child.parent_id !== null) return ErrorCode.alreadyPaired;
  if (ancestorIds.has(child.id)) return ErrorCode.pairingCycle;
  if (child.current_track_point_key !== parent.current_track_point_key) return ErrorCode.differentTrackPoint;
  return null;
}

/**
 * The verdict on each child to unpair from `parentId`: itself, listed twice, unknown or of
 * another enterprise (one code for both), not a child of this parent.
 */
export function unpairingVerdicts(
  parentId: string,
  childrenIds: readonly string[],
  enterpriseId: string,
  found: ReadonlyMap<string, Pick<ListedBarcode, 'enterprise_id' | 'parent_id'>>,
): (number | null)[] {
  return childrenIds.map((id, index) => {
    if (id === parentId) return ErrorCode.withItself;
    if (childrenIds.indexOf(id) !== index) return ErrorCode.duplicateScan;
    const row = found.get(id);
    if (!row || row.enterprise_id !== enterpriseId) return ErrorCode.barcodeNotFound;
    if (row.parent_id !== parentId) return ErrorCode.notChildOfParent;
    return null;
  });
}

/**
 * A request with any refused entry writes nothing: HTTP 400 with each refused entry's code
 * under `<list>.<index>` (e.g. `childrenIds.2`), and `reasons` beside them under the same names
 * where a verdict says more than its code (`reasons`, in list order, as verdictReason gives them).
 * Does nothing when every verdict is null.
 */
export function assertAllAccepted(
  list: string,
  verdicts: readonly (number | null)[],
  reasons: readonly (VerdictReason | undefined)[] = [],
): void {
  const errors: Record<string, number[]> = {};
  const said: Record<string, VerdictReason> = {};
  verdicts.forEach((code, index) => {
    if (code === null) return;
    errors[`${list}.${index}`] = [code];
    const reason = reasons[index];
    if (reason !== undefined) said[`${list}.${index}`] = reason;
  });
  if (Object.keys(errors).length === 0) return;
  // What the dry run said beyond a code (verdictReason) is said by the refusal too, by the same names.
  throw new ApiFailure(400, errors, {}, Object.keys(said).length > 0 ? { reasons: said } : {});
}

/** Throws the refusal as `$common` when there is one. */
export function assertNoRefusal(code: number | null): void {
  if (code !== null) throw commonFailure(code);
}

/**
 * What a mandatory rule at the barcode's current trackpoint asks before the barcode leaves it
 * (its next tracking step): children if pairing is mandatory and its type takes children, none
 * if unpairing is mandatory, a link if linking is mandatory and its type is linkable.
 */
export function assertMayLeaveTrackPoint(
  types: BarcodeTypes,
  barcode: PlacedBarcode,
  facts: { childrenCount: number; linkCount: number },
): void {
  const type = barcode.barcode_type ? ownValue(types, barcode.barcode_type) : undefined;
  const point = currentTrackPoint(types, barcode);
  if (!type || !point) return;
  if (relationRuleAt(point, 'pairing') === 'mandatory' && type.pairing && facts.childrenCount === 0)
    throw commonFailure(ErrorCode.pairingRequired);
  if (relationRuleAt(point, 'unpairing') === 'mandatory' && facts.childrenCount > 0)
    throw commonFailure(ErrorCode.unpairingRequired);
  if (relationRuleAt(point, 'linking') === 'mandatory' && type.linking && facts.linkCount === 0)
    throw commonFailure(ErrorCode.linkMandatory);
}

/**
 * The total of the children's values of one field: numbers add up, an adjustment counts its
 * value; anything else (text, null: not set or not visible) is left out. `sum` is null when no
 * value was a number.
 */
export function sumOfValues(values: readonly unknown[]): { sum: number | null; numericCount: number } {
  let sum = 0;
  let numericCount = 0;
  for (const value of values) {
    const n =
      typeof value === 'number'
        ? value
        : typeof value === 'object' && value !== null && typeof (value as { value?: unknown }).value === 'number'
          ? (value as { value: number }).value
          : undefined;
    if (n === undefined || !Number.isFinite(n)) continue;
    sum += n;
    numericCount += 1;
  }
  return { sum: numericCount === 0 ? null : sum, numericCount };
}

/**
 * The other barcodes a relation history entry names (see HistoryEntry.relatedBarcodeIds), from
 * what the pairing, linking and tracking services stored; undefined for other entries.
 */
export function relatedBarcodesOf(action: string, data: unknown): string[] | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as Record<string, unknown>;
  const ids = (...values: unknown[]) =>
    values.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v): v is string => typeof v === 'string');
  switch (action) {
    case 'paired':
    case 'unpaired':
      return ids(d.childrenIds, d.parentId);
    case 'linked':
    case 'unlinked':
      return ids(d.linkedBarcodeIds, d.linkedBarcodeId);
    case 'moved-with-parent':
    case 'moved-back-with-parent':
      return ids(d.withParent);
    default:
      return undefined;
  }
}
