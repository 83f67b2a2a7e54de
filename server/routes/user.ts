import type { FastifyInstance } from 'fastify';
import { ErrorResponse, OkResponse } from '../../schemas/common';
import {
  AddressesResponse, AuthorizeBody, AuthorizeResponse, ProfileResponse, RegisterBody, RegisterResponse, VisitorBody,
} from '../../schemas/api/user';
import { Headers } from '../../schemas/validation';
import { userAddresses } from '../domain/addresses';
import { authorize, registerCarrier } from '../domain/auth';
import type { ServerContext } from '../context';
import { rotateSession, revokeSession } from '../infra/sessions';
import { loadProfile, findUserById, toUser } from '../domain/users';
import { clearSessionCookies, COOKIES, requireViewer, setSessionCookies, viewerOf } from '../plugins/auth';
import { unauthenticated } from '../rules/api-failure';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/** Login, self-registration, profile, address book, token refresh and logout (spec section 7). */
export async function userRoutes(app: FastifyInstance, { ctx }: { ctx: ServerContext }): Promise<void> {
  app.post<{ Body: AuthorizeBody }>(
    '/user/authorize',
    { schema: { body: AuthorizeBody, response: { 200: AuthorizeResponse, ...errors } } },
    async (request, reply) => {
      const { user, tokens } = await authorize(ctx, request.body, request.ip);
      setSessionCookies(reply, ctx, tokens);
      return { data: { user } };
    },
  );

  app.post<{ Body: RegisterBody }>(
    '/user/carrier-user/self',
    { schema: { body: RegisterBody, response: { 200: RegisterResponse, ...errors } } },
    async (request) => ({ data: await registerCarrier(ctx, request.body, request.ip) }),
  );

  app.get(
    '/user/profile',
    { preHandler: requireViewer, schema: { response: { 200: ProfileResponse, ...errors } } },
    async (request, reply) => {
      const profile = await loadProfile(ctx.db, viewerOf(request).userId);
      reply.header(Headers.enterpriseId, profile.organization.enterpriseId).header(Headers.userType, profile.user.userType);
      return { data: profile };
    },
  );

  app.get(
    '/user/address',
    { preHandler: requireViewer, schema: { response: { 200: AddressesResponse, ...errors } } },
    async (request) => ({ data: await userAddresses(ctx.db, viewerOf(request).userId) }),
  );

  app.post<{ Body: VisitorBody }>(
    '/user/refresh-token',
    { schema: { body: VisitorBody, response: { 200: AuthorizeResponse, ...errors } } },
    async (request, reply) => {
      try {
        const tokens = await rotateSession(ctx, request.cookies[COOKIES.refresh], request.body.visitorId);
        const user = await findUserById(ctx.db, tokens.userId);
        if (!user) throw unauthenticated();
        setSessionCookies(reply, ctx, tokens);
        return { data: { user: toUser(user) } };
      } catch (error) {
        // A refresh that fails leaves no half-session behind on the device.
        clearSessionCookies(reply, ctx);
        throw error;
      }
    },
  );

  app.post<{ Body: VisitorBody }>(
    '/user/logout',
    { schema: { body: VisitorBody, response: { 200: OkResponse, ...errors } } },
    async (request, reply) => {
      await revokeSession(ctx, request.sessionId ?? undefined, request.cookies[COOKIES.refresh]);
      clearSessionCookies(reply, ctx);
      return { data: true };
    },
  );
}
