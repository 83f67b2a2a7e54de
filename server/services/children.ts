import type { ChildBarcode, ChildValue, ChildValueQuery } from '../../schemas/api/barcode';
import type { ServerContext } from '../context';
import { findChildren, type BarcodeRow } from '../repositories/barcodes';
import type { ProjectRow } from '../repositories/projects';
import type { Viewer } from '../rules/access';
import { visibleActivationData } from '../rules/visibility';
import { loadBarcode } from './barcodes';
import { loadProject } from './projects';

/** The barcodes paired directly under `parentId`, oldest first; 2303 when the parent does not exist. */
async function childRows(ctx: ServerContext, parentId: string): Promise<BarcodeRow[]> {
  await loadBarcode(ctx.db, parentId);
  return findChildren(ctx.db, parentId);
}

/** GET /barcode/children: open to visitors, like the barcode itself; no activation data. */
export async function childBarcodes(ctx: ServerContext, parentId: string): Promise<ChildBarcode[]> {
  return (await childRows(ctx, parentId)).map((r) => ({
    id: r.id, barcodeType: r.barcode_type, isActivated: r.is_activated, currentTrackPointKey: r.current_track_point_key, externalId: r.external_id,
  }));
}

/**
 * GET /barcode/children/value: one activation value of each child, null when the child has
 * none or the viewer may not see it (the visibility rules of GET /barcode/barcode).
 */
export async function childValues(ctx: ServerContext, viewer: Viewer | null, query: ChildValueQuery): Promise<ChildValue[]> {
  const projects = new Map<string, ProjectRow>();
  const values: ChildValue[] = [];
  for (const row of await childRows(ctx, query.id)) {
    const project = projects.get(row.project_id) ?? (await loadProject(ctx.db, { id: row.project_id }));
    projects.set(row.project_id, project);
    values.push({ barcodeId: row.id, value: visibleActivationData(project, row, viewer)?.[query.key] ?? null });
  }
  return values;
}
