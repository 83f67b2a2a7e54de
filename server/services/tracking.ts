import type { TrackingBody, UndoTrackingBody } from '../../schemas/api/barcode';
import type { BulkTrackingAnswer, TrackingRequestBody } from '../../schemas/api/bulk';
import { ErrorCode } from '../../schemas/error-codes';
import type { ServerContext } from '../context';
import * as barcodes from '../repositories/barcodes';
import { appendHistory, latestTrackingStep, undoerOf } from '../repositories/history';
import type { Viewer } from '../rules/access';
import { fieldFailure } from '../rules/api-failure';
import { concurrentChange } from '../rules/barcodes';
import { assertEntryNotSealed } from '../rules/ledger';
import { madeAtOf } from '../rules/made-at';
import { assertRequiredInfo, assertStepInfoWellFormed, stepInfo } from '../rules/step-info';
import { heldDescendants } from '../repositories/holds';
import {
  editedTrackPoint,
  heldForRecall,
  mayEdit,
  mayUndo,
  nextTrackPoint,
  validatedTrackPointForms,
} from '../rules/tracking';
import { barcodeForChange } from './barcodes';
import { bulkTracking } from './bulk';
import { assertMayLeave, moveBackWithParent, moveWithParent } from './hierarchy';
import { notifyArrival } from './notifications';
import { assertStepQuantities } from './quantities';

/**
 * POST /barcode/tracking, single or bulk: `barcodeIds` makes it bulk (with `projectId`), else
 * `barcodeId` names the one barcode of a single step (TrackingBody), which takes neither
 * `projectId`, `extras` nor `dryRun` (ErrorCode.invalidKey).
 */
export async function trackingRequest(
  ctx: ServerContext,
  viewer: Viewer,
  body: TrackingRequestBody,
  madeAtHeader?: unknown,
): Promise<true | BulkTrackingAnswer> {
  const { barcodeId, barcodeIds, projectId, extras, dryRun, ...step } = body;
  if (barcodeIds !== undefined) {
    if (barcodeId !== undefined) throw fieldFailure('barcodeIds', ErrorCode.invalidFormat);
    if (projectId === undefined) throw fieldFailure('projectId', ErrorCode.emptyField);
    return bulkTracking(ctx, viewer, { ...step, projectId, barcodeIds, extras, dryRun }, false, madeAtHeader);
  }
  if (barcodeId === undefined) throw fieldFailure('barcodeId', ErrorCode.emptyField);
  const bulkOnly = Object.entries({ projectId, extras, dryRun }).find(([, v]) => v !== undefined);
  if (bulkOnly) throw fieldFailure(bulkOnly[0], ErrorCode.invalidKey);
  await addTracking(ctx, viewer, { ...step, barcodeId }, madeAtHeader);
  return true;
}

/**
 * A single step of POST /barcode/tracking: adds the step at the barcode's next trackpoint of its
 * type's ordered trackpoints (rules/tracking.ts nextTrackPoint), with that trackpoint's forms
 * validated by the renderer. A paired child travels with its parent and is not tracked itself,
 * and the parent's descendants move with it (services/hierarchy.ts); a mandatory pairing,
 * unpairing or linking at the trackpoint it leaves must be done first. Two staff tracking at the
 * same moment: one step is added, the other gets ErrorCode.concurrentChange or
 * ErrorCode.trackingAlreadyAdded. A package on hold for a recall, or carrying one, goes only to a
 * quarantine trackpoint (ErrorCode.heldForRecall).
 * A trackpoint with a route notification sends it in the same transaction. A step sent from the
 * outbox after it was made (its Made-At header, `madeAtHeader`) is recorded in the history at that time.
 */
