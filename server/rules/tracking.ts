import type { TrackingBody } from '../../schemas/api/barcode';
import { ErrorCode } from '../../schemas/error-codes';
import { ownValue } from '../../schemas/own-keys';
import type { BarcodeType, TrackPoint } from '../../schemas/project-config';
import { validateFormData } from '../../renderer/validate';
import type { Viewer } from './access';
import { ApiFailure, commonFailure, constraintMessages } from './api-failure';
import { verdictReason } from './pairing';
import { serverForm, type ConfiguredProject } from './projects';

/** A barcode's place in its trip, as the tracking rules read it. */
export interface TripState {
  is_activated: boolean;
  barcode_type: string | null;
  current_track_point_key: string | null;
  /** The barcode it is paired under, if any. */
  parent_id: string | null;
  /** Times recycled (absent: never), to say why a barcode that is not activated is refused. */
  cycle?: number;
  /** The recall it is on hold for (absent or null: none). */
  hold_reference?: string | null;
}

/** A tracking step of the barcode's present trip that was not undone. */
export interface TrackingStep {
  seq: number;
  user_id: string | null;
  track_point_key: string;
}

type BarcodeTypes = Record<string, BarcodeType>;

/** The trackpoints of a barcode's type in their order; none when it has no (known) type. */
export const trackPointsOf = (types: BarcodeTypes, barcodeType: string | null): TrackPoint[] =>
  (barcodeType ? ownValue(types, barcodeType)?.trackPoints : undefined) ?? [];

/** A trackpoint of an activated barcode's type, with the type's key (the forms are compiled for it). */
export interface TypedTrackPoint {
  barcodeType: string;
  point: TrackPoint;
}

/**
 * ErrorCode.barcodeNotActivated for the request as a whole, with what a listed barcode's verdict
 * would say beside it (verdictReason, as `reasons.$common`): a barcode recycled before is refused
 * as recycled, not as never used.
 */
export function notActivated(barcode: Pick<TripState, 'is_activated' | 'cycle'>): ApiFailure {
  const { reason } = verdictReason(ErrorCode.barcodeNotActivated, { ...barcode, cycle: barcode.cycle ?? 0 });
  return new ApiFailure(
    400,
    { $common: [ErrorCode.barcodeNotActivated] },
    {},
    reason ? { reasons: { $common: reason } } : {},
  );
}

/**
 * ErrorCode.heldForRecall, naming the recall the package (or one carried in it) is on hold for
 * beside the code (`hold.reference`), for the user's message.
 */
export const heldForRecall = (reference: string): ApiFailure =>
  new ApiFailure(400, { $common: [ErrorCode.heldForRecall] }, {}, { hold: { reference } });

/**
 * The trackpoint a new tracking step goes to: the one after the barcode's current trackpoint in
 * its type's order, and it must be the one sent. In this order: the barcode must be activated
 * and not paired under a parent, with which it travels; its type must still exist; then the
 * trackpoint sent must not be the current one again, nor one past the last, nor any but the next;
 * and a package on hold for a recall goes only to a quarantine trackpoint.
 */
export function nextTrackPoint(types: BarcodeTypes, barcode: TripState, trackPointKey: string): TypedTrackPoint {
  if (!barcode.is_activated || !barcode.barcode_type) throw notActivated(barcode);
  if (barcode.parent_id !== null) throw commonFailure(ErrorCode.pairedChildCannotBeTracked);
  const type = ownValue(types, barcode.barcode_type);
  if (!type) throw commonFailure(ErrorCode.invalidBarcodeType);
  const next = type.trackPoints[type.trackPoints.findIndex((t) => t.key === barcode.current_track_point_key) + 1];
  if (trackPointKey === barcode.current_track_point_key) throw commonFailure(ErrorCode.trackingAlreadyAdded);
  if (!next) throw commonFailure(ErrorCode.atEndTrackPoint);
  if (trackPointKey !== next.key) throw commonFailure(ErrorCode.differentTrackPoint);
  if (barcode.hold_reference && next.quarantine !== true) throw heldForRecall(barcode.hold_reference);
  return { barcodeType: barcode.barcode_type, point: next };
}

/**
 * Whether the viewer may undo or edit a step: only whoever added it. Steps are taken back
 * newest first, so the step must be the barcode's latest and at its current trackpoint (else
 * `nothing`: the undo's or the edit's own code).
 */
