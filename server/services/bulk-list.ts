import type { BulkVerdict } from '../../schemas/api/bulk';
import type { Queryable } from '../db/database';
import { findBulkBarcodes } from '../repositories/bulk';
import type { ProjectRow } from '../repositories/projects';
import { bulkMaxCountOf } from '../../schemas/project-config';
import type { ServerContext } from '../context';
import { assertMember, type PermissionKey, type Viewer } from '../rules/access';
import { assertWithinMaximum, type BulkContext } from '../rules/bulk';
import { verdictReason } from '../rules/pairing';
import { loadProject, projectPermission } from './projects';

/** What bulk tracking, recycle and stock share: the screen's project and its maximum, the listed barcodes read at once, their verdicts as answered. */

/** The listed barcodes and what each is checked against. */
export async function bulkContext(
  db: Queryable,
  project: ProjectRow,
  ids: readonly string[],
  permitted: boolean,
): Promise<BulkContext> {
  const found = new Map((await findBulkBarcodes(db, ids)).map((r) => [r.id, r]));
  return {
    selfId: '',
    enterpriseId: project.enterprise_id,
    projectCode: project.code,
    projectVersion: project.version,
    found,
    permitted,
  };
}

/** Each listed id with its verdict, and its label when it belongs to the viewer's enterprise. */
export function bulkVerdicts(
  ids: readonly string[],
  codes: readonly (number | null)[],
  ctx: BulkContext,
): BulkVerdict[] {
  return ids.map((id, i) => {
    const row = ctx.found.get(id);
    const known = row !== undefined && row.enterprise_id === ctx.enterpriseId;
    return {
      id,
      code: codes[i] ?? null,
      barcodeType: known ? row.barcode_type : null,
      externalId: known ? row.external_id : null,
      currentTrackPointKey: known ? row.current_track_point_key : null,
      childrenCount: known ? row.children_count : 0,
      ...verdictReason(codes[i] ?? null, known ? row : undefined),
    };
  });
}

/** Each verdict's reason (or undefined), in list order, for the refusal of a real request to say it too. */
export const reasonsOf = (verdicts: readonly BulkVerdict[]) => verdicts.map((v) => v.reason);

/** The screen's project, for users of its enterprise (403 for another enterprise's). */
export async function memberProject(ctx: ServerContext, viewer: Viewer, projectId: string): Promise<ProjectRow> {
  const project = await loadProject(ctx.db, { id: projectId });
  assertMember(viewer, project);
  return project;
}

/**
 * The project, its list maximum (refused over it) and whether the viewer holds the permission,
 * before anything else is read.
 */
export async function bulkPreamble(
  ctx: ServerContext,
  viewer: Viewer,
  projectId: string,
  count: number,
  permission: PermissionKey,
) {
  const project = await memberProject(ctx, viewer, projectId);
  const maxCount = bulkMaxCountOf(project.config);
  assertWithinMaximum(count, maxCount);
  const permitted = (await projectPermission(ctx.db, project, viewer))[permission]?.canEdit ?? false;
  return { project, maxCount, permitted };
}
