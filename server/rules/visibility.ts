import type { ProjectConfig } from '../../schemas/project-config';
import { isVisible, SPECIAL_FIELD_NAMES } from '../../renderer';
import { belongsTo, type OwnedProject, type Viewer } from './access';

/** A barcode's stored activation data, with the type that says which fields it holds. */
export interface ActivatedBarcode {
  barcode_type: string | null;
  activation_data: Record<string, unknown> | null;
}

/**
 * Activation data as this viewer may see it (spec section 6): the built-in fields, and custom
 * fields by their visibility (hidden never; visible-when-logged-in only to users of the project's
 * enterprise). A key that is no field of the type is never shown. Null before activation.
 */
export function visibleActivationData(project: OwnedProject & { config: ProjectConfig }, barcode: ActivatedBarcode, viewer: Viewer | null): Record<string, unknown> | null {
  if (!barcode.activation_data) return null;
  const fields = barcode.barcode_type ? project.config.barcodeTypes[barcode.barcode_type]?.activationFields ?? [] : [];
  const loggedIn = belongsTo(viewer, project);
  const allowed = new Set<string>([...SPECIAL_FIELD_NAMES, 'origin', 'destination', ...fields.filter((f) => isVisible(f, loggedIn)).map((f) => f.key)]);
  return Object.fromEntries(Object.entries(barcode.activation_data).filter(([key]) => allowed.has(key)));
}
