import type { AuthorizeBody, RegisterBody, User } from '../../schemas/api/user';
import { ErrorCode } from '../../schemas/error-codes';
import type { ServerContext } from '../context';
import { hashPassword, verifyPassword } from '../infra/crypto';
import { ApiFailure, commonFailure, fieldFailure } from '../rules/api-failure';
import { checkOneTimePasscode } from './one-time-passcode';
import { findProject } from './projects';
import { assertWithinLimits, recordAttempt, type Limit } from '../infra/rate-limit';
import { startSession, type IssuedTokens } from '../infra/sessions';
import { createUser, findUserByAccessCode, toUser } from './users';
import { newId } from '../infra/ids';

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
 * POST /user/authorize: access code, then password when the project requires one, then the
 * one-time code when it requires that. Wrong credentials and wrong codes count against the
 * login limits; every credential failure is the same 2001 so nothing tells which part was wrong.
 */
export async function authorize(ctx: ServerContext, body: AuthorizeBody, address: string): Promise<{ user: User; tokens: IssuedTokens }> {
  const limits = loginLimits(ctx, address, body.projectId);
  await assertWithinLimits(ctx.db, limits);
  const project = await findProject(ctx.db, { id: body.projectId });
  const user = await findUserByAccessCode(ctx.db, ctx.secret, body.accessCode);
  let valid = user !== undefined;
  if (project.config.requirePassword) {
    const typed = body.password ?? '';
    const matches = await verifyPassword(typed, user?.password_hash ?? (await dummyHashOnce()));
    valid = valid && user?.password_hash != null && matches;
  }
  if (!user || !valid) {
    await recordAttempt(ctx.db, limits);
    throw commonFailure(ErrorCode.wrongPassword);
  }
  if (project.config.requireOneTimePasscode) {
    try {
      await checkOneTimePasscode(ctx.db, ctx.secret, user, project.id, body.oneTimePasscode, project.name);
    } catch (error) {
      if (error instanceof ApiFailure && error.errors.oneTimePasscode?.includes(ErrorCode.wrongOneTimePasscode)) {
        await recordAttempt(ctx.db, limits);
      }
      throw error;
    }
  }
  const tokens = await startSession(ctx, { id: user.id, userType: user.user_type, enterpriseId: user.enterprise_id }, project.id, body.visitorId);
  return { user: toUser(user), tokens };
}

/**
 * POST /user/carrier-user/self: a carrier registers into the project's enterprise (spec sections
 * 2, 6) and receives the generated access code once. Registrations count per address.
 */
export async function registerCarrier(ctx: ServerContext, body: RegisterBody, address: string): Promise<{ accessCode: string }> {
  const limits: Limit[] = [{ scope: 'register:address', key: address, ...ctx.config.limits.registrationsPerAddress }];
  await assertWithinLimits(ctx.db, limits);
  const project = await findProject(ctx.db, { id: body.projectId });
  if (!project.config.allowUserSelfRegister) throw commonFailure(ErrorCode.selfRegistrationNotAllowed);
  if (project.config.requirePassword && !body.password) throw fieldFailure('password', ErrorCode.emptyField);
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  const result = await ctx.db.transaction(async (tx) => {
    const carriers = `${project.enterprise_name} carriers`;
    await tx.query(
      `insert into organizations (id, enterprise_id, name) select $1, $2, $3
        where not exists (select 1 from organizations where enterprise_id = $2 and name = $3)`,
      [newId(), project.enterprise_id, carriers],
    );
    const { rows } = await tx.query<{ id: string }>('select id from organizations where enterprise_id = $1 and name = $2', [project.enterprise_id, carriers]);
    const organizationId = rows[0]?.id;
    if (!organizationId) throw new Error('carrier organization missing');
    return createUser(tx, ctx.secret, {
      organizationId, userType: 'carrier', firstName: body.firstName.trim(), lastName: body.lastName.trim(), passwordHash,
    });
  });
  await recordAttempt(ctx.db, limits);
  return { accessCode: result.accessCode };
}
