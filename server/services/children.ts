import type { ChildrenPage, ChildrenQuery, ChildValueQuery, ChildValues } from '../../schemas/api/barcode';
import { ownValue } from '../../schemas/own-keys';
import type { ServerContext } from '../context';
import { findChildren } from '../repositories/barcodes';
import { countChildren, descendantsPage } from '../repositories/pairing';
import type { ProjectRow } from '../repositories/projects';
import type { Viewer } from '../rules/access';
import { sumOfValues } from '../rules/pairing';
import { visibleActivationData } from '../rules/visibility';
import { loadBarcode } from './barcodes';
import { loadProject } from './projects';

/** Entries of the children page when the query does not say. */
const DEFAULT_CHILDREN_PAGE = 50;

/**
 * GET /barcode/children: open to visitors, like the barcode itself; no activation data. The
 * whole tree under the barcode, depth first, a page at a time.
 */
export async function childBarcodes(ctx: ServerContext, query: ChildrenQuery): Promise<ChildrenPage> {
  await loadBarcode(ctx.db, query.id);
  const page = await descendantsPage(ctx.db, query.id, query.skip ?? 0, query.count ?? DEFAULT_CHILDREN_PAGE);
  return {
    total: page.total,
    childrenTotal: await countChildren(ctx.db, query.id),
    items: page.items.map((r) => ({
      id: r.id,
      parentId: r.parent_id,
      depth: r.depth,
      childrenCount: r.children_count,
      barcodeType: r.barcode_type,
      isActivated: r.is_activated,
      currentTrackPointKey: r.current_track_point_key,
      externalId: r.external_id,
    })),
  };
}

/**
 * GET /barcode/children/value: one activation value of each direct child, null when the child
 * has none or the viewer may not see it (the visibility rules of GET /barcode/barcode), and
 * their sum (e.g. the doses on a pallet: the sum over its cases).
 */
export async function childValues(
  ctx: ServerContext,
  viewer: Viewer | null,
  query: ChildValueQuery,
): Promise<ChildValues> {
  await loadBarcode(ctx.db, query.id);
  const projects = new Map<string, ProjectRow>();
  const values: ChildValues['values'] = [];
  for (const row of await findChildren(ctx.db, query.id)) {
    const project = projects.get(row.project_id) ?? (await loadProject(ctx.db, { id: row.project_id }));
    projects.set(row.project_id, project);
    values.push({ barcodeId: row.id, value: ownValue(visibleActivationData(project, row, viewer), query.key) ?? null });
  }
  return { values, ...sumOfValues(values.map((v) => v.value)) };
}
