import type {
  PairingAnswer,
  PairingBody,
  RelationVerdict,
  ReservedCount,
  UnpairingBody,
} from '../../schemas/api/pairing';
import { ErrorCode } from '../../schemas/error-codes';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { bumpRevision, findStoredBarcode } from '../repositories/barcodes';
import {
  appendHistoryEach,
  countChildren,
  findAncestorIds,
  findChildIds,
  findListedBarcodes,
  lockProjectRelations,
  pairChildren as pairRows,
  unpairChildren as unpairRows,
} from '../repositories/pairing';
import type { ListedBarcodeRow } from '../rows/barcodes';
import type { ProjectRow } from '../repositories/projects';
import type { Viewer } from '../rules/access';
import { commonFailure, fieldFailure } from '../rules/api-failure';
import { assertBarcodeFound, concurrentChange } from '../rules/barcodes';
import {
  assertAllAccepted,
  assertNoRefusal,
  maxChildrenOf,
  verdictReason,
  pairingRefusal,
  pairingVerdicts,
  unpairingRefusal,
  unpairingVerdicts,
  type ListContext,
} from '../rules/pairing';
import { barcodeForChange, projectOfBarcodeFor } from './barcodes';

/**
 * POST /barcode/pairing and /barcode/unpairing. Both read, check and write inside one transaction
 * holding the project's relations lock (a dry run reads without it and writes nothing), so what was
 * checked still holds when it is written: two staff pairing one child to two parents at once end
 * with one parent.
 */

/** The parent as stored, re-read inside the transaction: it may have changed since the permission check. */
export async function storedParent(db: Queryable, id: string) {
  const row = assertBarcodeFound(await findStoredBarcode(db, id));
  if (row.is_deactivated) throw commonFailure(ErrorCode.deactivated);
  return { id, ...row };
}

/** The listed barcodes by id, and the context every listed barcode is checked in. */
export async function listContext(
  db: Queryable,
  project: ProjectRow,
  selfId: string,
  ids: readonly string[],
): Promise<ListContext & { found: Map<string, ListedBarcodeRow> }> {
  const found = new Map((await findListedBarcodes(db, ids)).map((r) => [r.id, r]));
  return {
    selfId,
    enterpriseId: project.enterprise_id,
    projectCode: project.code,
    projectVersion: project.version,
    found,
  };
}

/** Each listed id with its verdict, and its label when the viewer may know the barcode. */
export function verdictsOf(
  ids: readonly string[],
  codes: readonly (number | null)[],
  ctx: ListContext,
): RelationVerdict[] {
  return ids.map((id, i) => {
    const row = ctx.found.get(id);
    const known = row !== undefined && row.enterprise_id === ctx.enterpriseId;
    return {
      id,
      code: codes[i] ?? null,
      barcodeType: known ? row.barcode_type : null,
      externalId: known ? row.external_id : null,
      ...verdictReason(codes[i] ?? null, known ? row : undefined),
    };
  });
}

/** Runs `fn` in a locked transaction, or (dry run) on the database without writing. */
export async function relationStep<T>(
  ctx: ServerContext,
  projectId: string,
  dryRun: boolean,
  fn: (db: Queryable) => Promise<T>,
): Promise<T> {
  if (dryRun) return fn(ctx.db);
  return ctx.db.transaction(async (tx) => {
    await lockProjectRelations(tx, projectId);
    return fn(tx);
  });
}

/**
 * POST /barcode/pairing: pairs every listed child under the parent, or none (see the rules in
 * server/rules/pairing.ts). Users of the enterprise with the add-tracking permission. Appends
 * 'paired' to the parent's history (the children's ids) and to each child's (the parent's id).
 */
