import type { AdminAccount, CreateAdminBody } from '../../schemas/api/admin';
import { ErrorCode } from '../../schemas/error-codes';
import type { ServerContext } from '../context';
import * as repo from '../repositories/admins';
import { commonFailure, fieldFailure } from '../rules/api-failure';
import { forbidden, loginFromName, type AdminActor } from '../rules/admin-access';
import { audit } from './audit';
import { createAdmin } from './admin-auth';

/**
 * Further admins: the first admin comes from the command line; after that an enterprise admin adds,
 * lists and deactivates their enterprise's admins here. Project admins manage no admins (403: the
 * routes ask for `enterpriseWide`).
 */

export function toAdminAccount(row: repo.AdminAccountRow): AdminAccount {
  return {
    id: row.id,
    login: row.login,
    name: row.name,
    role: row.role,
    projectCodes: row.project_codes ?? [],
    active: row.active,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function listAdmins(ctx: ServerContext, actor: AdminActor): Promise<AdminAccount[]> {
  return (await repo.listAdminAccounts(ctx.db, actor.enterpriseId)).map(toAdminAccount);
}

/**
 * A new admin of the actor's enterprise: a project admin of `projectCodes` (each a project of the
 * enterprise, else ErrorCode.projectNotFound on it), an enterprise admin when there is none. The
 * login comes from the name unless given (ErrorCode.emptyField on `login` when the name gives
 * none; ErrorCode.duplicateEmail when taken). The password is generated and answered this once.
 */
export async function createAdminByAdmin(
  ctx: ServerContext,
  actor: AdminActor,
  body: CreateAdminBody,
): Promise<{ admin: AdminAccount; password: string }> {
  const name = body.name.trim();
  const login = body.login ?? loginFromName(name);
  if (!login) throw fieldFailure('login', ErrorCode.emptyField);
  for (const [index, code] of body.projectCodes.entries()) {
    if (!(await repo.enterprisesOfProjectCode(ctx.db, code)).includes(actor.enterpriseId))
      throw fieldFailure(`projectCodes.${index}`, ErrorCode.projectNotFound);
  }
  const projectCodes = [...body.projectCodes].sort();
  const role = projectCodes.length > 0 ? 'project' : 'enterprise';
  const { actor: created, password } = await createAdmin(ctx.db, actor, {
    enterpriseId: actor.enterpriseId,
    role,
    login,
    name,
    projectCodes,
  });
  const row = await repo.findAdminAccount(ctx.db, created.id, actor.enterpriseId);
  return { admin: toAdminAccount(row!), password };
}

/** Deactivates an admin of the enterprise and ends their sessions; never oneself (403). Repeating it changes nothing. */
export async function deactivateAdmin(ctx: ServerContext, actor: AdminActor, adminId: string): Promise<AdminAccount> {
  if (adminId === actor.id) throw forbidden();
  return ctx.db.transaction(async (tx) => {
    const before = await repo.findAdminAccount(tx, adminId, actor.enterpriseId);
    if (!before) throw commonFailure(ErrorCode.userNotFound, 404);
    if (await repo.deactivateAdminRow(tx, adminId)) {
      await audit(
        tx,
        actor,
        'admin.deactivate',
        { type: 'admin', id: adminId, enterpriseId: actor.enterpriseId, projectCode: before.project_codes?.[0] },
        { login: before.login, active: true },
        { login: before.login, active: false },
      );
    }
    return toAdminAccount((await repo.findAdminAccount(tx, adminId, actor.enterpriseId))!);
  });
}
