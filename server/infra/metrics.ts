import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, Queryable } from '../db/database';

/**
 * Prometheus metrics (GET /metrics, docs/operators/monitoring.md). Two registries: the process's
 * own (memory, CPU, event-loop delay, garbage collection: prom-client's default metrics, collected
 * once per process) and one per server instance (requests, database time, the outbox backlog,
 * refused logins), so tests that build many servers in one process count each apart.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Latency buckets in seconds, 1 ms to 10 s: a phone on a slow network is the client. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface ServerMetrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  requestSeconds: Histogram<'method' | 'route'>;
  statementSeconds: Histogram<'outcome'>;
  transactionSeconds: Histogram<'outcome'>;
  rateLimited: Counter<'route'>;
  /** The text exposition of both registries (Prometheus's format). */
  render(): Promise<{ contentType: string; body: string }>;
}

/**
 * A server instance's metrics. `outboxBacklog` is read when Prometheus scrapes (no timer): the
 * messages not delivered yet, and the age of the oldest.
 */
export function createMetrics(backlog: () => Promise<{ count: number; oldestSeconds: number }>): ServerMetrics {
  // The process's metrics start counting (garbage collections, event-loop delay) with the first server.
  processMetrics();
  const registry = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern (unmatched for none) and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to answer, by route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  const statementSeconds = new Histogram({
    name: 'db_statement_duration_seconds',
    help: 'Time of each SQL statement the server sends (inside or outside a transaction)',
    labelNames: ['outcome'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  const transactionSeconds = new Histogram({
    name: 'db_transaction_duration_seconds',
    help: 'Time of each database transaction, begin to commit or rollback',
    labelNames: ['outcome'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'auth_rate_limited_total',
    help: 'Logins and registrations refused by a rate limit (HTTP 429), by route',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  let last = { count: 0, oldestSeconds: 0 };
  let reading: Promise<typeof last> | null = null;
  /** One query per scrape for both gauges (prom-client collects them at once). */
  const read = () => {
    reading ??= backlog()
      .then(
        (figures) => {
          last = figures;
          return figures;
        },
        () => last /* the database is away (readiness says so): the last figures stand */,
      )
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  new Gauge({
    name: 'outbox_backlog_messages',
    help: 'Outbox messages (SMS, e-mail) not delivered yet',
    registers: [registry],
    async collect() {
      this.set((await read()).count);
    },
  });
  new Gauge({
    name: 'outbox_oldest_pending_seconds',
    help: 'Age of the oldest outbox message not delivered yet (0 when none)',
    registers: [registry],
    async collect() {
      this.set((await read()).oldestSeconds);
    },
  });
  return {
    registry,
    requests,
    requestSeconds,
    statementSeconds,
    transactionSeconds,
    rateLimited,
    async render() {
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}

async function timed<T>(histogram: Histogram<'outcome'>, run: () => Promise<T>): Promise<T> {
  const stop = histogram.startTimer();
  try {
    const result = await run();
    stop({ outcome: 'ok' });
    return result;
  } catch (error) {
    stop({ outcome: 'error' });
    throw error;
  }
}

/** The same database, with every statement and transaction timed into the metrics. */
export function instrumentDatabase(db: Database, metrics: ServerMetrics): Database {
  const timedQuery =
    (q: Queryable): Queryable['query'] =>
    <T>(sql: string, params?: unknown[]) =>
      timed(metrics.statementSeconds, () => q.query<T>(sql, params));
  return {
    ...db,
    query: timedQuery(db),
    exec: (sql) => timed(metrics.statementSeconds, () => db.exec(sql)),
    transaction: (fn) => timed(metrics.transactionSeconds, () => db.transaction((tx) => fn({ query: timedQuery(tx) }))),
  };
}
