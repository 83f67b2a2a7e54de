import { ErrorCode } from '../../schemas/error-codes';
import { ownValue } from '../../schemas/own-keys';
import type { ListedBarcode, PlacedBarcode } from '../rows/barcodes';
import type { BarcodeType } from '../../schemas/project-config';
import type { RelationActions } from '../../schemas/api/barcode';
import {
  currentTrackPoint,
  listedVerdict,
  maxChildrenOf,
  pairingRefusal,
  relationRuleAt,
  unpairingRefusal,
  type ListContext,
} from './pairing';

/**
 * The linking rules as plain functions. A link joins two barcodes, made from either side (link-to,
 * be-linked); the rules are the same for both barcodes: each must be linkable, not at a trackpoint
 * that prohibits linking, and have room in its reserved link count; one link per pair of barcodes.
 */

type BarcodeTypes = Record<string, BarcodeType>;

/** The reserved link count of a barcode type: 0 when it cannot be linked. */
export const maxLinksOf = (types: BarcodeTypes, barcodeType: string | null): number =>
  (barcodeType ? ownValue(types, barcodeType)?.linking?.maxLinks : undefined) ?? 0;

/** Why one barcode cannot take part in a link (either side), or null: its type or its trackpoint forbids it. */
function linkableVerdict(types: BarcodeTypes, barcode: PlacedBarcode): number | null {
  if (!barcode.barcode_type || !ownValue(types, barcode.barcode_type)?.linking)
    return ErrorCode.linkingNotAllowedForType;
  if (relationRuleAt(currentTrackPoint(types, barcode), 'linking') === 'prohibited') return ErrorCode.linkingProhibited;
  return null;
}

/**
 * Whether the barcode may be linked now, before any target is looked at: activated, then
 * `linkableVerdict`. Null: it may.
 */
export function linkingRefusal(types: BarcodeTypes, barcode: PlacedBarcode): number | null {
  if (!barcode.is_activated || !barcode.barcode_type) return ErrorCode.barcodeNotActivated;
  return linkableVerdict(types, barcode);
}

/** What the linking verdicts read besides the listed barcodes. */
export interface LinkingFacts extends ListContext {
  /** Listed barcodes already linked with the barcode, either direction. */
  alreadyLinked: ReadonlySet<string>;
  /** Links each listed barcode holds now (absent: none). */
  linkCounts: ReadonlyMap<string, number>;
  /** Links the barcode holds now. */
  ownLinkCount: number;
}

/**
 * The verdict on each barcode to link with `barcode` (which passed `linkingRefusal`), in the
 * order listed: the checks of `listedVerdict`, then it must be linkable and not at a trackpoint
 * that prohibits linking, not linked with the barcode yet, have room in its own reserved count,
 * and the barcode must have room for it, counting the entries before it that pass
 * (ErrorCode.linkReservedCountExceeded for either count).
 */
export function linkingVerdicts(
  types: BarcodeTypes,
  barcode: PlacedBarcode,
  targetIds: readonly string[],
  facts: LinkingFacts,
): (number | null)[] {
  let room = maxLinksOf(types, barcode.barcode_type) - facts.ownLinkCount;
  return targetIds.map((id, index) => {
    const code =
      listedVerdict(id, index, targetIds, facts) ?? targetVerdict(types, facts.found.get(id) as ListedBarcode, facts);
    if (code !== null) return code;
    if (room <= 0) return ErrorCode.linkReservedCountExceeded;
    room -= 1;
    return null;
  });
}

function targetVerdict(types: BarcodeTypes, target: ListedBarcode, facts: LinkingFacts): number | null {
  const linkable = linkableVerdict(types, target);
  if (linkable !== null) return linkable;
  if (facts.alreadyLinked.has(target.id)) return ErrorCode.alreadyLinked;
  if ((facts.linkCounts.get(target.id) ?? 0) >= maxLinksOf(types, target.barcode_type))
    return ErrorCode.linkReservedCountExceeded;
  return null;
}

/** What the detail page's actions read of a barcode. */
export interface RelationState extends PlacedBarcode {
  is_deactivated: boolean;
}

/**
 * Whether Pair, Unpair and Link are possible now (GET /barcode/barcode, for users of the
 * enterprise), each as the code the server would answer when sent, or null: no permission
 * (403), deactivated, then the action's own refusal; then pairing needs room in the reserved
 * count, unpairing a child to take off, linking room for a link.
 */
export function relationActions(
  types: BarcodeTypes,
  barcode: RelationState,
  facts: { permitted: boolean; childrenCount: number; linkCount: number },
): RelationActions {
  const base = !facts.permitted ? ErrorCode.forbidden : barcode.is_deactivated ? ErrorCode.deactivated : null;
  const verdict = (code: number | null) => ({ code: base ?? code });
  const pair =
    pairingRefusal(types, barcode) ??
    (facts.childrenCount >= maxChildrenOf(types, barcode.barcode_type) ? ErrorCode.reservedCountExceeded : null);
  const unpair = facts.childrenCount === 0 ? ErrorCode.notChildOfParent : unpairingRefusal(types, barcode);
  const link =
    linkingRefusal(types, barcode) ??
    (facts.linkCount >= maxLinksOf(types, barcode.barcode_type) ? ErrorCode.linkReservedCountExceeded : null);
  return { pair: verdict(pair), unpair: verdict(unpair), link: verdict(link) };
}
