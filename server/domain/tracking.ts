import type { HistoryEntry, HistoryQuery, TrackingBody } from '../../schemas/api/barcode';
import { ErrorCode } from '../../schemas/error-codes';
import { compile } from '../../src/renderer/compile';
import { validateFormData } from '../../src/renderer/validate';
import type { ServerContext } from './context';
import { appendHistory, assertRequiredInfo, barcodeForChange, belongsTo, stepInfo } from './barcodes';
import { ApiFailure, commonFailure } from './errors';
import { findProject, type Viewer } from './projects';

/**
 * POST /barcode/tracking (spec sections 4, 8): adds the step at the barcode's next trackpoint
 * of its type's ordered trackpoints, with that trackpoint's forms validated by the renderer.
 * Tracking the current trackpoint again is 3005, any other trackpoint 3006, past the last 3007.
 * Two staff tracking at the same moment: one step is added, the other gets 3004 or 3005.
 */
export async function addTracking(ctx: ServerContext, viewer: Viewer, body: TrackingBody): Promise<void> {
  const { row, project } = await barcodeForChange(ctx, viewer, body.barcodeId, 'addTrackingPermission');
  if (!row.is_activated || !row.barcode_type) throw commonFailure(ErrorCode.barcodeNotActivated);
  const type = project.config.barcodeTypes[row.barcode_type];
  if (!type) throw commonFailure(ErrorCode.invalidBarcodeType);
  const index = type.trackPoints.findIndex((t) => t.key === row.current_track_point_key);
  const next = type.trackPoints[index + 1];
  if (body.trackPointKey === row.current_track_point_key) throw commonFailure(ErrorCode.trackingAlreadyAdded);
  if (!next) throw commonFailure(ErrorCode.atEndTrackPoint);
  if (body.trackPointKey !== next.key) throw commonFailure(ErrorCode.differentTrackPoint);
  assertRequiredInfo(next, body);

  const forms: Record<string, Record<string, unknown>> = {};
  const errors: Record<string, number[]> = {};
  for (const unknownForm of Object.keys(body.forms).filter((key) => !next.trackPointForms.some((f) => f.key === key))) errors[`forms.${unknownForm}`] = [ErrorCode.invalidKey];
  for (const form of next.trackPointForms) {
    const compiled = compile(form.customFields, {
      language: 'en', loggedIn: true, userType: viewer.userType, stage: 'tracking',
      formId: { project: project.code, version: project.version, barcodeType: row.barcode_type, form: `${next.key}/${form.key}` },
    });
    const result = validateFormData(compiled, body.forms[form.key] ?? {});
    forms[form.key] = result.data;
    for (const [key, codes] of Object.entries(result.errors)) errors[`forms.${form.key}.${key}`] = codes;
  }
  if (Object.keys(errors).length > 0) throw new ApiFailure(400, errors);

  const data = { forms, ...stepInfo(body) };
  await ctx.db.transaction(async (tx) => {
    const updated = await tx.query(
      'update barcodes set current_track_point_key = $3, revision = revision + 1 where id = $1 and revision = $2 returning id',
      [body.barcodeId, row.revision, next.key],
    );
    if (updated.rows.length === 0) throw commonFailure(ErrorCode.concurrentChange);
    await appendHistory(tx, body.barcodeId, 'tracked', next.key, data, viewer.userId);
  });
}

/** GET /barcode/history: the barcode's steps, newest first, for users of its enterprise. */
export async function barcodeHistory(ctx: ServerContext, viewer: Viewer, query: HistoryQuery): Promise<{ total: number; items: HistoryEntry[] }> {
  const { rows } = await ctx.db.query<{ project_id: string }>('select project_id from barcodes where id = $1', [query.id]);
  const row = rows[0];
  if (!row) throw commonFailure(ErrorCode.barcodeNotFound);
  if (!belongsTo(viewer, await findProject(ctx.db, { id: row.project_id }))) throw commonFailure(ErrorCode.forbidden, 403);
  const total = (await ctx.db.query<{ n: number }>('select count(*)::int as n from barcode_history where barcode_id = $1', [query.id])).rows[0]?.n ?? 0;
  const items = await ctx.db.query<{ seq: number; action: string; track_point_key: string | null; staff: string | null; created_at: Date | string }>(
    `select h.seq, h.action, h.track_point_key, (u.first_name || ' ' || u.last_name) as staff, h.created_at
       from barcode_history h left join users u on u.id = h.user_id
      where h.barcode_id = $1 order by h.seq desc offset $2 limit $3`,
    [query.id, query.skip ?? 0, query.count ?? 20],
  );
  return {
    total,
    items: items.rows.map((r) => ({ seq: r.seq, action: r.action, trackPointKey: r.track_point_key, staffName: r.staff, createdAt: new Date(r.created_at).toISOString() })),
  };
}

/**
 * POST /barcode/undo-tracking (spec sections 4, 6): takes back the barcode's latest tracking
 * step, only for whoever added it and with the add-tracking permission. History stays
 * append-only: the undo is a new entry naming the step it undid.
 */
export async function undoTracking(ctx: ServerContext, viewer: Viewer, barcodeId: string): Promise<void> {
  const { row, project } = await barcodeForChange(ctx, viewer, barcodeId, 'addTrackingPermission');
  const { rows } = await ctx.db.query<{ seq: number; user_id: string | null; track_point_key: string }>(
    `select h.seq, h.user_id, h.track_point_key from barcode_history h
      where h.barcode_id = $1 and h.action = 'tracked'
        and not exists (select 1 from barcode_history u where u.barcode_id = h.barcode_id and u.action = 'tracking-undone' and (u.data->>'undoneSeq')::int = h.seq)
      order by h.seq desc limit 1`,
    [barcodeId],
  );
  const step = rows[0];
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
