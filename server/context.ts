import type { OneTimeCodeDelivery } from './rules/login';
import type { Database } from './db/database';
import type { ProjectCache } from './infra/project-cache';
import type { AuthLimits } from './infra/rate-limit';

/** Server settings, read once from the environment (docs/operators/environment.md). */
export interface ServerConfig {
  /** Latest client version announced in the `client-version` response header. */
  latestClientVersion: string;
  /** Clients older than this are told to upgrade without a 'Later' choice. */
  minClientVersion: string;
  /** Set the Secure flag on cookies (behind HTTPS). */
  secureCookies: boolean;
  /** Origins allowed to call the API cross-site with credentials. */
  corsOrigins: string[];
  /** Exposes GET /api/dev/outbox so tests and demos can read "sent" one-time codes. */
  exposeOutbox: boolean;
  /**
   * GET /metrics: with a token, only for `Authorization: Bearer <token>`; without one, only for
   * connections from this machine (loopback), so the public port never shows it (METRICS_TOKEN).
   */
  metricsToken?: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  limits: AuthLimits;
  /** The time now; tests move it forward instead of waiting (refresh-token grace period). */
  clock: () => Date;
}

/** What every route and service needs: the database, the signing secret and settings. */
export interface ServerContext {
  db: Database;
  secret: string;
  config: ServerConfig;
  /** Projects by id, checked against the database's stamp of the row on every use (infra/project-cache.ts). */
  projects: ProjectCache;
  /** Where one-time codes go (infra/delivery.ts codeDelivery); unset: a provider or the log takes them. */
  oneTimeCodes?: OneTimeCodeDelivery;
}