export async function addTracking(
  ctx: ServerContext,
  viewer: Viewer,
  body: TrackingBody,
  madeAtHeader?: unknown,
): Promise<void> {
  // Checked like the rest of the body, before anything is read.
  const madeAt = madeAtOf(madeAtHeader, new Date());
  assertStepInfoWellFormed(body, 'tracking');
  const { row, project } = await barcodeForChange(ctx, viewer, body.barcodeId, 'addTrackingPermission');
  const { barcodeType, point: next } = nextTrackPoint(project.config.barcodeTypes, row, body.trackPointKey);
  assertRequiredInfo(next, body);
  await assertMayLeave(ctx.db, project.config.barcodeTypes, { id: body.barcodeId, ...row });

  const data = {
    forms: validatedTrackPointForms(project, barcodeType, next, body.forms, body.barcodeId),
    ...stepInfo(body),
  };
  await assertStepQuantities(ctx.db, project, barcodeType, next, data.forms, body.barcodeId);
  await ctx.db.transaction(async (tx) => {
    if (!(await barcodes.moveToTrackPoint(tx, body.barcodeId, row.revision, next.key))) throw concurrentChange();
    await appendHistory(tx, body.barcodeId, 'tracked', next.key, data, viewer.userId, madeAt);
    await moveWithParent(tx, body.barcodeId, next.key, viewer.userId);
    // After the move, which waited for any hold of a package inside it: such a hold is seen here.
    if (next.quarantine !== true) {
      const held = (await heldDescendants(tx, [body.barcodeId])).get(body.barcodeId);
      if (held !== undefined) throw heldForRecall(held);
    }
    await notifyArrival(tx, project, body.barcodeId, next);
  });
}

/**
 * PUT /barcode/tracking: corrects the forms of the barcode's latest tracking step, with the body of
 * POST /barcode/tracking. Only that step can be edited, at the barcode's current trackpoint, and
 * only by whoever added it, like undo. The forms are validated like a new step. The barcode stays
 * where it is; history gets a 'tracking-edited' entry naming the step (`editedSeq`).
 */
export async function editTracking(ctx: ServerContext, viewer: Viewer, body: TrackingBody): Promise<void> {
  // Checked like the rest of the body, before anything is read.
  assertStepInfoWellFormed(body, 'tracking');
  const { row, project } = await barcodeForChange(ctx, viewer, body.barcodeId, 'addTrackingPermission');
  const { barcodeType, point } = editedTrackPoint(project.config.barcodeTypes, row, body.trackPointKey);
  const step = mayEdit(await latestTrackingStep(ctx.db, body.barcodeId), point, viewer);
  assertEntryNotSealed(row.sealed_seq, step.seq);
  assertRequiredInfo(point, body);

  const data = {
    editedSeq: step.seq,
    forms: validatedTrackPointForms(project, barcodeType, point, body.forms, body.barcodeId),
    ...stepInfo(body),
  };
  await ctx.db.transaction(async (tx) => {
    if (!(await barcodes.bumpRevision(tx, body.barcodeId, row.revision))) throw concurrentChange();
    await appendHistory(tx, body.barcodeId, 'tracking-edited', point.key, data, viewer.userId);
  });
}

/**
 * POST /barcode/undo-tracking: takes back the tracking step the request names (`seq`), which must
 * be the barcode's latest, only for whoever added it and with the add-tracking permission. History
 * stays append-only: the undo is a new entry naming the step it undid. Idempotent: naming a step
 * the viewer already undid (a double tap, a retry, requests racing) answers success and changes
 * nothing.
 */
export async function undoTracking(
  ctx: ServerContext,
  viewer: Viewer,
  { barcodeId, seq }: UndoTrackingBody,
): Promise<void> {
  const { row, project } = await barcodeForChange(ctx, viewer, barcodeId, 'addTrackingPermission');
  const undoneByViewer = async () => (await undoerOf(ctx.db, barcodeId, seq))?.user_id === viewer.userId;
  if (await undoneByViewer()) return;
  try {
    // Inside the try: on PostgreSQL a concurrent request with the same name may commit between
    // the reads above and this one, and the step then looks 'not the latest'.
    const { step, previous } = mayUndo(
      project.config.barcodeTypes,
      row,
      await latestTrackingStep(ctx.db, barcodeId),
      viewer,
      seq,
    );
    assertEntryNotSealed(row.sealed_seq, step.seq);
    await ctx.db.transaction(async (tx) => {
      if (!(await barcodes.moveToTrackPoint(tx, barcodeId, row.revision, previous.key))) throw concurrentChange();
      await appendHistory(tx, barcodeId, 'tracking-undone', previous.key, { undoneSeq: step.seq }, viewer.userId);
      await moveBackWithParent(tx, barcodeId, previous.key, viewer.userId);
    });
  } catch (error) {
    // Lost a race with the same undo: the step is taken back once, and this request says so too.
    if (!(await undoneByViewer())) throw error;
  }
}