export async function pairChildren(ctx: ServerContext, viewer: Viewer, body: PairingBody): Promise<PairingAnswer> {
  const { project } = await barcodeForChange(ctx, viewer, body.parentId, 'addTrackingPermission');
  const types = project.config.barcodeTypes;
  const dryRun = body.dryRun ?? false;
  return relationStep(ctx, project.id, dryRun, async (db) => {
    const parent = await storedParent(db, body.parentId);
    assertNoRefusal(pairingRefusal(types, parent));
    const childrenCount = await countChildren(db, parent.id);
    const facts = {
      ...(await listContext(db, project, parent.id, body.childrenIds)),
      ancestorIds: new Set(await findAncestorIds(db, parent.id)),
      childrenCount,
    };
    const codes = pairingVerdicts(types, parent, body.childrenIds, facts);
    const accepted = codes.filter((c) => c === null).length;
    const answer = {
      dryRun,
      parentId: parent.id,
      children: verdictsOf(body.childrenIds, codes, facts),
      reserved: { count: childrenCount + accepted, max: maxChildrenOf(types, parent.barcode_type) },
    };
    if (dryRun) return answer;
    assertAllAccepted(
      'childrenIds',
      codes,
      answer.children.map((v) => v.reason),
    );
    const children = body.childrenIds.map((id) => facts.found.get(id) as ListedBarcodeRow);
    if (!(await bumpRevision(db, parent.id, parent.revision))) throw concurrentChange();
    if ((await pairRows(db, parent.id, children)) !== children.length) throw concurrentChange();
    const note = body.extras?.note;
    const at = parent.current_track_point_key;
    await appendHistoryEach(
      db,
      [
        { barcodeId: parent.id, trackPointKey: at, data: { childrenIds: body.childrenIds, note } },
        ...children.map((c) => ({ barcodeId: c.id, trackPointKey: at, data: { parentId: parent.id, note } })),
      ],
      'paired',
      viewer.userId,
    );
    return answer;
  });
}

/**
 * POST /barcode/unpairing: unpairs every direct child (`unpairAll`) or the listed ones, all or
 * none. The children stay at the trackpoint they are at and are tracked on their own again.
 * Appends 'unpaired' to the parent's history and to each child's.
 */
export async function unpairChildren(ctx: ServerContext, viewer: Viewer, body: UnpairingBody): Promise<PairingAnswer> {
  if (!body.unpairAll && body.childrenIds === undefined) throw fieldFailure('childrenIds', ErrorCode.emptyField);
  const { project } = await barcodeForChange(ctx, viewer, body.parentId, 'addTrackingPermission');
  const types = project.config.barcodeTypes;
  const dryRun = body.dryRun ?? false;
  return relationStep(ctx, project.id, dryRun, async (db) => {
    const parent = await storedParent(db, body.parentId);
    assertNoRefusal(unpairingRefusal(types, parent));
    const ids = body.unpairAll ? await findChildIds(db, parent.id) : (body.childrenIds ?? []);
    const list = await listContext(db, project, parent.id, ids);
    const codes = unpairingVerdicts(parent.id, ids, project.enterprise_id, list.found);
    const childrenCount = await countChildren(db, parent.id);
    const accepted = codes.filter((c) => c === null).length;
    const answer = {
      dryRun,
      parentId: parent.id,
      children: verdictsOf(ids, codes, list),
      reserved: { count: childrenCount - accepted, max: maxChildrenOf(types, parent.barcode_type) },
    };
    if (dryRun || ids.length === 0) return answer;
    assertAllAccepted('childrenIds', codes);
    if (!(await bumpRevision(db, parent.id, parent.revision))) throw concurrentChange();
    if ((await unpairRows(db, parent.id, ids)) !== ids.length) throw concurrentChange();
    const note = body.extras?.note;
    const at = parent.current_track_point_key;
    await appendHistoryEach(
      db,
      [
        { barcodeId: parent.id, trackPointKey: at, data: { childrenIds: ids, note } },
        ...ids.map((id) => ({
          barcodeId: id,
          trackPointKey: list.found.get(id)?.current_track_point_key ?? at,
          data: { parentId: parent.id, note },
        })),
      ],
      'unpaired',
      viewer.userId,
    );
    return answer;
  });
}

/** GET /barcode/pairing/reserved-count: the barcode's children and its type's reserved count (users of the enterprise). */
export async function pairingReservedCount(
  ctx: ServerContext,
  viewer: Viewer,
  barcodeId: string,
): Promise<ReservedCount> {
  const project = await projectOfBarcodeFor(ctx.db, viewer, barcodeId);
  const row = assertBarcodeFound(await findStoredBarcode(ctx.db, barcodeId));
  return {
    count: await countChildren(ctx.db, barcodeId),
    max: maxChildrenOf(project.config.barcodeTypes, row.barcode_type),
  };
}
