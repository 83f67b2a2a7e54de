import type { ActivationBody } from '../../schemas/api/barcode';
import { ErrorCode } from '../../schemas/error-codes';
import { ownValue } from '../../schemas/own-keys';
import type { BarcodeType, ProjectConfig, TrackPoint, UserType } from '../../schemas/project-config';
import { isVisible } from '../../renderer';
import { validateFormData } from '../../renderer/validate';
import { ApiFailure, commonFailure, constraintMessages, fieldFailure } from './api-failure';
import { serverForm, type ConfiguredProject } from './projects';
import { stepInfo } from './step-info';

/** A barcode's state as the activation rules read it. */
export interface ActivationState {
  is_activated: boolean;
  barcode_type: string | null;
  external_id: string | null;
}

/** A barcode is activated once: a second activation would overwrite the first. */
export function assertNotActivated(barcode: Pick<ActivationState, 'is_activated'>): void {
  if (barcode.is_activated) throw commonFailure(ErrorCode.alreadyActivated);
}

/** The barcode type to activate as: one of the project's, offered to the viewer's user type. */
export function activationType(config: ProjectConfig, barcodeType: string, userType: UserType): BarcodeType {
  const type = ownValue(config.barcodeTypes, barcodeType);
  if (!type || !(type.userTypes as string[]).includes(userType))
    throw fieldFailure('barcodeType', ErrorCode.invalidBarcodeType);
  return type;
}

/** The trackpoint an activation starts at: the one named, else the type's first (refused when there is none). */
export function startTrackPoint(type: BarcodeType, trackPointKey: string | undefined): TrackPoint {
  const start =
    trackPointKey === undefined ? type.trackPoints[0] : type.trackPoints.find((t) => t.key === trackPointKey);
  if (!start) throw fieldFailure('trackPointKey', ErrorCode.invalidKey);
  return start;
}

/**
 * The type an activation edit keeps: the barcode must be activated and the body must name its
 * type, which must still exist in the configuration (ErrorCode.invalidBarcodeType otherwise).
 */
export function editedType(
  config: ProjectConfig,
  barcode: ActivationState,
  barcodeType: string,
): { key: string; type: BarcodeType } {
  if (!barcode.is_activated || !barcode.barcode_type) throw commonFailure(ErrorCode.barcodeNotActivated);
  const type = ownValue(config.barcodeTypes, barcode.barcode_type);
  if (!type || barcodeType !== barcode.barcode_type) throw fieldFailure('barcodeType', ErrorCode.invalidBarcodeType);
  return { key: barcode.barcode_type, type };
}

/**
 * The start trackpoint stays what it was: an edit may repeat it but not name another
 * (ErrorCode.invalidStartPointOverride). Returns the start trackpoint, if the type still has it.
 */
export function unchangedStart(
  type: BarcodeType,
  startKey: string | null,
  trackPointKey: string | undefined,
): TrackPoint | undefined {
  if (trackPointKey !== undefined && trackPointKey !== startKey)
    throw fieldFailure('trackPointKey', ErrorCode.invalidStartPointOverride);
  return type.trackPoints.find((t) => t.key === startKey);
}

/**
 * The type's activation fields as sent, validated with the renderer's compiled schema for the
 * stage (calculations computed here); field errors are answered under `customFields.<key>`.
 * Files and signatures must be uploads of the barcode `barcodeId`.
 */
export function validatedActivationFields(
  project: ConfiguredProject,
  barcodeType: string,
  customFields: unknown,
  stage: 'activation' | 'edit',
  barcodeId: string,
): Record<string, unknown> {
  const form = serverForm(project, { form: 'activation', barcodeType, stage });
  const { data, errors, messages } = validateFormData(form, customFields, {
    barcodeId,
    ghgFactors: project.config.ghg?.factors,
  });
  if (Object.keys(errors).length > 0) {
    throw new ApiFailure(
      400,
      Object.fromEntries(
        Object.entries(errors).map(([key, codes]) => [key === '$common' ? key : `customFields.${key}`, codes]),
      ),
      {},
      constraintMessages(messages, (key) => `customFields.${key}`),
    );
  }
  return data;
}

/** The external id after an activation or edit: the one sent, else the one the barcode has (given at generation). */
export const externalIdAfter = (
  body: Pick<ActivationBody, 'externalId'>,
  barcode: Pick<ActivationState, 'external_id'>,
): string | null => body.externalId ?? barcode.external_id;

/**
 * The values an edit keeps from what was stored: those of fields the editor cannot see (hidden
 * ones), which the edit form could neither show nor send.
 */
export function hiddenValuesKept(type: BarcodeType, stored: Record<string, unknown> | null): Record<string, unknown> {
  const unseen = type.activationFields.filter((f) => !isVisible(f, true)).map((f) => f.key);
  return Object.fromEntries(
    unseen.filter((key) => ownValue(stored, key) !== undefined).map((key) => [key, ownValue(stored, key)]),
  );
}

/** JSON with object keys sorted, so two values compare equal whatever their key order (jsonb reorders keys). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

/**
 * Whether an activation edit changes nothing: the data it would store equals the stored data
 * (the external id and tracking number are part of it). Such an edit answers success and
 * appends no history entry: the history records changes, and a repeated save is none.
 */
export const isUnchangedActivation = (stored: Record<string, unknown> | null, next: Record<string, unknown>): boolean =>
  stored !== null && canonical(stored) === canonical(next);

/** The stored activation data: custom fields, then the built-in fields given. */
export function activationDataOf(
  customData: Record<string, unknown>,
  body: ActivationBody,
  externalId: string | null,
): Record<string, unknown> {
  return {
    ...customData,
    ...(body.trackingNumber !== undefined ? { trackingNumber: body.trackingNumber } : {}),
    ...(externalId ? { externalId } : {}),
    ...stepInfo(body),
  };
}
