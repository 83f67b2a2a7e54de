import { ErrorCode } from '../../schemas/error-codes';
import { ownValue } from '../../schemas/own-keys';
import type { TrackPoint } from '../../schemas/project-config';
import type { Queryable } from '../db/database';
import { quantityEntries } from '../repositories/bulk';
import type { ProjectRow } from '../repositories/projects';
import { fieldFailure } from '../rules/api-failure';
import { belowZeroField, formAdjustments, runningQuantities } from '../rules/quantities';

/**
 * A single tracking step's adjustments: a decrease that would take the barcode's quantity below
 * 0 is refused with ErrorCode.quantityBelowZero on the field (`forms.<form>.<field>`).
 * Reads the history only when the step decreases something.
 */
export async function assertStepQuantities(
  db: Queryable,
  project: ProjectRow,
  barcodeType: string,
  point: TrackPoint,
  forms: Record<string, unknown>,
  barcodeId: string,
): Promise<void> {
  const adjustments = formAdjustments(point, forms);
  if (!adjustments.some((a) => a.delta < 0)) return;
  const current = runningQuantities(
    ownValue(project.config.barcodeTypes, barcodeType),
    (await quantityEntries(db, [barcodeId])).get(barcodeId) ?? [],
  );
  const field = belowZeroField(current, adjustments);
  if (field !== null) throw fieldFailure(`forms.${field}`, ErrorCode.quantityBelowZero);
}
