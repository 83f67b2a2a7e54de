import type { Queryable } from '../db/database';
import { insertAuditEntry } from '../repositories/audit-log';
import type { AdminActor } from '../rules/admin-access';

/** Who acted: an admin, or the command line (npm run admin / npm run project). */
export type AuditActor = AdminActor | { commandLine: true; enterpriseId: string };

/** A user of a project doing what the log keeps for users too (a recall's holds and releases). */
export interface AuditUser {
  user: { name: string; userType: string };
}

/** What an action touched: its kind and id, and the project (code) and enterprise it belongs to. */
export interface AuditTarget {
  type: string;
  id: string;
  enterpriseId: string;
  projectCode?: string;
}

/** Keys whose values never enter the log, at any depth: secrets, credentials, their digests. */
const SECRET_KEY = /password|passcode|accesscode|access_code|digest|hash|token|secret|credential/i;

/** A copy of a before / after value without any secret (see SECRET_KEY); `[secret]` stands in their place. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, v]) => [
      key,
      SECRET_KEY.test(key) ? '[secret]' : withoutSecrets(v),
    ]),
  );
}

/**
 * Appends one entry to the audit log: who (`actor`), when (the database's clock), what (`action`,
 * e.g. 'user.create', 'project.publish'), to what (`target`), and the state `before` and `after`
 * (null for none). Call it with the transaction of the action itself, so the entry exists exactly
 * when the action committed. Secrets are left out (withoutSecrets): never pass a one-time
 * credential in `note`.
 */
export async function audit(
  tx: Queryable,
  actor: AuditActor | AuditUser,
  action: string,
  target: AuditTarget,
  before: unknown,
  after: unknown,
  note?: string,
): Promise<void> {
  await insertAuditEntry(tx, {
    actorId: 'id' in actor ? actor.id : null,
    actorName:
      'commandLine' in actor
        ? 'command line'
        : 'user' in actor
          ? `${actor.user.name} (${actor.user.userType})`
          : `${actor.name} (${actor.login})`,
    enterpriseId: target.enterpriseId,
    projectCode: target.projectCode ?? null,
    action,
    targetType: target.type,
    targetId: target.id,
    before: before === undefined ? null : withoutSecrets(before),
    after: after === undefined ? null : withoutSecrets(after),
    note: note ?? null,
  });
}