function assertAdderOfLatest(
  step: TrackingStep | undefined,
  currentKey: string | null,
  viewer: Viewer,
  nothing: number,
): TrackingStep {
  if (!step || step.track_point_key !== currentKey) throw commonFailure(nothing);
  if (step.user_id !== viewer.userId) throw commonFailure(ErrorCode.onlyAdderMayUndo);
  return step;
}

/**
 * The step an undo takes back and the trackpoint the barcode returns to: the latest step, at
 * the current trackpoint, added by the viewer, and it must be the step the undo names (`seq`),
 * so an undo sent twice cannot take back two steps; the barcode goes back to the trackpoint
 * before it. Without such a step or trackpoint there is nothing to undo.
 */
export function mayUndo(
  types: BarcodeTypes,
  barcode: TripState,
  step: TrackingStep | undefined,
  viewer: Viewer,
  seq: number,
): { step: TrackingStep; previous: TrackPoint } {
  // A paired child stays where its parent is: its own step cannot be taken back either.
  if (barcode.parent_id !== null) throw commonFailure(ErrorCode.pairedChildCannotBeTracked);
  const undone = assertAdderOfLatest(step, barcode.current_track_point_key, viewer, ErrorCode.noTrackingToUndo);
  if (undone.seq !== seq) throw commonFailure(ErrorCode.noTrackingToUndo);
  const points = trackPointsOf(types, barcode.barcode_type);
  const previous = points[points.findIndex((t) => t.key === undone.track_point_key) - 1];
  if (!previous) throw commonFailure(ErrorCode.noTrackingToUndo);
  return { step: undone, previous };
}

/**
 * The trackpoint whose step an edit corrects: the barcode's current one, which must be the one
 * sent; the barcode must be activated.
 */
export function editedTrackPoint(types: BarcodeTypes, barcode: TripState, trackPointKey: string): TypedTrackPoint {
  if (!barcode.is_activated || !barcode.barcode_type) throw commonFailure(ErrorCode.barcodeNotActivated);
  const point = trackPointsOf(types, barcode.barcode_type).find((t) => t.key === barcode.current_track_point_key);
  if (!point || trackPointKey !== point.key) throw commonFailure(ErrorCode.differentTrackPoint);
  return { barcodeType: barcode.barcode_type, point };
}

/** The step an edit corrects: the latest, at the trackpoint edited, added by the viewer. */
export const mayEdit = (step: TrackingStep | undefined, point: TrackPoint, viewer: Viewer): TrackingStep =>
  assertAdderOfLatest(step, point.key, viewer, ErrorCode.noTrackingToEdit);

/**
 * The trackpoint's forms as sent, each validated with the renderer's compiled schema; errors are
 * answered under `forms.<form>.<field>` (an unknown form is ErrorCode.invalidKey); files and
 * signatures must be uploads of the barcode `barcodeId`.
 */
export function validatedTrackPointForms(
  project: ConfiguredProject,
  barcodeType: string,
  point: TrackPoint,
  sent: TrackingBody['forms'],
  barcodeId: string,
): Record<string, Record<string, unknown>> {
  const forms: Record<string, Record<string, unknown>> = {};
  const errors: Record<string, number[]> = {};
  let messages: Record<string, unknown> = {};
  for (const unknownForm of Object.keys(sent).filter((key) => !point.trackPointForms.some((f) => f.key === key)))
    errors[`forms.${unknownForm}`] = [ErrorCode.invalidKey];
  for (const form of point.trackPointForms) {
    const compiled = serverForm(project, {
      form: 'trackPoint',
      barcodeType,
      trackPointKey: point.key,
      formKey: form.key,
    });
    const result = validateFormData(compiled, Object.hasOwn(sent, form.key) ? sent[form.key] : {}, {
      barcodeId,
      ghgFactors: project.config.ghg?.factors,
    });
    forms[form.key] = result.data;
    for (const [key, codes] of Object.entries(result.errors)) errors[`forms.${form.key}.${key}`] = codes;
    const said = constraintMessages(result.messages, (key) => `forms.${form.key}.${key}`).messages;
    if (said) messages = { ...messages, ...(said as Record<string, unknown>) };
  }
  if (Object.keys(errors).length > 0)
    throw new ApiFailure(400, errors, {}, Object.keys(messages).length > 0 ? { messages } : {});
  return forms;
}
