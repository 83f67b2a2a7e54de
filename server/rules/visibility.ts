import { ownValue } from '../../schemas/own-keys';
import type { ProjectConfig } from '../../schemas/project-config';
import { isVisible, SPECIAL_FIELD_NAMES } from '../../renderer';
import { belongsTo, type OwnedProject, type Viewer } from './access';

/** A barcode's stored activation data, with the type that says which fields it holds. */
export interface ActivatedBarcode {
  barcode_type: string | null;
  activation_data: Record<string, unknown> | null;
}

/** Activation data keys every viewer may see besides the type's visible fields: the built-in ones, the addresses and the product picked. */
export const ALWAYS_VISIBLE_KEYS: readonly string[] = [...SPECIAL_FIELD_NAMES, 'origin', 'destination', 'productCode'];

/** The activation data keys of a barcode type that a viewer (logged in to the project's enterprise, or not) may see; none for an unknown type. */
export function visibleActivationKeys(
  config: ProjectConfig,
  barcodeType: string | null,
  loggedIn: boolean,
): Set<string> {
  const fields = barcodeType ? (ownValue(config.barcodeTypes, barcodeType)?.activationFields ?? []) : [];
  return new Set<string>([...ALWAYS_VISIBLE_KEYS, ...fields.filter((f) => isVisible(f, loggedIn)).map((f) => f.key)]);
}

/**
 * Activation data as this viewer may see it: the built-in fields, and custom fields by their
 * visibility (hidden never; visible-when-logged-in only to users of the project's enterprise). A
 * key that is no field of the type is never shown. Null before activation.
 */
export function visibleActivationData(
  project: OwnedProject & { config: ProjectConfig },
  barcode: ActivatedBarcode,
  viewer: Viewer | null,
): Record<string, unknown> | null {
  if (!barcode.activation_data) return null;
  const allowed = visibleActivationKeys(project.config, barcode.barcode_type, belongsTo(viewer, project));
  return Object.fromEntries(Object.entries(barcode.activation_data).filter(([key]) => allowed.has(key)));
}
