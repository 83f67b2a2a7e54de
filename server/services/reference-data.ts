import type { ServerContext } from '../context';
import { findBarcodeSummary } from '../repositories/barcodes';
import { findReferenceData } from '../repositories/reference-data';
import { assertMember, type Viewer } from '../rules/access';
import { assertBarcodeFound } from '../rules/barcodes';
import { referenceValues } from '../rules/reference-data';
import { loadProject } from './projects';

/**
 * GET /barcode/reference-data: the values 'reference' fields show, by referenceKey (imported
 * rows and the barcode's own identifiers, rules/reference-data.ts). For users of the project's
 * enterprise only (403 for anyone else).
 */
export async function referenceData(
  ctx: ServerContext,
  viewer: Viewer,
  barcodeId: string,
): Promise<Record<string, string>> {
  const barcode = assertBarcodeFound(await findBarcodeSummary(ctx.db, barcodeId));
  assertMember(viewer, await loadProject(ctx.db, { id: barcode.project_id }));
  const imported =
    barcode.external_id === null ? [] : await findReferenceData(ctx.db, barcode.project_id, barcode.external_id);
  return referenceValues(barcodeId, barcode, imported);
}
