import type { Queryable } from '../db/database';
import type { UserType } from '../../schemas/project-config';
import type { ServerContext } from '../context';
import type { ProvenFactors } from '../rules/access';
import { issueAccessToken, type AccessClaims } from './access-token';
import { digest, randomToken } from './crypto';
import { unauthenticated } from '../rules/api-failure';
import { refreshOutcome } from '../rules/sessions';
import { newId } from './ids';

/** Tokens handed to the client as httpOnly cookies. */
export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  userId: string;
  userType: UserType;
}

/** Who a session is for, and what their login proved. */
export interface SessionUser {
  id: string;
  userType: UserType;
  enterpriseId: string;
  proven: ProvenFactors;
}

/** The token's `amr` claim for what a login proved. */
export const amrOf = (proven: ProvenFactors): AccessClaims['amr'] => [
  ...(proven.password ? (['pwd'] as const) : []),
  ...(proven.oneTimePasscode ? (['otp'] as const) : []),
];

/** What a token's `amr` claim says was proved; a token without one proved nothing more. */
export const provenOf = (amr: AccessClaims['amr'] | undefined): ProvenFactors => ({
  password: amr?.includes('pwd') === true,
  oneTimePasscode: amr?.includes('otp') === true,
});

async function issueTokens(
  ctx: ServerContext,
  tx: Queryable,
  sessionId: string,
  user: SessionUser,
): Promise<IssuedTokens> {
  const refreshToken = randomToken();
  await tx.query(
    'insert into refresh_tokens (token_digest, session_id, expires_at) values ($1, $2, now() + make_interval(secs => $3))',
    [digest(ctx.secret, refreshToken), sessionId, ctx.config.refreshTokenTtlSeconds],
  );
  const exp = Math.floor(Date.now() / 1000) + ctx.config.accessTokenTtlSeconds;
  const accessToken = issueAccessToken(ctx.secret, {
    sub: user.id,
    sid: sessionId,
    ut: user.userType,
    eid: user.enterpriseId,
    amr: amrOf(user.proven),
    exp,
  });
  return { accessToken, refreshToken, userId: user.id, userType: user.userType };
}

/** Starts a session for a user on one device (visitorId). */
export async function startSession(
  ctx: ServerContext,
  user: SessionUser,
  projectId: string,
  visitorId: string,
): Promise<IssuedTokens> {
  return ctx.db.transaction(async (tx) => {
    const sessionId = newId();
    await tx.query(
      `insert into sessions (id, user_id, project_id, visitor_id, password_proven, passcode_proven)
       values ($1, $2, $3, $4, $5, $6)`,
      [sessionId, user.id, projectId, visitorId, user.proven.password, user.proven.oneTimePasscode],
    );
    return issueTokens(ctx, tx, sessionId, user);
  });
}

interface RefreshRow {
  session_id: string;
  visitor_id: string;
  user_id: string;
  user_type: UserType;
  enterprise_id: string;
  password_proven: boolean;
  passcode_proven: boolean;
  expired: boolean;
  revoked: boolean;
  rotated_seconds_ago: number | null;
}

/**
 * Rotates a refresh token: the presented one is spent and a new pair is issued. The token must
 * be unexpired, its session unrevoked and bound to the same visitorId. A spent token presented
 * again after the grace period means it was copied: the whole session is revoked
 * (rules/sessions.ts refreshOutcome).
 */
export async function rotateSession(
  ctx: ServerContext,
  refreshToken: string | undefined,
  visitorId: string,
): Promise<IssuedTokens> {
  if (!refreshToken) throw unauthenticated();
  const tokenDigest = digest(ctx.secret, refreshToken);
  const now = ctx.config.clock();
  // The transaction answers instead of throwing when it revokes: a throw would roll the revocation back.
  const tokens = await ctx.db.transaction(async (tx): Promise<IssuedTokens | null> => {
    const { rows } = await tx.query<RefreshRow>(
      `select t.session_id, s.visitor_id, s.user_id, u.user_type, o.enterprise_id, s.password_proven, s.passcode_proven,
              (t.expires_at <= now()) as expired,
              (s.revoked_at is not null) as revoked,
              extract(epoch from $2::timestamptz - t.rotated_at)::float8 as rotated_seconds_ago
         from refresh_tokens t join sessions s on s.id = t.session_id join users u on u.id = s.user_id
              join organizations o on o.id = u.organization_id
        where t.token_digest = $1 for update of t`,
      [tokenDigest, now.toISOString()],
    );
    const row = rows[0];
    const outcome = refreshOutcome(row, visitorId);
    if (outcome === 'revoke' && row) await revokeSessionById(tx, row.session_id);
    if (outcome !== 'rotate' || !row) return null;
    await tx.query('update refresh_tokens set rotated_at = $2 where token_digest = $1', [
      tokenDigest,
      now.toISOString(),
    ]);
    return issueTokens(ctx, tx, row.session_id, {
      id: row.user_id,
      userType: row.user_type,
      enterpriseId: row.enterprise_id,
      proven: { password: row.password_proven, oneTimePasscode: row.passcode_proven },
    });
  });
  if (!tokens) throw unauthenticated();
  return tokens;
}

async function revokeSessionById(db: Queryable, sessionId: string): Promise<void> {
  await db.query('update sessions set revoked_at = now() where id = $1 and revoked_at is null', [sessionId]);
}

/** Revokes the session that either token belongs to (logout). Unknown tokens are ignored. */
export async function revokeSession(
  ctx: ServerContext,
  sessionId: string | undefined,
  refreshToken: string | undefined,
): Promise<void> {
  if (sessionId) await revokeSessionById(ctx.db, sessionId);
  if (refreshToken) {
    await ctx.db.query(
      'update sessions set revoked_at = now() where revoked_at is null and id = (select session_id from refresh_tokens where token_digest = $1)',
      [digest(ctx.secret, refreshToken)],
    );
  }
}

/** True while the session an access token names is not revoked. */
export async function isSessionActive(db: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>('select (revoked_at is null) as ok from sessions where id = $1', [
    sessionId,
  ]);
  return rows[0]?.ok === true;
}

/** The project a session was started in (its login's project). */
export async function sessionProjectId(db: Queryable, sessionId: string): Promise<string | undefined> {
  return (await db.query<{ project_id: string }>('select project_id from sessions where id = $1', [sessionId])).rows[0]
    ?.project_id;
}
