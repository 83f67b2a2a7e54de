import type { BarcodeLabel, Product, SearchBody, SearchResult } from '../../schemas/api/search';
import { ownValue } from '../../schemas/own-keys';
import type { ServerContext } from '../context';
import { sessionProjectId } from '../infra/sessions';
import { searchBarcodes, type FoundBarcodeRow } from '../repositories/search';
import { commonFailure } from '../rules/api-failure';
import type { Viewer } from '../rules/access';
import { ErrorCode } from '../../schemas/error-codes';
import { assertClientUser, productsOf } from '../rules/products';
import { assertRanges, fieldMatch, hasWords, labelTitle, pageOf, searchableKeysByType } from '../rules/search';
import type { ProjectConfig } from '../../schemas/project-config';
import { memberProject } from './bulk-list';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function toLabel(config: ProjectConfig, keys: Record<string, string[]>, row: FoundBarcodeRow): BarcodeLabel {
  const visible = new Set(row.barcode_type ? (ownValue(keys, row.barcode_type) ?? []) : []);
  return {
    id: row.id,
    barcodeType: row.barcode_type,
    isActivated: row.is_activated,
    isDeactivated: row.is_deactivated,
    currentTrackPointKey: row.current_track_point_key,
    externalId: row.external_id,
    trackingNumber: row.tracking_number,
    title: labelTitle(config, row.barcode_type, row.activation_data, visible),
    createdAt: iso(row.created_at) ?? '',
    activatedAt: iso(row.activated_at),
    lastStepAt: iso(row.last_step_at),
  };
}

/**
 * POST /barcode/search: for users of the project's enterprise (403 for anyone else). Free text and
 * field values look only into what the viewer may see; a label shows only that. The list screen is
 * this search with type and trackpoint only.
 */
export async function searchProject(ctx: ServerContext, viewer: Viewer, body: SearchBody): Promise<SearchResult> {
  assertRanges(body);
  const project = await memberProject(ctx, viewer, body.projectId);
  const keys = searchableKeysByType(project.config, true);
  const { skip, count } = pageOf(body);
  const rows = await searchBarcodes(ctx.db, {
    ...body,
    projectId: project.id,
    visibleKeys: keys,
    fields: (body.fields ?? []).map((f) => fieldMatch(project.config, keys, body.barcodeType, f.key, f.value)),
    text: hasWords(body.text) ? body.text : undefined,
    skip,
    count,
  });
  return { items: rows.slice(0, count).map((row) => toLabel(project.config, keys, row)), hasMore: rows.length > count };
}

/**
 * GET /barcode/products: the product list of a project (`projectId`, else the project the user
 * logged in to), for client users of its enterprise only (403 otherwise).
 */
export async function projectProducts(
  ctx: ServerContext,
  viewer: Viewer,
  sessionId: string | null,
  projectId: string | undefined,
): Promise<Product[]> {
  assertClientUser(viewer);
  const id = projectId ?? (sessionId ? await sessionProjectId(ctx.db, sessionId) : undefined);
  if (!id) throw commonFailure(ErrorCode.projectNotFound);
  return productsOf((await memberProject(ctx, viewer, id)).config);
}
