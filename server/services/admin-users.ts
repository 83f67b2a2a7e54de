import type { AdminUser, CreateUserBody, UsersQuery } from '../../schemas/api/admin';
import { ErrorCode } from '../../schemas/error-codes';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { digest, hashPassword, randomDigits, randomToken } from '../infra/crypto';
import { newId } from '../infra/ids';
import * as repo from '../repositories/admin-users';
import { ensureNamedOrganization } from '../repositories/organizations';
import { commonFailure } from '../rules/api-failure';
import { forbidden, type AdminActor } from '../rules/admin-access';
import { MEMBER_ROLES, type MemberRole } from '../rules/admin-members';
import { audit } from './audit';
import { createUser } from './users';

const iso = (value: Date | string) => new Date(value).toISOString();

export function toAdminUser(row: repo.AdminUserRow): AdminUser {
  return {
    id: row.id,
    userType: row.user_type,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: `${row.first_name} ${row.last_name}`,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    deactivated: row.deactivated_at !== null,
    accessCodeRevoked: row.access_code_revoked_at !== null,
    createdAt: iso(row.created_at),
    memberships: (row.memberships ?? []).map((m) => ({
      projectCode: m.projectCode,
      role: (m.role as MemberRole | null) ?? null,
    })),
  };
}

/** What the audit log keeps of a user: who they are and their state, never their access code. */
const auditedUser = (user: AdminUser) => ({
  name: user.fullName,
  userType: user.userType,
  organization: user.organizationName,
  deactivated: user.deactivated,
  accessCodeRevoked: user.accessCodeRevoked,
  memberships: user.memberships,
});

const target = (actor: AdminActor, userId: string, projectCode?: string) => ({
  type: 'user',
  id: userId,
  enterpriseId: actor.enterpriseId,
  projectCode,
});

/**
 * The user, locked for a change, when the admin manages them: of the admin's enterprise (else
 * 403; 404 when there is no such user), and for a project admin a member of one of their projects.
 */
async function managedUser(tx: Queryable, actor: AdminActor, userId: string): Promise<AdminUser> {
  const row = await repo.findAdminUser(tx, userId, true);
  if (!row) throw commonFailure(ErrorCode.userNotFound, 404);
  if (row.enterprise_id !== actor.enterpriseId) throw forbidden();
  const user = toAdminUser(row);
  if (actor.role === 'project' && !user.memberships.some((m) => actor.projectCodes.includes(m.projectCode)))
    throw forbidden();
  return user;
}

/**
 * The user, locked, when the admin may act on their whole account (deactivate, reactivate, issue or
 * revoke the access code): a managed user (managedUser), and for a project admin one who is a member
 * of none but their projects. Those actions end or restore the user's access to every project, so a
 * user shared with a project the admin does not administer is an enterprise admin's to act on
 * (403); the project admin changes their role in their own projects instead
 * (docs/admins/access-and-roles.md).
 */
async function wholeAccountOf(tx: Queryable, actor: AdminActor, userId: string): Promise<AdminUser> {
  const user = await managedUser(tx, actor, userId);
  if (actor.role === 'project' && user.memberships.some((m) => !actor.projectCodes.includes(m.projectCode)))
    throw forbidden();
  return user;
}

/** The project code a user action is filed under in the audit log: one the admin manages, if any. */
const auditProject = (actor: AdminActor, user: AdminUser) =>
  user.memberships.find((m) => actor.role === 'enterprise' || actor.projectCodes.includes(m.projectCode))?.projectCode;

/** GET /admin/users: a project admin sees the members of their projects only. */
export async function listUsers(
  ctx: ServerContext,
  actor: AdminActor,
  q: UsersQuery,
): Promise<{ items: AdminUser[]; total: number }> {
  const memberOf = q.projectCode ? [q.projectCode] : actor.role === 'project' ? actor.projectCodes : undefined;
  const { rows, total } = await repo.searchUsers(ctx.db, {
    enterpriseId: actor.enterpriseId,
    search: q.search?.trim() || undefined,
    userType: q.userType,
    status: q.status,
    memberOf,
    skip: q.skip ?? 0,
    count: q.count ?? 20,
  });
  return { items: rows.map(toAdminUser), total };
}

export async function getUser(ctx: ServerContext, actor: AdminActor, userId: string): Promise<AdminUser> {
  return managedUser(ctx.db, actor, userId);
}

/**
 * POST /admin/users: a user of any type in an organization of the admin's enterprise, with a new
 * access code (returned this once), optionally a member of a project with a role. A project
 * admin must name one of their projects (the route checks the scope).
 */
export async function createUserByAdmin(
  ctx: ServerContext,
  actor: AdminActor,
  body: CreateUserBody,
): Promise<{ user: AdminUser; accessCode: string }> {
  if (actor.role === 'project' && !body.projectCode) throw forbidden();
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  return ctx.db.transaction(async (tx) => {
    const organizationId = await ensureNamedOrganization(tx, newId(), actor.enterpriseId, body.organizationName.trim());
    const created = await createUser(tx, ctx.secret, {
      organizationId,
      userType: body.userType,
      firstName: body.firstName.trim(),
      lastName: body.lastName.trim(),
      passwordHash,
    });
    if (body.projectCode) {
      const role = body.role ?? 'manager';
      await repo.putMembership(tx, created.id, body.projectCode, role, MEMBER_ROLES[role]);
    }
    const user = toAdminUser((await repo.findAdminUser(tx, created.id))!);
    await audit(tx, actor, 'user.create', target(actor, user.id, body.projectCode), null, auditedUser(user));
    return { user, accessCode: created.accessCode };
  });
}

