import type { Queryable } from '../db/database';

/** One audit entry to append. */
export interface NewAuditEntry {
  actorId: string | null;
  actorName: string;
  enterpriseId: string | null;
  projectCode: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  note: string | null;
}

export interface AuditEntryRow {
  id: string;
  at: Date | string;
  actor_id: string | null;
  actor_name: string;
  enterprise_id: string | null;
  project_code: string | null;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  note: string | null;
}

export async function insertAuditEntry(db: Queryable, entry: NewAuditEntry): Promise<void> {
  await db.query(
    `insert into audit_log (actor_id, actor_name, enterprise_id, project_code, action, target_type, target_id, before, after, note)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10)`,
    [
      entry.actorId,
      entry.actorName,
      entry.enterpriseId,
      entry.projectCode,
      entry.action,
      entry.targetType,
      entry.targetId,
      entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
      entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
      entry.note,
    ],
  );
}

/** Filters of the audit log screen; `projectCodes` limits a project admin to their projects. */
export interface AuditQuery {
  enterpriseId: string;
  projectCodes: string[] | null;
  action?: string;
  actor?: string;
  target?: string;
  projectCode?: string;
  from?: string;
  to?: string;
  skip: number;
  count: number;
}

/**
 * A page of the enterprise's audit log, newest first by time (by number within one instant: the
 * numbers are handed out as entries are written, which is not always the order their transactions
 * began), and how many entries match in all.
 */
export async function listAuditEntries(
  db: Queryable,
  q: AuditQuery,
): Promise<{ rows: AuditEntryRow[]; total: number }> {
  const where = ['enterprise_id = $1'];
  const params: unknown[] = [q.enterpriseId];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (q.projectCodes) add('project_code = any(?::text[])', q.projectCodes);
  if (q.action) add("action like ? || '%'", q.action);
  if (q.actor) add("actor_name ilike '%' || ? || '%'", q.actor);
  if (q.target) add("target_id ilike '%' || ? || '%'", q.target);
  if (q.projectCode) add('project_code = ?', q.projectCode);
  if (q.from) add('at >= ?::timestamptz', q.from);
  if (q.to) add('at < ?::timestamptz', q.to);
  const filter = where.join(' and ');
  const total =
    (await db.query<{ n: number }>(`select count(*)::int as n from audit_log where ${filter}`, params)).rows[0]?.n ?? 0;
  const { rows } = await db.query<AuditEntryRow>(
    `select id::text as id, at, actor_id, actor_name, enterprise_id, project_code, action, target_type, target_id, before, after, note
       from audit_log where ${filter} order by audit_log.at desc, audit_log.id desc limit ${Number(q.count)} offset ${Number(q.skip)}`,
    params,
  );
  return { rows, total };
}
