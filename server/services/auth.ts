import type { AuthorizeBody, RegisterBody, User } from '../../schemas/api/user';
import type { Language } from '../../schemas/languages';
import type { ServerContext } from '../context';
import { hashPassword, verifyPassword } from '../infra/crypto';
import { newId } from '../infra/ids';
import * as passcodes from '../infra/one-time-passcodes';
import { assertWithinLimits, recordAttempt, type Limit } from '../infra/rate-limit';
import { revokeSession, rotateSession, startSession, type IssuedTokens } from '../infra/sessions';
import { ensureNamedOrganization } from '../repositories/organizations';
import type { ProjectRow } from '../repositories/projects';
import { findUserById, type UserRow } from '../repositories/users';
import { unauthenticated } from '../rules/api-failure';
import {
  assertCodesDeliverable,
  assertMayRegister,
  carrierOrganizationName,
  credentialsValid,
  notOfEnterprise,
  passcodeSent,
  provenByLogin,
  passcodeStep,
  wrongCredentials,
  wrongPasscode,
} from '../rules/login';
import { loadProject } from './projects';
import { createUser, findUserByAccessCode, toUser } from './users';

// Compared against when no user matched, so a wrong access code costs the same time as a wrong
// password. Made on first use, not at start-up.
let dummyHash: Promise<string> | undefined;
const dummyHashOnce = () => (dummyHash ??= hashPassword('not-a-real-password-0A'));

function loginLimits(ctx: ServerContext, address: string, projectId: string): Limit[] {
  const { loginFailuresPerAddress: a, loginFailuresPerProject: p } = ctx.config.limits;
  return [
    { scope: 'login:address', key: address, ...a },
    { scope: 'login:project', key: projectId, ...p },
  ];
}

/**
 * The one-time code of a login (rules/login.ts passcodeStep): a code is sent, a wrong one is
 * counted against the code and the login limits, the right one is spent.
 */
async function checkOneTimePasscode(
  ctx: ServerContext,
  user: UserRow,
  project: ProjectRow,
  typed: string | undefined,
  limits: Limit[],
  language: Language,
): Promise<void> {
  const pending = await passcodes.findPendingCode(ctx.db, user.id, project.id);
  const matches = pending !== undefined && typed !== undefined && passcodes.isPendingCode(ctx.secret, pending, typed);
  switch (passcodeStep(typed, pending && { matches }, Boolean(user.phone_number))) {
    case 'send':
      assertCodesDeliverable(ctx.oneTimeCodes);
      await passcodes.sendNewCode(
        ctx.db,
        ctx.secret,
        user.id,
        project.id,
        `${user.phone_country_code ?? ''}${user.phone_number}`,
        project.name,
        language,
      );
      throw passcodeSent();
    case 'wrong':
      if (pending) await passcodes.countFailure(ctx.db, pending);
      await recordAttempt(ctx.db, limits);
      throw wrongPasscode();
    case 'accept':
      await passcodes.spend(ctx.db, pending as passcodes.PendingCode);
  }
}

/**
 * POST /user/authorize: access code, then password when the project requires one, then the
 * one-time code when it requires that (sent in `language`, the one the login asked in). The session remembers which of them it proved, and is
 * good for the projects of the user's enterprise that ask no more (rules/access.ts loginMeets). Wrong credentials and wrong codes count against the
 * login limits; every credential failure is the same ErrorCode.wrongPassword so nothing tells
 * which part was wrong.
 */
export async function authorize(
  ctx: ServerContext,
  body: AuthorizeBody,
  address: string,
  language: Language,
): Promise<{ user: User; tokens: IssuedTokens }> {
  const limits = loginLimits(ctx, address, body.projectId);
  await assertWithinLimits(ctx.db, limits);
  const project = await loadProject(ctx.db, { id: body.projectId });
  const user = await findUserByAccessCode(ctx.db, ctx.secret, body.accessCode);
  // The password is checked, against a stand-in when no user matched, whenever the project requires one.
  const passwordMatches =
    project.config.requirePassword &&
    (await verifyPassword(body.password ?? '', user?.password_hash ?? (await dummyHashOnce())));
  if (!user || !credentialsValid(project.config, user, passwordMatches)) {
    await recordAttempt(ctx.db, limits);
    throw wrongCredentials();
  }
  // Before a one-time code is sent: a user of another enterprise gets no code and no session.
  if (user.enterprise_id !== project.enterprise_id) {
    await recordAttempt(ctx.db, limits);
    throw notOfEnterprise();
  }
  if (project.config.requireOneTimePasscode)
    await checkOneTimePasscode(ctx, user, project, body.oneTimePasscode, limits, language);
  const tokens = await startSession(
    ctx,
    {
      id: user.id,
      userType: user.user_type,
      enterpriseId: user.enterprise_id,
      proven: provenByLogin(project.config),
    },
    project.id,
    body.visitorId,
  );
  return { user: toUser(user), tokens };
}

/**
 * POST /user/carrier-user/self: a carrier registers into the project's enterprise and receives
 * the generated access code once. Registrations count per address.
 */
export async function registerCarrier(
  ctx: ServerContext,
  body: RegisterBody,
  address: string,
): Promise<{ accessCode: string }> {
  const limits: Limit[] = [{ scope: 'register:address', key: address, ...ctx.config.limits.registrationsPerAddress }];
  await assertWithinLimits(ctx.db, limits);
  const project = await loadProject(ctx.db, { id: body.projectId });
  assertMayRegister(project.config, body.password);
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  const result = await ctx.db.transaction(async (tx) => {
    const organizationId = await ensureNamedOrganization(
      tx,
      newId(),
      project.enterprise_id,
      carrierOrganizationName(project.enterprise_name),
    );
    return createUser(tx, ctx.secret, {
      organizationId,
      userType: 'carrier',
      firstName: body.firstName.trim(),
      lastName: body.lastName.trim(),
      passwordHash,
    });
  });
  await recordAttempt(ctx.db, limits);
  return { accessCode: result.accessCode };
}

/**
 * POST /user/refresh-token: a new token pair for the session the refresh token belongs to
 * (infra/sessions.ts rotateSession), and the user it is for (401 when the user is gone).
 */
export async function refreshSession(
  ctx: ServerContext,
  refreshToken: string | undefined,
  visitorId: string,
): Promise<{ user: User; tokens: IssuedTokens }> {
  const tokens = await rotateSession(ctx, refreshToken, visitorId);
  const user = await findUserById(ctx.db, tokens.userId);
  if (!user) throw unauthenticated();
  return { user: toUser(user), tokens };
}

/** POST /user/logout: revokes the session either token belongs to; unknown tokens are ignored. */
export const logout = (
  ctx: ServerContext,
  sessionId: string | undefined,
  refreshToken: string | undefined,
): Promise<void> => revokeSession(ctx, sessionId, refreshToken);
