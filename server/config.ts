import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { CLIENT_VERSION } from '../schemas/validation';
import type { ServerConfig } from './context';
import { DEFAULT_FILE_MAX_BYTES } from './infra/file-storage';
import { AUTH_LIMITS } from './infra/rate-limit';
import type { ProjectFilesMode } from './services/project-files';

/** Everything the server reads from its environment (docs/operators/environment.md). */
export interface Environment {
  port: number;
  host: string;
  /** Folder of the embedded database; ':memory:' keeps it in memory (throwaway, for tests). */
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string | undefined;
  distDir: string;
  /** Folder of project configuration files (`<code>@<version>.json`), imported at start and on change. */
  projectsDir: string;
  /** PROJECT_FILES: what a project file that changed since it was last read becomes, the project's draft or a publish. */
  projectFiles: ProjectFilesMode;
  trustProxy: boolean;
  /** Server processes behind the one port (node:cluster); more than one only on PostgreSQL. */
  workers: number;
  /** Pino's level for the JSON log on stdout (LOG_LEVEL): `info` logs one line per request. */
  logLevel: string;
  /** OUTBOX_CONSOLE: print delivered messages whole (one-time codes) on the console; demos only. */
  outboxConsole: boolean;
  /** SIGTERM / SIGINT: how long requests in flight may take before the process stops anyway (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  config: ServerConfig;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** LOG_LEVEL: one of pino's levels; anything else stops the start. */
export function logLevel(value: string | undefined): string {
  if (value === undefined || value === '') return 'info';
  if (!LOG_LEVELS.includes(value)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${value}'`);
  return value;
}

/**
 * PROJECT_FILES: `draft` (the default) or `publish`; anything else stops the start, as a typo must
 * not publish or fail to publish silently.
 */
export function projectFilesMode(value: string | undefined): ProjectFilesMode {
  if (value === undefined || value === '' || value === 'draft') return 'draft';
  if (value === 'publish') return 'publish';
  throw new Error(`PROJECT_FILES must be draft or publish, got '${value}'`);
}

/** SHUTDOWN_TIMEOUT_MS: a whole number of milliseconds, 10 s by default. */
export function shutdownTimeout(value: string | undefined): number {
  if (value === undefined || value === '') return 10_000;
  const ms = Number(value);
  if (!Number.isSafeInteger(ms) || ms < 0)
    throw new Error(`SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds, got '${value}'`);
  return ms;
}

export function defaultServerConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    latestClientVersion: CLIENT_VERSION,
    minClientVersion: '0',
    secureCookies: false,
    corsOrigins: [],
    exposeOutbox: false,
    accessTokenTtlSeconds: 15 * 60,
    refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
    limits: AUTH_LIMITS,
    files: { dir: null, maxBytes: DEFAULT_FILE_MAX_BYTES },
    clock: () => new Date(),
    ...overrides,
  };
}

const flag = (value: string | undefined): boolean => value === '1' || value === 'true';

/** FILE_MAX_BYTES: a whole number of bytes, at least 1; anything else stops the start. */
function fileMaxBytes(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_FILE_MAX_BYTES;
  const bytes = Number(value);
  if (!Number.isSafeInteger(bytes) || bytes < 1)
    throw new Error(`FILE_MAX_BYTES must be a whole number of bytes, got '${value}'`);
  return bytes;
}

/**
 * WORKERS: how many server processes share the port. On PostgreSQL (DATABASE_URL) the default
 * is one per core; PGlite is an embedded database that one process owns, so there it is 1 and
 * anything more stops the start.
 */
export function workerCount(
  value: string | undefined,
  databaseUrl: string | undefined,
  cores = availableParallelism(),
): number {
  if (value === undefined || value === '') return databaseUrl ? cores : 1;
  const workers = Number(value);
  if (!Number.isSafeInteger(workers) || workers < 1)
    throw new Error(`WORKERS must be a whole number of processes, at least 1, got '${value}'`);
  if (workers > 1 && !databaseUrl)
    throw new Error(`WORKERS=${workers} needs DATABASE_URL: the embedded PGlite database belongs to one process`);
  return workers;
}

export function readEnvironment(env: NodeJS.ProcessEnv = process.env): Environment {
  const root = resolve(import.meta.dirname, '..');
  const dataDir = env.DATA_DIR === ':memory:' ? ':memory:' : resolve(env.DATA_DIR ?? resolve(root, 'data'));
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    authSecret: env.AUTH_SECRET || undefined,
    distDir: resolve(env.DIST_DIR ?? resolve(root, 'dist')),
    projectsDir: resolve(env.PROJECTS_DIR ?? resolve(root, 'server', 'projects')),
    projectFiles: projectFilesMode(env.PROJECT_FILES),
    trustProxy: flag(env.TRUST_PROXY),
    workers: workerCount(env.WORKERS, env.DATABASE_URL || undefined),
    logLevel: logLevel(env.LOG_LEVEL),
    outboxConsole: flag(env.OUTBOX_CONSOLE),
    shutdownTimeoutMs: shutdownTimeout(env.SHUTDOWN_TIMEOUT_MS),
    config: defaultServerConfig({
      latestClientVersion: env.LATEST_CLIENT_VERSION ?? CLIENT_VERSION,
      minClientVersion: env.MIN_CLIENT_VERSION ?? '0',
      secureCookies: flag(env.SECURE_COOKIES),
      corsOrigins: (env.CORS_ORIGINS ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
      exposeOutbox: flag(env.EXPOSE_OUTBOX),
      metricsToken: env.METRICS_TOKEN || undefined,
      // Uploads sit with the database (PostgreSQL ignores a folder it does not know); a throwaway
      // database gets a throwaway folder.
      files: {
        dir: env.FILES_DIR ? resolve(env.FILES_DIR) : dataDir === ':memory:' ? null : join(dataDir, 'files'),
        maxBytes: fileMaxBytes(env.FILE_MAX_BYTES),
      },
    }),
  };
}
