import type {
  LinkDirection,
  LinkedBarcode,
  LinkedBarcodeQuery,
  LinkingAnswer,
  LinkingBody,
  ReservedCount,
  UndoLinkingBody,
} from '../../schemas/api/pairing';
import { ErrorCode } from '../../schemas/error-codes';
import type { ServerContext } from '../context';
import { findStoredBarcode } from '../repositories/barcodes';
import { countLinks, countLinksEach, deleteLink, findLinked, insertLinks, linkedAmong } from '../repositories/links';
import { appendHistoryEach, lockProjectRelations } from '../repositories/pairing';
import type { Viewer } from '../rules/access';
import { commonFailure } from '../rules/api-failure';
import { assertBarcodeFound, concurrentChange } from '../rules/barcodes';
import { linkingRefusal, linkingVerdicts, maxLinksOf } from '../rules/linking';
import { assertAllAccepted, assertNoRefusal } from '../rules/pairing';
import { barcodeForChange, loadBarcode, projectOfBarcodeFor } from './barcodes';
import { listContext, relationStep, storedParent, verdictsOf } from './pairing';

/** The other direction: a barcode linking to another is, for that other, linked by it. */
const opposite = (direction: LinkDirection): LinkDirection => (direction === 'link-to' ? 'be-linked' : 'link-to');

/**
 * POST /barcode/linking (`link-to`: the barcode links to each target) and POST
 * /barcode/be-linked (each target links to the barcode): all targets or none, checked by
 * server/rules/linking.ts. Users of the enterprise with the add-tracking permission. Appends
 * 'linked' to the barcode's history (the targets, the direction) and to each target's.
 */
export async function linkBarcodes(
  ctx: ServerContext,
  viewer: Viewer,
  body: LinkingBody,
  direction: LinkDirection,
): Promise<LinkingAnswer> {
  const { project } = await barcodeForChange(ctx, viewer, body.barcodeId, 'addTrackingPermission');
  const types = project.config.barcodeTypes;
  const dryRun = body.dryRun ?? false;
  return relationStep(ctx, project.id, dryRun, async (db) => {
    const barcode = await storedParent(db, body.barcodeId);
    assertNoRefusal(linkingRefusal(types, barcode));
    const own = await countLinks(db, barcode.id);
    const ownLinkCount = own.linkTo + own.beLinked;
    const facts = {
      ...(await listContext(db, project, barcode.id, body.targetIds)),
      alreadyLinked: await linkedAmong(db, barcode.id, body.targetIds),
      linkCounts: await countLinksEach(db, body.targetIds),
      ownLinkCount,
    };
    const codes = linkingVerdicts(types, barcode, body.targetIds, facts);
    const accepted = codes.filter((c) => c === null).length;
    const answer = {
      dryRun,
      barcodeId: barcode.id,
      targets: verdictsOf(body.targetIds, codes, facts),
      reserved: { count: ownLinkCount + accepted, max: maxLinksOf(types, barcode.barcode_type) },
    };
    if (dryRun) return answer;
    assertAllAccepted('targetIds', codes);
    const links = body.targetIds.map((id) =>
      direction === 'link-to' ? { from: barcode.id, to: id } : { from: id, to: barcode.id },
    );
    if ((await insertLinks(db, links, viewer.userId)) !== links.length) throw concurrentChange();
    await appendHistoryEach(
      db,
      [
        {
          barcodeId: barcode.id,
          trackPointKey: barcode.current_track_point_key,
          data: { linkedBarcodeIds: body.targetIds, direction },
        },
        ...body.targetIds.map((id) => ({
          barcodeId: id,
          trackPointKey: facts.found.get(id)?.current_track_point_key ?? null,
          data: { linkedBarcodeId: barcode.id, direction: opposite(direction) },
        })),
      ],
      'linked',
      viewer.userId,
    );
    return answer;
  });
}

/**
 * POST /barcode/undo-linking: removes the link between the two barcodes, made in either
 * direction (refused when there is none, or for the barcode itself). Allowed at any trackpoint.
 * Appends 'unlinked' to both histories.
 */
export async function undoLinking(ctx: ServerContext, viewer: Viewer, body: UndoLinkingBody): Promise<void> {
  const { project } = await barcodeForChange(ctx, viewer, body.barcodeId, 'addTrackingPermission');
  if (body.linkedBarcodeId === body.barcodeId) throw commonFailure(ErrorCode.withItself);
  await ctx.db.transaction(async (tx) => {
    await lockProjectRelations(tx, project.id);
    const direction = await deleteLink(tx, body.barcodeId, body.linkedBarcodeId);
    if (direction === undefined) throw commonFailure(ErrorCode.notLinked);
    const barcode = assertBarcodeFound(await findStoredBarcode(tx, body.barcodeId));
    const other = assertBarcodeFound(await findStoredBarcode(tx, body.linkedBarcodeId));
    await appendHistoryEach(
      tx,
      [
        {
          barcodeId: body.barcodeId,
          trackPointKey: barcode.current_track_point_key,
          data: { linkedBarcodeId: body.linkedBarcodeId, direction },
        },
        {
          barcodeId: body.linkedBarcodeId,
          trackPointKey: other.current_track_point_key,
          data: { linkedBarcodeId: body.barcodeId, direction: opposite(direction) },
        },
      ],
      'unlinked',
      viewer.userId,
    );
  });
}

/** GET /barcode/linking/reserved-count: the barcode's links (both directions) and its type's reserved count (users of the enterprise). */
export async function linkingReservedCount(
  ctx: ServerContext,
  viewer: Viewer,
  barcodeId: string,
): Promise<ReservedCount> {
  const project = await projectOfBarcodeFor(ctx.db, viewer, barcodeId);
  const row = assertBarcodeFound(await findStoredBarcode(ctx.db, barcodeId));
  const counts = await countLinks(ctx.db, barcodeId);
  return { count: counts.linkTo + counts.beLinked, max: maxLinksOf(project.config.barcodeTypes, row.barcode_type) };
}

/** GET /barcode/linked-barcode: open like the detail page that lists them. */
export async function linkedBarcodes(ctx: ServerContext, query: LinkedBarcodeQuery): Promise<LinkedBarcode[]> {
  await loadBarcode(ctx.db, query.id);
  return (await findLinked(ctx.db, query.id, query.path)).map((r) => ({
    id: r.id,
    direction: r.direction,
    barcodeType: r.barcode_type,
    externalId: r.external_id,
    isActivated: r.is_activated,
    currentTrackPointKey: r.current_track_point_key,
    linkedAt: new Date(r.linked_at).toISOString(),
  }));
}
