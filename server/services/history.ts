import type { HistoryEntry, HistoryQuery, TrackingCountQuery } from '../../schemas/api/barcode';
import type { Location } from '../../schemas/api/location';
import { ownValue } from '../../schemas/own-keys';
import type { ProjectConfig } from '../../schemas/project-config';
import { isVisible } from '../../renderer';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { findBarcode } from '../repositories/barcodes';
import * as history from '../repositories/history';
import type { HistoryRow } from '../repositories/history';
import { findLocationWithPath } from '../repositories/locations';
import { assertMember, type Viewer } from '../rules/access';
import { bulkHistoryMarks } from '../rules/bulk';
import { relatedBarcodesOf } from '../rules/pairing';
import { toLocation } from '../rules/stock';
import { localDay } from '../rules/tracking-count';
import { projectOfBarcodeFor } from './barcodes';
import { loadProject } from './projects';

/** Default page size of GET /barcode/history. */
const HISTORY_PAGE_SIZE = 20;

/** What a page of history entries names, read once for the page: the other barcodes and the bins. */
interface Named {
  barcodes: ReadonlyMap<string, { externalId: string | null; barcodeType: string | null }>;
  locations: ReadonlyMap<string, Location>;
}

/**
 * The form values a tracking step stored, as users of the project's enterprise may see them: the
 * fields of the trackpoint's forms that are not hidden (the visibility rules of the activation
 * data); a form or key the configuration no longer has is left out.
 */
function visibleForms(
  config: ProjectConfig,
  barcodeType: string | null,
  trackPointKey: string | null,
  data: unknown,
): Record<string, Record<string, unknown>> | undefined {
  const forms = typeof data === 'object' && data !== null ? (data as { forms?: unknown }).forms : undefined;
  if (typeof forms !== 'object' || forms === null || !barcodeType || !trackPointKey) return undefined;
  const point = ownValue(config.barcodeTypes, barcodeType)?.trackPoints.find((p) => p.key === trackPointKey);
  const shown: Record<string, Record<string, unknown>> = {};
  for (const form of point?.trackPointForms ?? []) {
    const values = ownValue(forms as Record<string, unknown>, form.key);
    if (typeof values !== 'object' || values === null) continue;
    const visible = new Set(form.customFields.filter((f) => isVisible(f, true)).map((f) => f.key));
    const kept = Object.entries(values).filter(([key, value]) => visible.has(key) && value !== undefined);
    if (kept.length > 0) shown[form.key] = Object.fromEntries(kept);
  }
  return Object.keys(shown).length > 0 ? shown : undefined;
}

/** What the barcodes a relation entry names are to the barcode whose history it is. */
function relatedRoleOf(action: string, data: unknown): HistoryEntry['relatedRole'] {
  const d = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  if (action === 'linked' || action === 'unlinked') return 'linked';
  if (action === 'moved-with-parent' || action === 'moved-back-with-parent') return 'parent';
  return Array.isArray(d.childrenIds) ? 'children' : 'parent';
}

/**
 * A history entry as GET /barcode/history lists it; tracking steps say whether they were undone
 * and the form values entered, pairing, linking and moves with a parent which barcodes they
 * involved (with the labels people know them by), stock steps the bin with its warehouse and rack.
 */
function toHistoryEntry(r: HistoryRow, named: Named, config: ProjectConfig, barcodeType: string | null): HistoryEntry {
  const related = relatedBarcodesOf(r.action, r.data);
  const marks = bulkHistoryMarks(r.action, r.data);
  const location = marks.locationId ? named.locations.get(marks.locationId) : undefined;
  const forms = r.action === 'tracked' ? visibleForms(config, barcodeType, r.track_point_key, r.data) : undefined;
  return {
    seq: r.seq,
    action: r.action,
    trackPointKey: r.track_point_key,
    staffName: r.staff,
    createdAt: new Date(r.created_at).toISOString(),
    ...(r.action === 'tracked' ? { undone: r.undone } : {}),
    ...(related
      ? {
          relatedBarcodeIds: related,
          relatedRole: relatedRoleOf(r.action, r.data),
          relatedBarcodes: related.map((id) => ({
            id,
            externalId: named.barcodes.get(id)?.externalId ?? null,
            barcodeType: named.barcodes.get(id)?.barcodeType ?? null,
          })),
        }
      : {}),
    ...marks,
    ...(location ? { location } : {}),
    ...(forms ? { forms } : {}),
    ...recallOf(r.action, r.data),
  };
}

/** On 'held' and 'released' entries: the recall and the reason given. */
function recallOf(action: string, data: unknown): Pick<HistoryEntry, 'recall'> {
  if (action !== 'held' && action !== 'released') return {};
  const { reference, reason } = (data ?? {}) as { reference?: unknown; reason?: unknown };
  return typeof reference === 'string' && typeof reason === 'string' ? { recall: { reference, reason } } : {};
}

/** Reads once what a page of entries names: the other barcodes' labels and the bins with their paths. */
async function namedBy(db: Queryable, rows: readonly HistoryRow[]): Promise<Named> {
  const ids = rows.flatMap((r) => relatedBarcodesOf(r.action, r.data) ?? []);
  const labels = await history.barcodeLabels(db, ids);
  const locationIds = [...new Set(rows.flatMap((r) => bulkHistoryMarks(r.action, r.data).locationId ?? []))];
  const locations = new Map<string, Location>();
  for (const id of locationIds) {
    // A bin retired since is still named.
    const path = await findLocationWithPath(db, id, true);
    const bin = path.at(-1);
    if (bin) locations.set(id, toLocation(bin, new Map(path.map((l) => [l.id, l]))));
  }
  return {
    barcodes: new Map(labels.map((l) => [l.id, { externalId: l.external_id, barcodeType: l.barcode_type }])),
    locations,
  };
}

/** GET /barcode/history: the barcode's steps, newest first, for users of its enterprise. */
export async function barcodeHistory(
  ctx: ServerContext,
  viewer: Viewer,
  query: HistoryQuery,
): Promise<{ total: number; items: HistoryEntry[] }> {
  const project = await projectOfBarcodeFor(ctx.db, viewer, query.id);
  const total = await history.countHistory(ctx.db, query.id);
  const rows = await history.historyPage(ctx.db, query.id, query.skip ?? 0, query.count ?? HISTORY_PAGE_SIZE);
  const named = await namedBy(ctx.db, rows);
  const barcodeType = (await findBarcode(ctx.db, query.id))?.barcode_type ?? null;
  return { total, items: rows.map((r) => toHistoryEntry(r, named, project.config, barcodeType)) };
}

/**
 * GET /barcode/tracking-count: how many tracking steps the caller added (and did not undo) in
 * the project on a day of their own time zone. Users of the project's enterprise only.
 */
export async function trackingCount(
  ctx: ServerContext,
  viewer: Viewer,
  query: TrackingCountQuery,
): Promise<{ date: string; count: number }> {
  const day = localDay(query.date, query.utcOffset);
  const project = await loadProject(ctx.db, { id: query.projectId });
  assertMember(viewer, project);
  return {
    date: day.iso,
    count: await history.countTrackingSteps(ctx.db, project.id, viewer.userId, day.start, day.end),
  };
}
