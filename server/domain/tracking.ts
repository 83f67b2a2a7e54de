import type { HistoryEntry, HistoryQuery, TrackingBody } from '../../schemas/api/barcode';
import { ErrorCode } from '../../schemas/error-codes';
import type { TrackPoint } from '../../schemas/project-config';
import { compileForm } from '../../renderer';
import { validateFormData } from '../../renderer/validate';
import type { Queryable } from '../db/database';
import type { ServerContext } from '../context';
import { appendHistory, assertRequiredInfo, barcodeForChange, belongsTo, stepInfo } from './barcodes';
import { ApiFailure, commonFailure } from '../rules/api-failure';
import { notifyArrival } from './notifications';
import { findProject, formSourceOf, SERVER_VIEWER, type ProjectRow, type Viewer } from './projects';

/** SQL condition: history entry `h` is a tracking step that no later entry undid. */
export const NOT_UNDONE = `not exists (select 1 from barcode_history u
  where u.barcode_id = h.barcode_id and u.action = 'tracking-undone' and (u.data->>'undoneSeq')::int = h.seq)`;

/**
 * The trackpoint's forms as sent, each validated with the renderer's compiled schema; errors
 * are answered under `forms.<form>.<field>` (an unknown form is 2200).
 */
export function validatedTrackPointForms(project: ProjectRow, barcodeType: string, point: TrackPoint, sent: TrackingBody['forms']): Record<string, Record<string, unknown>> {
  const forms: Record<string, Record<string, unknown>> = {};
  const errors: Record<string, number[]> = {};
  for (const unknownForm of Object.keys(sent).filter((key) => !point.trackPointForms.some((f) => f.key === key))) errors[`forms.${unknownForm}`] = [ErrorCode.invalidKey];
  for (const form of point.trackPointForms) {
    const compiled = compileForm(formSourceOf(project), { form: 'trackPoint', barcodeType, trackPointKey: point.key, formKey: form.key }, SERVER_VIEWER);
    const result = validateFormData(compiled, sent[form.key] ?? {});
    forms[form.key] = result.data;
    for (const [key, codes] of Object.entries(result.errors)) errors[`forms.${form.key}.${key}`] = codes;
  }
  if (Object.keys(errors).length > 0) throw new ApiFailure(400, errors);
  return forms;
}

/** The latest tracking step of the barcode's present trip (since its last recycle) that was not undone. */
export async function latestTrackingStep(db: Queryable, barcodeId: string): Promise<{ seq: number; user_id: string | null; track_point_key: string } | undefined> {
  const { rows } = await db.query<{ seq: number; user_id: string | null; track_point_key: string }>(
    `select h.seq, h.user_id, h.track_point_key from barcode_history h
      where h.barcode_id = $1 and h.action = 'tracked' and ${NOT_UNDONE}
        and h.seq > coalesce((select max(r.seq) from barcode_history r where r.barcode_id = $1 and r.action = 'recycled'), 0)
      order by h.seq desc limit 1`,
    [barcodeId],
  );
  return rows[0];
}

/**
 * POST /barcode/tracking (spec sections 4, 8): adds the step at the barcode's next trackpoint
 * of its type's ordered trackpoints, with that trackpoint's forms validated by the renderer.
 * Tracking the current trackpoint again is 3005, any other trackpoint 3006, past the last 3007;
 * a paired child travels with its parent and is not tracked itself (3013).
 * Two staff tracking at the same moment: one step is added, the other gets 3004 or 3005.
 * A trackpoint with a route notification sends it in the same transaction.
 */
