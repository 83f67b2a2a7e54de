import { madeAtOf } from '../rules/made-at';
import type {
  BulkExtras,
  BulkTrackingAnswer,
  RecycleMultipleAnswer,
  RecycleMultipleBody,
  UserTrackingHistory,
  UserTrackingHistoryQuery,
} from '../../schemas/api/bulk';
import type { TrackingBody } from '../../schemas/api/barcode';
import { ErrorCode } from '../../schemas/error-codes';
import { ownValue } from '../../schemas/own-keys';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { moveAllToTrackPoint, quantityEntries, resetAllForReuse, userTrackingSteps } from '../repositories/bulk';
import { appendHistoryEach } from '../repositories/pairing';
import { clearStock } from '../repositories/locations';
import type { ProjectRow } from '../repositories/projects';
import type { Viewer } from '../rules/access';
import { concurrentChange } from '../rules/barcodes';
import { bulkTrackingVerdicts, recycleVerdicts, trackPointsByType } from '../rules/bulk';
import type { BulkBarcode } from '../rows/barcodes';
import { assertAllAccepted } from '../rules/pairing';
import { belowZeroField, formAdjustments, runningQuantities } from '../rules/quantities';
import { assertRequiredInfo, assertStepInfoWellFormed, stepInfo } from '../rules/step-info';
import { localDay } from '../rules/tracking-count';
import { trackPointsOf, validatedTrackPointForms } from '../rules/tracking';
import { heldDescendants } from '../repositories/holds';
import type { ProjectConfig } from '../../schemas/project-config';
import { moveWithParent } from './hierarchy';
import { notifyArrivals } from './bulk-notifications';
import { bulkContext, bulkPreamble, bulkVerdicts, memberProject, reasonsOf } from './bulk-list';

/**
 * Bulk tracking, bulk skip-tracking and bulk recycle, and the caller's tracking steps of a day.
 * Single tracking is services/tracking.ts, which hands a body with `barcodeIds` to bulkTracking.
 * A real request reads, checks and writes inside one transaction, and writes each barcode only
 * at the revision it read, so it is all or nothing: any refused barcode (or one changed
 * meanwhile, ErrorCode.concurrentChange) writes nothing. A dry run reads and checks without
 * writing.
 */

/** A bulk tracking or skip-tracking request, as the two routes send it. */
export interface BulkTrackingRequest extends Partial<Omit<TrackingBody, 'barcodeId' | 'trackPointKey'>> {
  projectId: string;
  barcodeIds: string[];
  trackPointKey: string;
  extras?: BulkExtras;
  dryRun?: boolean;
}

/** Runs `fn` in one transaction, or (dry run) on the database without writing. */
const bulkStep = <T>(ctx: ServerContext, dryRun: boolean, fn: (db: Queryable) => Promise<T>): Promise<T> =>
  dryRun ? fn(ctx.db) : ctx.db.transaction(fn);

/**
 * What each barcode's history entry holds, by barcode type: the forms validated with that type's
 * compiled schema (files must be uploads of the type's first listed barcode), the addresses and
 * package information its trackpoint requires, the note; for a skip, only `skipped`.
 */
function stepData(
  project: ProjectRow,
  barcodes: readonly BulkBarcode[],
  body: BulkTrackingRequest,
  skip: boolean,
): Map<string, Record<string, unknown>> {
  const note = body.extras?.note;
  const data = new Map<string, Record<string, unknown>>();
  for (const [type, { point, firstBarcodeId }] of trackPointsByType(
    project.config.barcodeTypes,
    barcodes,
    body.trackPointKey,
  )) {
    if (skip) {
      data.set(type, { skipped: true, forms: {}, note });
      continue;
    }
    assertRequiredInfo(point, body);
    const forms = validatedTrackPointForms(project, type, point, body.forms ?? {}, firstBarcodeId);
    data.set(type, { forms, ...stepInfo(body), bulk: true, note });
  }
  return data;
}

/**
 * ErrorCode.quantityBelowZero under `barcodeIds.<index>` for each barcode whose quantity the
 * step would take below 0.
 */
