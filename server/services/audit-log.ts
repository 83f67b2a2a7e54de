import type { AuditEntry, AuditLogQuery } from '../../schemas/api/admin';
import type { ServerContext } from '../context';
import { listAuditEntries, type AuditEntryRow } from '../repositories/audit-log';
import type { AdminActor } from '../rules/admin-access';

const toEntry = (row: AuditEntryRow): AuditEntry => ({
  id: row.id,
  at: new Date(row.at).toISOString(),
  actorId: row.actor_id,
  actorName: row.actor_name,
  projectCode: row.project_code,
  action: row.action,
  targetType: row.target_type,
  targetId: row.target_id,
  before: row.before,
  after: row.after,
  note: row.note,
});

/**
 * GET /admin/audit-log: a page of the admin's enterprise's entries, newest first. A project admin
 * reads only the entries of their projects (not the enterprise's user or admin entries without one).
 */
export async function readAuditLog(
  ctx: ServerContext,
  actor: AdminActor,
  query: AuditLogQuery,
): Promise<{ items: AuditEntry[]; total: number }> {
  const { rows, total } = await listAuditEntries(ctx.db, {
    enterpriseId: actor.enterpriseId,
    projectCodes: actor.role === 'project' ? actor.projectCodes : null,
    action: query.action || undefined,
    actor: query.actor || undefined,
    target: query.target || undefined,
    projectCode: query.projectCode,
    from: query.from,
    to: query.to,
    skip: query.skip ?? 0,
    count: query.count ?? 20,
  });
  return { items: rows.map(toEntry), total };
}
