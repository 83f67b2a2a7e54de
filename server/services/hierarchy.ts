import type { BarcodeHierarchy, RelationActions } from '../../schemas/api/barcode';
import type { BarcodeType } from '../../schemas/project-config';
import type { Queryable } from '../db/database';
import { moveDescendants, relationCounts } from '../repositories/pairing';
import type { ProjectRow } from '../repositories/projects';
import { belongsTo, type Viewer } from '../rules/access';
import { maxLinksOf, relationActions, type RelationState } from '../rules/linking';
import { assertMayLeaveTrackPoint, currentTrackPoint, maxChildrenOf } from '../rules/pairing';
import { projectPermission } from './projects';

type BarcodeTypes = Record<string, BarcodeType>;

/**
 * Parents, children and links as the detail page and tracking see them: the barcode's place in its
 * hierarchy, what it may do now, and the children travelling with it.
 */
export async function barcodeRelations(
  db: Queryable,
  project: ProjectRow,
  barcode: RelationState,
  viewer: Viewer | null,
): Promise<{ hierarchy: BarcodeHierarchy; relationActions?: RelationActions }> {
  const types = project.config.barcodeTypes;
  const counts = await relationCounts(db, barcode.id);
  const hierarchy: BarcodeHierarchy = {
    parentId: counts.ancestor_ids[0] ?? null,
    ancestorIds: counts.ancestor_ids,
    childrenCount: counts.children_count,
    maxChildren: maxChildrenOf(types, barcode.barcode_type),
    linkToCount: counts.link_to,
    beLinkedCount: counts.be_linked,
    maxLinks: maxLinksOf(types, barcode.barcode_type),
  };
  if (!belongsTo(viewer, project)) return { hierarchy };
  const permitted = (await projectPermission(db, project, viewer)).addTrackingPermission.canEdit;
  return {
    hierarchy,
    relationActions: relationActions(types, barcode, {
      permitted,
      childrenCount: counts.children_count,
      linkCount: counts.link_to + counts.be_linked,
    }),
  };
}

/**
 * Before a barcode's next tracking step: what a mandatory pairing, unpairing or linking at its
 * current trackpoint asks (rules/pairing.ts assertMayLeaveTrackPoint). Reads nothing when the
 * trackpoint has no mandatory rule, which is the common case.
 */
export async function assertMayLeave(db: Queryable, types: BarcodeTypes, barcode: RelationState): Promise<void> {
  const point = currentTrackPoint(types, barcode);
  if (point?.pairing !== 'mandatory' && point?.unpairing !== 'mandatory' && point?.linking !== 'mandatory') return;
  const counts = await relationCounts(db, barcode.id);
  assertMayLeaveTrackPoint(types, barcode, {
    childrenCount: counts.children_count,
    linkCount: counts.link_to + counts.be_linked,
  });
}

/**
 * Moves every descendant of a barcode that was just tracked to its new trackpoint, in the
 * tracking's transaction; each one's history says 'moved-with-parent' (`withParent`: the tracked
 * barcode). Paired children are never tracked themselves, so they are always where their parent
 * was.
 */
export async function moveWithParent(
  tx: Queryable,
  barcodeId: string,
  trackPointKey: string,
  userId: string,
): Promise<number> {
  return moveDescendants(tx, barcodeId, trackPointKey, 'moved-with-parent', { withParent: barcodeId }, userId);
}

/** Undoing a parent's step: its present descendants go back with it ('moved-back-with-parent'). */
export async function moveBackWithParent(
  tx: Queryable,
  barcodeId: string,
  trackPointKey: string,
  userId: string,
): Promise<number> {
  return moveDescendants(tx, barcodeId, trackPointKey, 'moved-back-with-parent', { withParent: barcodeId }, userId);
}
