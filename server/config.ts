import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { CLIENT_VERSION } from '../schemas/validation';
import type { ServerConfig } from './context';
import type { DeliverySettings } from './infra/delivery';
import { DEFAULT_FILE_MAX_BYTES, FILE_STORES, type FileStoreKind } from './infra/file-storage';
import type { SmtpTls } from './infra/mail';
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
  /** Where the outbox sends e-mail and SMS (SMTP_*, MAIL_FROM, SMS_PROVIDER, TWILIO_*); nothing set: the log. */
  delivery: DeliverySettings;
  /** A deployment, not a demo: PostgreSQL (DATABASE_URL) or NODE_ENV=production. */
  production: boolean;
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

/** A whole number of milliseconds for a delivery setting, at least 1; `fallback` when unset. */
function milliseconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const ms = Number(value);
  if (!Number.isSafeInteger(ms) || ms < 1)
    throw new Error(`${name} must be a whole number of milliseconds, got '${value}'`);
  return ms;
}

/** How long one SMTP or SMS API exchange may take by default: well under the outbox's claim of a message. */
const DELIVERY_TIMEOUT_MS = 15_000;

/**
 * SMTP_URL (`smtp://user:password@host:587`, `smtps://...` for TLS from the first byte) or
 * SMTP_HOST / SMTP_PORT / SMTP_USER / SMTP_PASSWORD, SMTP_TLS (`starttls`, the default, required;
 * `tls`; `none`), SMTP_CA_FILE, SMTP_TIMEOUT_MS and MAIL_FROM. Null when no SMTP server is named;
 * a half-set or contradictory setting stops the start, as mail would silently go nowhere.
 */
export function mailSettings(env: NodeJS.ProcessEnv): DeliverySettings['mail'] {
  const url = env.SMTP_URL ? new URL(env.SMTP_URL) : null;
  if (url && url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, got '${url.protocol}//...'`);
  const host = url?.hostname || env.SMTP_HOST || '';
  if (!host) {
    if (env.MAIL_FROM || env.SMTP_USER || env.SMTP_PORT)
      throw new Error('MAIL_FROM and SMTP_* need SMTP_URL or SMTP_HOST');
    return null;
  }
  const tlsValue = env.SMTP_TLS || (url?.protocol === 'smtps:' ? 'tls' : 'starttls');
  if (!['tls', 'starttls', 'none'].includes(tlsValue))
    throw new Error(`SMTP_TLS must be tls, starttls or none, got '${tlsValue}'`);
  const tls = tlsValue as SmtpTls;
  const portValue = url?.port || env.SMTP_PORT || (tls === 'tls' ? '465' : '587');
  const port = Number(portValue);
  if (!Number.isSafeInteger(port) || port < 1 || port > 65535)
    throw new Error(`SMTP port must be 1-65535, got '${portValue}'`);
  if (!env.MAIL_FROM) throw new Error('MAIL_FROM is required with an SMTP server: the address e-mails come from');
  const user = url?.username ? decodeURIComponent(url.username) : env.SMTP_USER || undefined;
  const password = url?.password ? decodeURIComponent(url.password) : env.SMTP_PASSWORD || undefined;
  return {
    host,
    port,
    tls,
    user,
    password,
    from: env.MAIL_FROM,
    ca: env.SMTP_CA_FILE ? readFileSync(env.SMTP_CA_FILE, 'utf8') : undefined,
    timeoutMs: milliseconds('SMTP_TIMEOUT_MS', env.SMTP_TIMEOUT_MS, DELIVERY_TIMEOUT_MS),
  };
}

/**
 * SMS_PROVIDER (`twilio`) and its settings: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM (a
 * number in E.164 or a Messaging Service SID), TWILIO_API_URL, SMS_TIMEOUT_MS. Null when no
 * provider is named; a provider with a setting missing stops the start.
 */
export function smsSettings(env: NodeJS.ProcessEnv): DeliverySettings['sms'] {
  const provider = env.SMS_PROVIDER || '';
  if (!provider) return null;
  if (provider !== 'twilio') throw new Error(`SMS_PROVIDER must be twilio, got '${provider}'`);
  const missing = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`SMS_PROVIDER=twilio needs ${missing.join(', ')}`);
  return {
    provider: 'twilio',
    twilio: {
      accountSid: env.TWILIO_ACCOUNT_SID as string,
      authToken: env.TWILIO_AUTH_TOKEN as string,
      from: env.TWILIO_FROM as string,
      apiUrl: (env.TWILIO_API_URL || 'https://api.twilio.com').replace(/\/+$/, ''),
      timeoutMs: milliseconds('SMS_TIMEOUT_MS', env.SMS_TIMEOUT_MS, DELIVERY_TIMEOUT_MS),
    },
  };
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
 * FILES_STORE: where uploads are kept, `postgres` (in the database) or `disk` (in FILES_DIR). The
 * default is `postgres` with DATABASE_URL, so servers on one PostgreSQL share their files, and
 * `disk` on the embedded database; anything else stops the start.
 */
export function filesStore(value: string | undefined, databaseUrl: string | undefined): FileStoreKind {
  if (value === undefined || value === '') return databaseUrl ? 'postgres' : 'disk';
  if (!(FILE_STORES as readonly string[]).includes(value))
    throw new Error(`FILES_STORE must be ${FILE_STORES.join(' or ')}, got '${value}'`);
  return value as FileStoreKind;
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

/**
 * The uploads folder the environment names, whichever store is configured (FILES_DIR, else
 * `<DATA_DIR>/files`; none for a throwaway database): where `npm run files -- move` finds or puts them.
 */
export function filesFolder(env: NodeJS.ProcessEnv, dataDir: string): string | null {
  return env.FILES_DIR ? resolve(env.FILES_DIR) : dataDir === ':memory:' ? null : join(dataDir, 'files');
}

/**
 * The uploads' settings. On disk they sit with the database (PostgreSQL ignores a folder it does not
 * know), and a throwaway database gets a throwaway folder; in the database there is no folder at all.
 */
function filesSettings(env: NodeJS.ProcessEnv, dataDir: string): ServerConfig['files'] {
  const store = filesStore(env.FILES_STORE, env.DATABASE_URL || undefined);
  const folder = filesFolder(env, dataDir);
  return { dir: store === 'disk' ? folder : null, maxBytes: fileMaxBytes(env.FILE_MAX_BYTES), store };
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
    delivery: { mail: mailSettings(env), sms: smsSettings(env) },
    production: Boolean(env.DATABASE_URL) || env.NODE_ENV === 'production',
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
      files: filesSettings(env, dataDir),
    }),
  };
}
