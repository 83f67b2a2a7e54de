import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, OkResponse } from '../../schemas/common';
import {
  AddressesResponse,
  AuthorizeBody,
  AuthorizeResponse,
  ProfileResponse,
  RegisterBody,
  RegisterResponse,
  VisitorBody,
} from '../../schemas/api/user';
import { Headers } from '../../schemas/validation';
import type { ServerContext } from '../context';
import { clearSessionCookies, COOKIES, requireViewer, setSessionCookies, viewerOf } from '../plugins/auth';
import { languageOf } from '../plugins/first-screen';
import { userAddresses } from '../services/addresses';
import { authorize, logout, refreshSession, registerCarrier } from '../services/auth';
import { loadProfile } from '../services/users';

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/** Login, self-registration, profile, address book, token refresh and logout. */
export const userRoutes: FastifyPluginAsyncTypebox<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.post(
    '/user/authorize',
    { config: { sessionCall: true }, schema: { body: AuthorizeBody, response: { 200: AuthorizeResponse, ...errors } } },
    async (request, reply) => {
      const language = languageOf(request.headers['accept-language']);
      const { user, tokens } = await authorize(ctx, request.body, request.ip, language);
      setSessionCookies(reply, ctx, tokens);
      return { data: { user } };
    },
  );

  app.post(
    '/user/carrier-user/self',
    { schema: { body: RegisterBody, response: { 200: RegisterResponse, ...errors } } },
    async (request) => ({ data: await registerCarrier(ctx, request.body, request.ip) }),
  );

  app.get(
    '/user/profile',
    { preHandler: requireViewer, schema: { response: { 200: ProfileResponse, ...errors } } },
    async (request, reply) => {
      const profile = await loadProfile(ctx, viewerOf(request).userId);
      reply
        .header(Headers.enterpriseId, profile.organization.enterpriseId)
        .header(Headers.userType, profile.user.userType);
      return { data: profile };
    },
  );

  app.get(
    '/user/address',
    { preHandler: requireViewer, schema: { response: { 200: AddressesResponse, ...errors } } },
    async (request) => ({ data: await userAddresses(ctx, viewerOf(request).userId) }),
  );

  app.post(
    '/user/refresh-token',
    { config: { sessionCall: true }, schema: { body: VisitorBody, response: { 200: AuthorizeResponse, ...errors } } },
    async (request, reply) => {
      try {
        const { user, tokens } = await refreshSession(ctx, request.cookies[COOKIES.refresh], request.body.visitorId);
        setSessionCookies(reply, ctx, tokens);
        return { data: { user } };
      } catch (error) {
        // A refresh that fails leaves no half-session behind on the device.
        clearSessionCookies(reply, ctx);
        throw error;
      }
    },
  );

  app.post(
    '/user/logout',
    { config: { sessionCall: true }, schema: { body: VisitorBody, response: { 200: OkResponse, ...errors } } },
    async (request, reply) => {
      await logout(ctx, request.sessionId ?? undefined, request.cookies[COOKIES.refresh]);
      clearSessionCookies(reply, ctx);
      return { data: true };
    },
  );
};
