import type { BarcodeHold } from '../../schemas/api/barcode';
import type { HoldAnswer, HoldBody, HoldSkip, RecallHolds, ReleaseAnswer, ReleaseBody } from '../../schemas/api/recall';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { appendHistoryEach } from '../repositories/pairing';
import type { ProjectRow } from '../repositories/projects';
import * as holds from '../repositories/holds';
import { findUserById } from '../repositories/users';
import { belongsTo, type Viewer } from '../rules/access';
import { audit, type AuditUser } from './audit';
import { projectForRecall, recalledPackageIds } from './recall';

/** The user as the audit log names them. */
async function auditUser(db: Queryable, viewer: Viewer): Promise<AuditUser> {
  const user = await findUserById(db, viewer.userId);
  return { user: { name: user ? `${user.first_name} ${user.last_name}` : viewer.userId, userType: viewer.userType } };
}

const recallTarget = (project: ProjectRow, reference: string) => ({
  type: 'recall',
  id: reference,
  enterpriseId: project.enterprise_id,
  projectCode: project.code,
});

/** What a hold finds of the implicated packages: held for this recall, skipped (and why), free to hold. */
function sortCandidates(rows: readonly holds.HoldCandidateRow[], reference: string) {
  const skipped: HoldSkip[] = [];
  let heldBefore = 0;
  let free = 0;
  for (const row of rows) {
    if (row.hold_reference === reference) heldBefore += 1;
    else if (row.hold_reference !== null)
      skipped.push({ id: row.id, externalId: row.external_id, why: 'heldForAnother', reference: row.hold_reference });
    else if (!row.is_activated) skipped.push({ id: row.id, externalId: row.external_id, why: 'notActivated' });
    else free += 1;
  }
  return { skipped, heldBefore, free };
}

/**
 * POST /recall/hold: traces from the start given, as GET /recall/trace does (the same checks and
 * permission), and puts every implicated package that is activated and on no other hold on hold
 * for `reference`, in one transaction: all of them or none. Each gets a 'held' history entry (in
 * the ledger), and the audit log records who did it. Repeating it holds nothing more and answers
 * the same count; packages held for another recall or not activated are listed, not refused.
 */
export async function holdRecall(ctx: ServerContext, viewer: Viewer, body: HoldBody): Promise<HoldAnswer> {
  const { reference, reason, dryRun = false, ...start } = body;
  const { project, ids } = await recalledPackageIds(ctx, viewer, start);
  const answer = (held: number, added: number, skipped: HoldSkip[]): HoldAnswer => ({
    reference,
    dryRun,
    implicated: ids.length,
    held,
    added,
    skipped,
  });
  if (dryRun) {
    const before = sortCandidates(await holds.findHoldCandidates(ctx.db, ids), reference);
    return answer(before.heldBefore + before.free, before.free, before.skipped);
  }
  const actor = await auditUser(ctx.db, viewer);
  const added = await ctx.db.transaction(async (tx) => {
    const heldNow = await holds.holdAll(tx, { projectId: project.id, ids, reference, reason, userId: viewer.userId });
    if (heldNow.length === 0) return heldNow;
    const data = { reference, reason };
    await appendHistoryEach(
      tx,
      heldNow.map((id) => ({ barcodeId: id, trackPointKey: null, data })),
      'held',
      viewer.userId,
    );
    await audit(tx, actor, 'recall.hold', recallTarget(project, reference), null, { count: heldNow.length }, reason);
    return heldNow;
  });
  const after = sortCandidates(await holds.findHoldCandidates(ctx.db, ids), reference);
  return answer(after.heldBefore, added.length, after.skipped);
}

/**
 * POST /recall/release: takes the listed packages (or all) off hold for the project's recall
 * `reference`, in one transaction, each with a 'released' history entry, and records it in the
 * audit log. Listed packages not on hold for it are answered, not refused; a repeat releases none.
 */
export async function releaseRecall(ctx: ServerContext, viewer: Viewer, body: ReleaseBody): Promise<ReleaseAnswer> {
  const project = await projectForRecall(ctx, viewer, body.projectId);
  const actor = await auditUser(ctx.db, viewer);
  const released = await ctx.db.transaction(async (tx) => {
    const freed = await holds.releaseAll(tx, {
      projectId: project.id,
      reference: body.reference,
      ...(body.barcodeIds ? { ids: body.barcodeIds } : {}),
      reason: body.reason,
      userId: viewer.userId,
    });
    if (freed.length === 0) return freed;
    const data = { reference: body.reference, reason: body.reason };
    await appendHistoryEach(
      tx,
      freed.map((id) => ({ barcodeId: id, trackPointKey: null, data })),
      'released',
      viewer.userId,
    );
    await audit(
      tx,
      actor,
      'recall.release',
      recallTarget(project, body.reference),
      null,
      { count: freed.length },
      body.reason,
    );
    return freed;
  });
  const freed = new Set(released);
  return {
    reference: body.reference,
    released: released.length,
    notHeld: (body.barcodeIds ?? []).filter((id) => !freed.has(id)),
  };
}

/** GET /recall/holds: the project's recalls with packages on hold now, newest first. */
export async function recallHolds(ctx: ServerContext, viewer: Viewer, projectId: string): Promise<RecallHolds[]> {
  const project = await projectForRecall(ctx, viewer, projectId);
  const rows = await holds.heldRecalls(ctx.db, project.id);
  return rows
    .map((r) => ({
      reference: r.reference,
      reason: r.reason,
      count: r.count,
      heldAt: new Date(r.held_at).toISOString(),
      heldBy: r.held_by,
    }))
    .sort((a, b) => b.heldAt.localeCompare(a.heldAt) || a.reference.localeCompare(b.reference));
}

/** The hold in force on a barcode, for users of its enterprise (GET /barcode/barcode); null when none. */
export async function barcodeHold(
  db: Queryable,
  project: ProjectRow,
  barcode: { id: string; hold_reference?: string | null },
  viewer: Viewer | null,
): Promise<{ hold?: BarcodeHold | null }> {
  if (!belongsTo(viewer, project)) return {};
  const hold = barcode.hold_reference ? await holds.holdOf(db, barcode.id) : undefined;
  return {
    hold: hold
      ? {
          reference: hold.reference,
          reason: hold.reason,
          heldAt: new Date(hold.held_at).toISOString(),
          heldBy: hold.held_by,
        }
      : null,
  };
}