export async function addTracking(ctx: ServerContext, viewer: Viewer, body: TrackingBody): Promise<void> {
  const { row, project } = await barcodeForChange(ctx, viewer, body.barcodeId, 'addTrackingPermission');
  if (!row.is_activated || !row.barcode_type) throw commonFailure(ErrorCode.barcodeNotActivated);
  if (row.parent_id !== null) throw commonFailure(ErrorCode.pairedChildCannotBeTracked);
  const type = project.config.barcodeTypes[row.barcode_type];
  if (!type) throw commonFailure(ErrorCode.invalidBarcodeType);
  const index = type.trackPoints.findIndex((t) => t.key === row.current_track_point_key);
  const next = type.trackPoints[index + 1];
  if (body.trackPointKey === row.current_track_point_key) throw commonFailure(ErrorCode.trackingAlreadyAdded);
  if (!next) throw commonFailure(ErrorCode.atEndTrackPoint);
  if (body.trackPointKey !== next.key) throw commonFailure(ErrorCode.differentTrackPoint);
  assertRequiredInfo(next, body);

  const data = { forms: validatedTrackPointForms(project, row.barcode_type, next, body.forms), ...stepInfo(body) };
  await ctx.db.transaction(async (tx) => {
    const updated = await tx.query(
      'update barcodes set current_track_point_key = $3, revision = revision + 1 where id = $1 and revision = $2 returning id',
      [body.barcodeId, row.revision, next.key],
    );
    if (updated.rows.length === 0) throw commonFailure(ErrorCode.concurrentChange);
    await appendHistory(tx, body.barcodeId, 'tracked', next.key, data, viewer.userId);
    await notifyArrival(tx, project, body.barcodeId, next);
  });
}

/** GET /barcode/history: the barcode's steps, newest first, for users of its enterprise; tracking steps say whether they were undone. */
export async function barcodeHistory(ctx: ServerContext, viewer: Viewer, query: HistoryQuery): Promise<{ total: number; items: HistoryEntry[] }> {
  const { rows } = await ctx.db.query<{ project_id: string }>('select project_id from barcodes where id = $1', [query.id]);
  const row = rows[0];
  if (!row) throw commonFailure(ErrorCode.barcodeNotFound);
  if (!belongsTo(viewer, await findProject(ctx.db, { id: row.project_id }))) throw commonFailure(ErrorCode.forbidden, 403);
  const total = (await ctx.db.query<{ n: number }>('select count(*)::int as n from barcode_history where barcode_id = $1', [query.id])).rows[0]?.n ?? 0;
  const items = await ctx.db.query<{ seq: number; action: string; track_point_key: string | null; staff: string | null; created_at: Date | string; undone: boolean }>(
    `select h.seq, h.action, h.track_point_key, (u.first_name || ' ' || u.last_name) as staff, h.created_at,
            (h.action = 'tracked' and not ${NOT_UNDONE}) as undone
       from barcode_history h left join users u on u.id = h.user_id
      where h.barcode_id = $1 order by h.seq desc offset $2 limit $3`,
    [query.id, query.skip ?? 0, query.count ?? 20],
  );
  return {
    total,
    items: items.rows.map((r) => ({
      seq: r.seq, action: r.action, trackPointKey: r.track_point_key, staffName: r.staff, createdAt: new Date(r.created_at).toISOString(),
      ...(r.action === 'tracked' ? { undone: r.undone } : {}),
    })),
  };
}

/**
 * POST /barcode/undo-tracking (spec sections 4, 6): takes back the barcode's latest tracking
 * step, only for whoever added it and with the add-tracking permission. History stays
 * append-only: the undo is a new entry naming the step it undid.
 */
export async function undoTracking(ctx: ServerContext, viewer: Viewer, barcodeId: string): Promise<void> {
  const { row, project } = await barcodeForChange(ctx, viewer, barcodeId, 'addTrackingPermission');
  const step = await latestTrackingStep(ctx.db, barcodeId);
  if (!step || step.track_point_key !== row.current_track_point_key) throw commonFailure(ErrorCode.noTrackingToUndo);
  if (step.user_id !== viewer.userId) throw commonFailure(ErrorCode.onlyAdderMayUndo);
  const points = (row.barcode_type ? project.config.barcodeTypes[row.barcode_type]?.trackPoints : undefined) ?? [];
  const previous = points[points.findIndex((t) => t.key === step.track_point_key) - 1];
  if (!previous) throw commonFailure(ErrorCode.noTrackingToUndo);
  await ctx.db.transaction(async (tx) => {
    const updated = await tx.query(
      'update barcodes set current_track_point_key = $3, revision = revision + 1 where id = $1 and revision = $2 returning id',
      [barcodeId, row.revision, previous.key],
    );
    if (updated.rows.length === 0) throw commonFailure(ErrorCode.concurrentChange);
    await appendHistory(tx, barcodeId, 'tracking-undone', previous.key, { undoneSeq: step.seq }, viewer.userId);
  });
}
