import type { FastifyInstance, RouteOptions } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { Headers } from '../../schemas/validation';
import { COOKIES, requireViewer } from './auth';
import packageJson from '../../package.json' with { type: 'json' };

/** Where the generated OpenAPI 3.1 document and the human docs page are served. */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
// Imported (not read at run time), so the built server (dist-server/) carries it too.
const { version } = packageJson;

const DESCRIPTIONS: Record<string, string> = {
  '4xx':
    'Refused, and nothing written (failed logins are counted for the rate limits). `errors` maps each field, or `$common`, to its codes.',
  '5xx': 'Server failure; the write, if any, was rolled back.',
};

type RouteSchema = Record<string, unknown> & { response?: Record<string, unknown>; hide?: boolean };

const methodsOf = (route: RouteOptions): string[] => (Array.isArray(route.method) ? route.method : [route.method]);
const hooksOf = (hook: unknown): unknown[] => (Array.isArray(hook) ? hook : hook ? [hook] : []);

/** Routes that need a session name `requireViewer` among their preHandlers (plugins/auth.ts). */
export const needsSession = (route: Pick<RouteOptions, 'preHandler'>): boolean =>
  hooksOf(route.preHandler).includes(requireViewer);

/**
 * What the route schemas cannot say and the document should: who must log in (the session
 * cookie), the Idempotency-Key header of writes, the multipart body of the upload and the
 * bytes the file and logo routes answer. Documentation only: validation and serialization go
 * on using the route's own schema.
 */
function documented(schema: RouteSchema, route: RouteOptions): RouteSchema {
  const out: RouteSchema = { ...schema };
  const methods = methodsOf(route);
  if (needsSession(route)) {
    out.security = [{ session: [] }];
    if (methods.some((m) => WRITE_METHODS.has(m)) && !schema.consumes) {
      out.headers = {
        type: 'object',
        properties: {
          [Headers.idempotencyKey]: {
            type: 'string',
            pattern: '^[A-Za-z0-9_-]{8,128}$',
            description:
              'One key per user action: a repeat with the same key and request gets the first answer and writes nothing (kept 24 h; another request with the key is 409, code 3015).',
          },
        },
      };
    }
  }
  if (Array.isArray(schema.consumes) && schema.consumes.includes('multipart/form-data')) {
    out.body = {
      type: 'object',
      required: ['barcodeId', 'file'],
      properties: {
        barcodeId: { type: 'string', description: 'Sent before the file.' },
        file: { type: 'string', contentMediaType: 'application/octet-stream' },
      },
    };
  }
  // Every answer with a description; routes that answer bytes declare only their errors: their success is a file.
  // A success in a JSON media type of its own (a web app manifest) names it in `produces`; errors are application/json.
  const produces =
    Array.isArray(schema.produces) && typeof schema.produces[0] === 'string' ? schema.produces[0] : 'application/json';
  const response: Record<string, { description: string; content: Record<string, { schema: unknown }> }> =
    Object.fromEntries(
      Object.entries(schema.response ?? {}).map(([status, body]) => [
        status,
        {
          description: DESCRIPTIONS[status.toLowerCase()] ?? 'Success.',
          content: { [status.startsWith('2') ? produces : 'application/json']: { schema: body } },
        },
      ]),
    );
  if (!Object.keys(response).some((status) => status.startsWith('2'))) {
    response[200] = {
      description: 'The stored bytes, with the content type of the stored file or image.',
      content: { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
    };
  }
  out.response = response;
  return out;
}

/**
 * OpenAPI 3.1 generated from the route schemas (TypeBox, JSON Schema 2020-12) by @fastify/swagger,
 * served at GET /api/openapi.json, and Swagger UI at /api/docs with its assets from
 * node_modules (@fastify/swagger-ui ships them; nothing is fetched from elsewhere, the online
 * validator badge is off). Must be installed before the routes: it records them as they are added.
 */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Smart barcode API',
        version,
        description:
          'Reference API server of smart-barcode. Errors answer `{ "errors": { "<field>": [<code>, ...] } }` ' +
          '(schemas/error-codes.ts); business errors use HTTP 400, a missing session 401 with 2003.',
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: COOKIES.access,
            description:
              'Set by POST /api/user/authorize (httpOnly, 15 minutes); renewed by POST /api/user/refresh-token.',
          },
        },
      },
    },
    // Grouped by the path's first segment after /api (barcode, user, dev).
    transform: ({ schema, url, route }) => ({
      schema: { tags: [url.split('/')[2] ?? 'api'], ...documented((schema ?? {}) as RouteSchema, route) } as never,
      url,
    }),
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PATH,
    // Everything from this server: the page can load nothing from another host (Swagger UI sets
    // one inline style element, hence 'unsafe-inline' for styles only).
    staticCSP: true,
    transformStaticCSP: () =>
      "default-src 'self'; base-uri 'self'; img-src 'self' data:; object-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self' data:; frame-ancestors 'self'",
    uiConfig: { validatorUrl: null, deepLinking: true },
  });
}