async function assertQuantitiesStay(
  db: Queryable,
  project: ProjectRow,
  ids: readonly string[],
  barcodes: readonly BulkBarcode[],
  data: Map<string, Record<string, unknown>>,
  trackPointKey: string,
): Promise<void> {
  const types = project.config.barcodeTypes;
  const adjustmentsOf = (b: BulkBarcode) =>
    formAdjustments(
      ownValue(types, b.barcode_type as string)?.trackPoints.find((t) => t.key === trackPointKey),
      data.get(b.barcode_type as string)?.forms as Record<string, unknown>,
    );
  const decreasing = barcodes.filter((b) => adjustmentsOf(b).some((a) => a.delta < 0));
  if (decreasing.length === 0) return;
  const entries = await quantityEntries(
    db,
    decreasing.map((b) => b.id),
  );
  const below = new Set(
    decreasing
      .filter(
        (b) =>
          belowZeroField(
            runningQuantities(ownValue(types, b.barcode_type as string), entries.get(b.id) ?? []),
            adjustmentsOf(b),
          ) !== null,
      )
      .map((b) => b.id),
  );
  assertAllAccepted(
    'barcodeIds',
    ids.map((id) => (below.has(id) ? ErrorCode.quantityBelowZero : null)),
  );
}

/**
 * The verdicts of a bulk tracking with a package carried inside a listed one (a case on a pallet)
 * that is on hold for a recall: such a listed barcode is refused as held too, unless the
 * trackpoint is a quarantine one of its type.
 */
async function withCarriedHolds(
  db: Queryable,
  types: ProjectConfig['barcodeTypes'],
  codes: readonly (number | null)[],
  barcodes: readonly (BulkBarcode | undefined)[],
  trackPointKey: string,
): Promise<(number | null)[]> {
  const carrying = barcodes.filter(
    (b, i): b is BulkBarcode =>
      codes[i] === null &&
      b !== undefined &&
      b.children_count > 0 &&
      trackPointsOf(types, b.barcode_type).find((t) => t.key === trackPointKey)?.quarantine !== true,
  );
  const held = await heldDescendants(
    db,
    carrying.map((b) => b.id),
  );
  return codes.map((code, i) => code ?? (held.has(barcodes[i]?.id ?? '') ? ErrorCode.heldForRecall : null));
}

/**
 * Bulk tracking (POST /barcode/tracking with `barcodeIds`, through trackingRequest) and
 * skip-tracking (POST /barcode/skip-tracking, `skip`): every listed barcode gets a 'tracked' step
 * at `trackPointKey` (a skip: `skipped: true`, no forms), its descendants move with it, and the
 * trackpoint's route notification is sent for each barcode tracked (not for the descendants).
 */
export async function bulkTracking(
  ctx: ServerContext,
  viewer: Viewer,
  body: BulkTrackingRequest,
  skip: boolean,
  madeAtHeader?: unknown,
): Promise<BulkTrackingAnswer> {
  const dryRun = body.dryRun ?? false;
  // A list queued offline is recorded at the time it was made, as a single step is (rules/made-at.ts).
  const madeAt = madeAtOf(madeAtHeader, new Date());
  const { project, maxCount, permitted } = await bulkPreamble(
    ctx,
    viewer,
    body.projectId,
    body.barcodeIds.length,
    'addTrackingPermission',
  );
  if (!skip && !dryRun) assertStepInfoWellFormed(body, 'tracking');
  const types = project.config.barcodeTypes;
  const ids = body.barcodeIds;
  return bulkStep(ctx, dryRun, async (db) => {
    const list = await bulkContext(db, project, ids, permitted);
    const codes = await withCarriedHolds(
      db,
      types,
      bulkTrackingVerdicts(types, ids, body.trackPointKey, skip, list),
      ids.map((id) => list.found.get(id)),
      body.trackPointKey,
    );
    const answer = {
      dryRun,
      trackPointKey: body.trackPointKey,
      barcodes: bulkVerdicts(ids, codes, list),
      readyCount: codes.filter((c) => c === null).length,
      descendantsMoved: 0,
      maxCount,
    };
    if (dryRun) return answer;
    assertAllAccepted('barcodeIds', codes, reasonsOf(answer.barcodes));
    const barcodes = ids.map((id) => list.found.get(id) as BulkBarcode);
    const data = stepData(project, barcodes, body, skip);
    await assertQuantitiesStay(db, project, ids, barcodes, data, body.trackPointKey);
    if ((await moveAllToTrackPoint(db, barcodes, body.trackPointKey)) !== barcodes.length) throw concurrentChange();
    await appendHistoryEach(
      db,
      barcodes.map((b) => ({
        barcodeId: b.id,
        trackPointKey: body.trackPointKey,
        data: data.get(b.barcode_type as string),
      })),
      'tracked',
      viewer.userId,
      madeAt,
    );
    let descendantsMoved = 0;
    for (const b of barcodes.filter((x) => x.children_count > 0))
      descendantsMoved += await moveWithParent(db, b.id, body.trackPointKey, viewer.userId);
    // A package inside one put on hold while the list was checked: seen now that the move waited for the hold.
    if ((await withCarriedHolds(db, types, codes, barcodes, body.trackPointKey)).some((c) => c !== null))
      throw concurrentChange();
    await notifyArrivals(db, project, ids, body.trackPointKey);
    return {
      ...answer,
      descendantsMoved,
      barcodes: answer.barcodes.map((v) => ({ ...v, currentTrackPointKey: body.trackPointKey })),
    };
  });
}