/**
 * Deactivates (their sessions end at once: no request or refresh of theirs works again) or reactivates a
 * user, in every project: a project admin only a user of none but their projects (wholeAccountOf).
 */
export async function setUserActive(
  ctx: ServerContext,
  actor: AdminActor,
  userId: string,
  active: boolean,
): Promise<AdminUser> {
  return ctx.db.transaction(async (tx) => {
    const before = await wholeAccountOf(tx, actor, userId);
    if (before.deactivated === !active) return before;
    await repo.setUserDeactivated(tx, userId, !active);
    if (!active) await repo.revokeUserSessions(tx, userId);
    const after = toAdminUser((await repo.findAdminUser(tx, userId))!);
    await audit(
      tx,
      actor,
      active ? 'user.reactivate' : 'user.deactivate',
      target(actor, userId, auditProject(actor, before)),
      auditedUser(before),
      auditedUser(after),
    );
    return after;
  });
}

/**
 * Issues a new access code (the old one stops working, in every project), shown this once; stored as
 * its digest only. A project admin only for a user of none but their projects (wholeAccountOf).
 */
export async function issueAccessCode(
  ctx: ServerContext,
  actor: AdminActor,
  userId: string,
): Promise<{ user: AdminUser; accessCode: string }> {
  return ctx.db.transaction(async (tx) => {
    const before = await wholeAccountOf(tx, actor, userId);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const accessCode = randomDigits(8);
      if (await repo.setAccessCodeDigest(tx, userId, digest(ctx.secret, accessCode))) {
        const after = toAdminUser((await repo.findAdminUser(tx, userId))!);
        await audit(
          tx,
          actor,
          'access-code.issue',
          target(actor, userId, auditProject(actor, before)),
          auditedUser(before),
          auditedUser(after),
        );
        return { user: after, accessCode };
      }
    }
    throw new Error('could not find a free access code');
  });
}

/**
 * Revokes the user's access code: logging in with it is refused and their sessions end. A project
 * admin only for a user of none but their projects (wholeAccountOf).
 */
export async function revokeUserAccessCode(ctx: ServerContext, actor: AdminActor, userId: string): Promise<AdminUser> {
  return ctx.db.transaction(async (tx) => {
    const before = await wholeAccountOf(tx, actor, userId);
    if (before.accessCodeRevoked) return before;
    await repo.revokeAccessCode(tx, userId, `revoked:${randomToken(16)}`);
    await repo.revokeUserSessions(tx, userId);
    const after = toAdminUser((await repo.findAdminUser(tx, userId))!);
    await audit(
      tx,
      actor,
      'access-code.revoke',
      target(actor, userId, auditProject(actor, before)),
      auditedUser(before),
      auditedUser(after),
    );
    return after;
  });
}

/**
 * PUT /admin/users/:userId/projects/:projectCode: adds the user to the project with a role, or
 * changes their role (the route has checked the admin may manage the project). The user must be
 * of the project's enterprise, which is the admin's.
 */
export async function putMember(
  ctx: ServerContext,
  actor: AdminActor,
  userId: string,
  projectCode: string,
  role: MemberRole,
): Promise<AdminUser> {
  return ctx.db.transaction(async (tx) => {
    // managedUser: a project admin may change only users already in one of their projects (adding
    // any user of the enterprise to their project would make that user theirs, access code included).
    const before = await managedUser(tx, actor, userId);
    const had = before.memberships.find((m) => m.projectCode === projectCode);
    if (had?.role === role) return before;
    await repo.putMembership(tx, userId, projectCode, role, MEMBER_ROLES[role]);
    const after = toAdminUser((await repo.findAdminUser(tx, userId))!);
    await audit(
      tx,
      actor,
      had ? 'member.change' : 'member.add',
      { type: 'member', id: `${projectCode}/${userId}`, enterpriseId: actor.enterpriseId, projectCode },
      had ? { user: before.fullName, projectCode, role: had.role } : null,
      { user: after.fullName, projectCode, role },
    );
    return after;
  });
}

/** DELETE /admin/users/:userId/projects/:projectCode: the user keeps their user type's defaults there. */
export async function removeMember(
  ctx: ServerContext,
  actor: AdminActor,
  userId: string,
  projectCode: string,
): Promise<AdminUser> {
  return ctx.db.transaction(async (tx) => {
    // managedUser: a project admin may change only users already in one of their projects (adding
    // any user of the enterprise to their project would make that user theirs, access code included).
    const before = await managedUser(tx, actor, userId);
    const had = before.memberships.find((m) => m.projectCode === projectCode);
    if (!had) return before;
    await repo.removeMembership(tx, userId, projectCode);
    const after = toAdminUser((await repo.findAdminUser(tx, userId))!);
    await audit(
      tx,
      actor,
      'member.remove',
      { type: 'member', id: `${projectCode}/${userId}`, enterpriseId: actor.enterpriseId, projectCode },
      { user: before.fullName, projectCode, role: had.role },
      null,
    );
    return after;
  });
}

export async function organizationsOf(ctx: ServerContext, actor: AdminActor): Promise<{ id: string; name: string }[]> {
  return repo.listOrganizations(ctx.db, actor.enterpriseId);
}
