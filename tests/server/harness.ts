import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { defaultServerConfig } from '../../server/config';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../server/db/database';
import type { ServerConfig, ServerContext } from '../../server/context';
import { prepareServer, type PrepareOptions } from '../../server/start';
import type { ProjectFilesMode } from '../../server/services/project-files';

import { SEED } from '../../server/seed/seed';

export { SEED };

/** The repository's project configuration files (demo@1, secure@1, harbour@1). */
export const PROJECTS_DIR = fileURLToPath(new URL('../../server/projects', import.meta.url));

export interface TestServer {
  app: FastifyInstance;
  ctx: ServerContext;
  /** Rows in a table, to check that a refused request wrote nothing. */
  count(table: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * A throwaway database: in-memory PGlite, or, when TEST_DATABASE_URL names a PostgreSQL server,
 * a new database on it that is dropped afterwards (the same tests then run on real PostgreSQL).
 */
async function throwawayDatabase(): Promise<{ db: Database; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { db: await openPglite(), drop: async () => undefined };
  const name = `sb_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    db: await openPostgres(url.toString()),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A server on a fresh database, migrated and seeded, without the client. */
export async function startTestServer(
  config: Partial<ServerConfig> = {},
  projectsDir = PROJECTS_DIR,
  watchProjects = false,
  onRoute?: PrepareOptions['onRoute'],
  projectFiles: ProjectFilesMode = 'draft',
): Promise<TestServer> {
  const { db, drop } = await throwawayDatabase();
  return serverOn(db, drop, { config, projectsDir, projectFiles }, { watchProjects, log: () => undefined, onRoute });
}

/**
 * A server on the embedded database kept in `dataDir`, as `npm start` runs it: stop it with
 * close() and start another on the same folder to see what a restart does. `log` gets the start's
 * log lines ([config] ...).
 */
export async function startServerOnDisk(options: {
  dataDir: string;
  projectsDir: string;
  projectFiles?: ProjectFilesMode;
  log?: (line: string) => void;
}): Promise<TestServer> {
  const db = await openPglite(options.dataDir);
  return serverOn(
    db,
    async () => undefined,
    { config: {}, projectsDir: options.projectsDir, projectFiles: options.projectFiles ?? 'draft' },
    { log: options.log ?? (() => undefined) },
  );
}

async function serverOn(
  db: Database,
  drop: () => Promise<void>,
  env: { config: Partial<ServerConfig>; projectsDir: string; projectFiles: ProjectFilesMode },
  options: PrepareOptions,
): Promise<TestServer> {
  const { app, ctx } = await prepareServer(
    db,
    {
      authSecret: 'test-secret',
      config: defaultServerConfig({ exposeOutbox: true, ...env.config }),
      distDir: '',
      trustProxy: false,
      projectsDir: env.projectsDir,
      projectFiles: env.projectFiles,
    },
    options,
  );
  await app.ready();
  return {
    app,
    ctx,
    count: async (table) => (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n ?? 0,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** Cookie jar over inject: keeps what the server sets, sends it back on matching paths. */
export class Client {
  private jar = new Map<string, { value: string; path: string }>();

  constructor(
    private app: FastifyInstance,
    private address = '203.0.113.10',
  ) {}

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const path = options.url.split('?')[0] ?? '';
    const cookies = Object.fromEntries(
      [...this.jar].filter(([, c]) => path.startsWith(c.path)).map(([k, c]) => [k, c.value]),
    );
    const response = await this.app.inject({
      remoteAddress: this.address,
      ...options,
      cookies: { ...cookies, ...(options.cookies ?? {}) },
    });
    for (const c of response.cookies) {
      if (
        c.value === '' ||
        (c.maxAge !== undefined && c.maxAge <= 0) ||
        (c.expires && c.expires.getTime() < Date.now())
      )
        this.jar.delete(c.name);
      else this.jar.set(c.name, { value: c.value, path: c.path ?? '/' });
    }
    return response;
  }

  cookie(name: string): string | undefined {
    return this.jar.get(name)?.value;
  }

  post(url: string, payload: object): Promise<LightMyRequestResponse> {
    return this.request({ method: 'POST', url, payload });
  }

  get(url: string): Promise<LightMyRequestResponse> {
    return this.request({ method: 'GET', url });
  }
}

export const VISITOR = 'visitor-test-0001';

/**
 * The project a demo user logs in to: a project of their own enterprise, as no session is issued
 * for another enterprise's project.
 */
export const loginProjectOf = (accessCode: string): string =>
  accessCode === '55556666' ? SEED.harbourProject : SEED.demoProject;
