import type { RecycleAnswer } from '../../schemas/api/barcode';
import { ErrorCode } from '../../schemas/error-codes';
import type { ProjectConfig } from '../../schemas/project-config';
import { commonFailure } from './api-failure';
import { heldForRecall, trackPointsOf } from './tracking';

/** A barcode's state as the recycle rules read it. */
export interface RecycledBarcode {
  is_activated: boolean;
  barcode_type: string | null;
  current_track_point_key: string | null;
  /** The barcode it is paired under, if any. */
  parent_id: string | null;
  /** Registered in a ledger: never reused. */
  is_sealed: boolean;
  /** The recall it is on hold for (absent or null: none): the evidence of a recall is never reset. */
  hold_reference?: string | null;
}

/**
 * Whether the barcode has finished its trip: it is at the project's end trackpoint or at the
 * last trackpoint of its type (types may stop before the project's end).
 */
export function hasArrived(
  config: ProjectConfig,
  barcode: Pick<RecycledBarcode, 'barcode_type' | 'current_track_point_key'>,
): boolean {
  const last = trackPointsOf(config.barcodeTypes, barcode.barcode_type).at(-1)?.key;
  return (
    barcode.current_track_point_key === config.endTrackPointKey ||
    (last !== undefined && barcode.current_track_point_key === last)
  );
}

/**
 * The recycle rules, in this order: the barcode must be activated, not paired to a parent or to
 * children, not linked, not sealed (the ledger vouches for its history) and not in use, i.e. no
 * longer travelling, and not on hold for a recall.
 */
export function assertRecyclable(
  config: ProjectConfig,
  barcode: RecycledBarcode,
  hasChildren: boolean,
  isLinked = false,
): void {
  if (!barcode.is_activated) throw commonFailure(ErrorCode.barcodeNotActivated);
  if (barcode.parent_id !== null || hasChildren) throw commonFailure(ErrorCode.recyclePaired);
  if (isLinked) throw commonFailure(ErrorCode.recycleLinked);
  if (barcode.is_sealed) throw commonFailure(ErrorCode.recycleSealed);
  if (!hasArrived(config, barcode)) throw commonFailure(ErrorCode.recycleInUse);
  if (barcode.hold_reference) throw heldForRecall(barcode.hold_reference);
}

/**
 * What a recycle resets, for the client to confirm: the type and trackpoint the barcode had, and
 * how many history entries it has (all of them are kept). `dryRun` defaults to false: recycle now.
 */
export function recycleAnswer(
  barcodeId: string,
  dryRun: boolean | undefined,
  barcode: RecycledBarcode,
  historySteps: number,
): RecycleAnswer {
  return {
    dryRun: dryRun ?? false,
    barcodeId,
    barcodeType: barcode.barcode_type,
    currentTrackPointKey: barcode.current_track_point_key,
    historySteps,
  };
}
