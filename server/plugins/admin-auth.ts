import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../schemas/error-codes';
import type { ServerContext } from '../context';
import { enterprisesOfProjectCode } from '../repositories/admins';
import { commonFailure } from '../rules/api-failure';
import { adminRefusal, forbidden, mayAdminister, type AdminActor, type AdminScope } from '../rules/admin-access';
import { ADMIN_SESSION_TTL_SECONDS, adminOfSession } from '../services/admin-auth';
import { viewerFromCookies } from './auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin of the request's admin session (admin routes only; installAdminGuard). */
    adminActor: AdminActor | null;
  }
}

/** The admin session cookie: httpOnly, sent to the admin API only. */
export const ADMIN_COOKIE = 'sb_admin';
const ADMIN_COOKIE_PATH = '/api/admin';
/** Every admin route is under this prefix. */
export const ADMIN_ROUTE_PREFIX = '/api/admin/';
/** The one admin route open without an admin session: the login. */
export const ADMIN_LOGIN_ROUTE = { method: 'POST', url: '/api/admin/session' } as const;

const isGuarded = (request: FastifyRequest) => {
  const url = request.routeOptions.url;
  return (
    url !== undefined &&
    url.startsWith(ADMIN_ROUTE_PREFIX) &&
    !(url === ADMIN_LOGIN_ROUTE.url && request.method === ADMIN_LOGIN_ROUTE.method)
  );
};

/**
 * Refuses every admin route (every route under /api/admin/ but the login) to a request without
 * an admin session before anything else about it is looked at, its input included: a staff user
 * gets 403 from any admin route, whatever it sends, and a visitor 401. The route's requireAdmin
 * then checks the scope.
 */
export function installAdminGuard(app: FastifyInstance, ctx: ServerContext): void {
  app.decorateRequest('adminActor', null);
  app.addHook('preValidation', async (request) => {
    if (!isGuarded(request)) return;
    request.adminActor = (await adminOfSession(ctx, request.cookies[ADMIN_COOKIE])) ?? null;
    if (!request.adminActor) throw adminRefusal((await viewerFromCookies(ctx, request)) !== null);
  });
}

/**
 * THE guard of every admin route (docs/engineers/architecture.md): call it first in the handler,
 *
 *     const actor = await requireAdmin(ctx, request, { projectCode });
 *
 * and pass `actor` on to the service (and to audit()). It answers, in the API's error shape:
 * - 401 ErrorCode.loginExpired to a visitor without an admin session (the admin area shows its login);
 * - 403 `{ $common: [403] }` to a logged-in staff / carrier / client user without one, and to an
 *   admin outside the scope (another enterprise, a project that is not theirs, an enterprise-wide
 *   action asked by a project admin);
 * - 404 ErrorCode.projectNotFound when `scope.projectCode` names no project at all.
 */
export async function requireAdmin(
  ctx: ServerContext,
  request: FastifyRequest,
  scope: AdminScope = {},
): Promise<AdminActor> {
  const actor = request.adminActor ?? (await adminOfSession(ctx, request.cookies[ADMIN_COOKIE]));
  if (!actor) throw adminRefusal(request.viewer !== null);
  let projectEnterpriseId: string | undefined;
  if (scope.projectCode !== undefined) {
    // A project admin learns nothing about codes that are not theirs: 403 before any lookup.
    if (actor.role === 'project' && !actor.projectCodes.includes(scope.projectCode)) throw forbidden();
    const enterprises = await enterprisesOfProjectCode(ctx.db, scope.projectCode);
    if (enterprises.length === 0) throw commonFailure(ErrorCode.projectNotFound, 404);
    projectEnterpriseId = enterprises.length === 1 ? enterprises[0] : undefined;
  }
  if (!mayAdminister(actor, scope, projectEnterpriseId)) throw forbidden();
  return actor;
}

const cookieOptions = (ctx: ServerContext) => ({
  httpOnly: true,
  path: ADMIN_COOKIE_PATH,
  secure: ctx.config.secureCookies,
  sameSite: (ctx.config.corsOrigins.length > 0 && ctx.config.secureCookies ? 'none' : 'strict') as 'none' | 'strict',
});

export function setAdminCookie(reply: FastifyReply, ctx: ServerContext, token: string): void {
  reply.setCookie(ADMIN_COOKIE, token, { ...cookieOptions(ctx), maxAge: ADMIN_SESSION_TTL_SECONDS });
}

export function clearAdminCookie(reply: FastifyReply, ctx: ServerContext): void {
  reply.clearCookie(ADMIN_COOKIE, cookieOptions(ctx));
}
