import type { GenerateBarcodesBody } from '../../schemas/api/labels';
import type { ServerContext } from '../context';
import { newBarcodeId } from '../infra/ids';
import { insertBarcodes } from '../repositories/barcodes';
import { appendHistoryEach } from '../repositories/pairing';
import { assertMayGenerate, assertMember, type Viewer } from '../rules/access';
import { loadProject, projectPermission } from './projects';

/**
 * POST /barcode/barcodes: `count` new, not yet activated barcodes for a label sheet, with the same
 * permission as generating one, in one transaction: all or none. Sent again with the same
 * Idempotency-Key (a retry, a double tap), it answers the same ids.
 */
export async function generateBarcodes(
  ctx: ServerContext,
  viewer: Viewer,
  body: GenerateBarcodesBody,
): Promise<string[]> {
  const project = await loadProject(ctx.db, { code: body.projectCode, version: body.projectVersion });
  assertMember(viewer, project);
  assertMayGenerate(viewer, await projectPermission(ctx.db, project, viewer));
  const ids = Array.from({ length: body.count }, () => newBarcodeId());
  await ctx.db.transaction(async (tx) => {
    await insertBarcodes(tx, ids, project.id, viewer.userId);
    await appendHistoryEach(
      tx,
      ids.map((id) => ({ barcodeId: id, trackPointKey: null, data: null })),
      'generated',
      viewer.userId,
    );
  });
  return ids;
}