/**
 * POST /barcode/recycle-multiple: recycles every listed barcode with the rules of a single
 * recycle (rules/recycle.ts), or none; needs the activate permission. Each gets a 'recycled'
 * entry and leaves stock.
 */
export async function recycleMultiple(
  ctx: ServerContext,
  viewer: Viewer,
  body: RecycleMultipleBody,
): Promise<RecycleMultipleAnswer> {
  const dryRun = body.dryRun ?? false;
  const { project, maxCount, permitted } = await bulkPreamble(
    ctx,
    viewer,
    body.projectId,
    body.barcodeIds.length,
    'activateBarcodePermission',
  );
  const ids = body.barcodeIds;
  return bulkStep(ctx, dryRun, async (db) => {
    const list = await bulkContext(db, project, ids, permitted);
    const codes = recycleVerdicts(project.config, ids, list);
    const answer = {
      dryRun,
      barcodes: bulkVerdicts(ids, codes, list),
      readyCount: codes.filter((c) => c === null).length,
      maxCount,
    };
    if (dryRun) return answer;
    assertAllAccepted('barcodeIds', codes, reasonsOf(answer.barcodes));
    const barcodes = ids.map((id) => list.found.get(id) as BulkBarcode);
    if ((await resetAllForReuse(db, barcodes)) !== barcodes.length) throw concurrentChange();
    await appendHistoryEach(
      db,
      barcodes.map((b) => ({
        barcodeId: b.id,
        trackPointKey: b.current_track_point_key,
        data: { barcodeType: b.barcode_type, externalId: b.external_id },
      })),
      'recycled',
      viewer.userId,
    );
    for (const b of barcodes.filter((x) => x.stock_location_id !== null)) await clearStock(db, b.id);
    return answer;
  });
}

/** GET /barcode/user-tracking-history: the caller's tracking steps of a local day in the project, newest first. */
export async function userTrackingHistory(
  ctx: ServerContext,
  viewer: Viewer,
  query: UserTrackingHistoryQuery,
): Promise<UserTrackingHistory> {
  const day = localDay(query.date, query.utcOffset);
  const project = await memberProject(ctx, viewer, query.projectId);
  const page = await userTrackingSteps(
    ctx.db,
    project.id,
    viewer.userId,
    day.start,
    day.end,
    query.skip ?? 0,
    query.count ?? 50,
  );
  return {
    date: day.iso,
    total: page.total,
    items: page.items.map((r) => ({
      barcodeId: r.barcode_id,
      seq: r.seq,
      trackPointKey: r.track_point_key,
      barcodeType: r.barcode_type,
      externalId: r.external_id,
      createdAt: new Date(r.created_at).toISOString(),
      skipped: r.skipped,
    })),
  };
}
