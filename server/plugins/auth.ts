import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readAccessToken } from '../infra/access-token';
import type { ServerContext } from '../context';
import { unauthenticated } from '../rules/api-failure';
import type { Viewer } from '../rules/access';
import { isSessionActive, provenOf, type IssuedTokens } from '../infra/sessions';
import { SESSION_HINT } from '../../schemas/boot-request';

export const COOKIES = {
  access: 'sb_access',
  refresh: 'sb_refresh',
  /** Readable by scripts: tells the client a refresh is worth trying after a 401. Holds no secret. */
  sessionHint: SESSION_HINT,
} as const;

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, or null for a visitor. */
    viewer: Viewer | null;
    /** The session the access token belongs to. */
    sessionId: string | null;
  }
}

/** Resolves the viewer from the access-token cookie on every API request. */
export function installAuth(app: FastifyInstance, ctx: ServerContext): void {
  app.decorateRequest('viewer', null);
  app.decorateRequest('sessionId', null);
  app.addHook('preHandler', async (request) => {
    const session = await viewerFromCookies(ctx, request);
    if (session) {
      request.viewer = session.viewer;
      request.sessionId = session.sessionId;
    }
  });
}

/** The viewer and session of the request's access-token cookie, when it is valid and its session active. */
export async function viewerFromCookies(
  ctx: ServerContext,
  request: FastifyRequest,
): Promise<{ viewer: Viewer; sessionId: string } | null> {
  const claims = readAccessToken(ctx.secret, request.cookies[COOKIES.access], Math.floor(Date.now() / 1000));
  if (!claims || !(await isSessionActive(ctx.db, claims.sid))) return null;
  return {
    viewer: { userId: claims.sub, userType: claims.ut, enterpriseId: claims.eid, proven: provenOf(claims.amr) },
    sessionId: claims.sid,
  };
}

/** preHandler for routes that need a logged-in user: 401 (ErrorCode.loginExpired) otherwise. */
export async function requireViewer(request: FastifyRequest): Promise<void> {
  if (!request.viewer) throw unauthenticated();
}

/** Returns the viewer of a route guarded by requireViewer. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthenticated();
  return request.viewer;
}

function cookieBase(ctx: ServerContext) {
  const crossSite = ctx.config.corsOrigins.length > 0 && ctx.config.secureCookies;
  return { secure: ctx.config.secureCookies, sameSite: crossSite ? ('none' as const) : ('lax' as const) };
}

/** Sets the session cookies: access token for the API, refresh token only for /api/user. */
export function setSessionCookies(reply: FastifyReply, ctx: ServerContext, tokens: IssuedTokens): void {
  const base = cookieBase(ctx);
  const { accessTokenTtlSeconds: access, refreshTokenTtlSeconds: refresh } = ctx.config;
  reply.setCookie(COOKIES.access, tokens.accessToken, { ...base, httpOnly: true, path: '/api', maxAge: access });
  reply.setCookie(COOKIES.refresh, tokens.refreshToken, {
    ...base,
    httpOnly: true,
    path: '/api/user',
    maxAge: refresh,
  });
  reply.setCookie(COOKIES.sessionHint, '1', { ...base, httpOnly: false, path: '/', maxAge: refresh });
}

export function clearSessionCookies(reply: FastifyReply, ctx: ServerContext): void {
  const base = cookieBase(ctx);
  reply.clearCookie(COOKIES.access, { ...base, path: '/api' });
  reply.clearCookie(COOKIES.refresh, { ...base, path: '/api/user' });
  reply.clearCookie(COOKIES.sessionHint, { ...base, path: '/' });
}
