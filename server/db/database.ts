import { spawn } from 'node:child_process';
import { existsSync, fsyncSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, parse, protocol, type PGliteOptions, type Results } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import pg from 'pg';
import { prepareValue } from 'pg/lib/utils.js';

/** Something that runs SQL: the database itself or a transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/**
 * The one database interface the server uses. Two drivers implement it with the same SQL:
 * PGlite (embedded PostgreSQL, the default) and node-postgres (when DATABASE_URL is set).
 */
export interface Database extends Queryable {
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly driver: 'pglite' | 'postgres';
  /**
   * PGlite only: a consistent copy of the whole data folder (a gzipped tarball, PGlite's own
   * dumpDataDir), taken after a checkpoint while no statement and no transaction runs (backup).
   */
  snapshot?(): Promise<Uint8Array>;
  /**
   * PGlite only: what PostgreSQL's autovacuum does on a server (`vacuum (analyze)`), run now;
   * resolves to the milliseconds it took. See `PGLITE_MAINTENANCE`.
   */
  maintain?(): Promise<number>;
}

/**
 * PGlite has no autovacuum worker (one process, one session), so without this its tables only grow
 * (every tracking step leaves dead row versions of the barcode) and the planner never learns their
 * sizes: a statement's plan, cached when a table was nearly empty, kept scanning the whole history
 * on every step as it grew, so each step cost more than the last (docs/engineers/performance.md).
 * So the server does it: `vacuum (analyze)` of the `public` tables (the catalogs change only with
 * migrations) once `intervalMs` has passed with writes since the last run, or sooner once `writes`
 * statements have written, but no sooner than `costFactor` times what the last run took after it
 * (about 1 % of the time at most, however large the tables). ANALYZE also makes PostgreSQL plan the
 * cached statements again with the new sizes.
 */
export const PGLITE_MAINTENANCE = { intervalMs: 60_000, writes: 5_000, costFactor: 100 };

/** Options of `openPglite`: `maintenanceMs` overrides `PGLITE_MAINTENANCE.intervalMs` (0: never on its own). */
export interface PgliteOptions {
  maintenanceMs?: number;
}

/**
 * PGlite's memory (docs/operators/monitoring.md, "Memory"). PGlite is PostgreSQL in one WebAssembly
 * heap that only grows, so what PostgreSQL may allocate is what the process keeps. Its defaults are
 * sized for a database server with a machine of its own (shared_buffers, wal_buffers, temp_buffers,
 * maintenance_work_mem). The server's working set is small (a few hundred barcodes per request at
 * most), and the data files are read through the operating system, whose page cache (not counted in
 * the process's resident memory) keeps hot pages anyway. The WebAssembly heap keeps a floor of its
 * own that these settings cannot lower (the module's initial memory: PGlite refuses a smaller
 * `initialMemory`).
 */
export const PGLITE_MEMORY_SETTINGS = [
  'shared_buffers = 16MB',
  'wal_buffers = 512kB',
  'temp_buffers = 1MB',
  'work_mem = 2MB',
  'maintenance_work_mem = 8MB',
];

/** PGlite's options: its memory settings (above), written to the data folder's configuration at each start. */
function pgliteOptions(): PGliteOptions {
  return { postgresqlconf: PGLITE_MEMORY_SETTINGS };
}

/**
 * A consistent copy of a PGlite data folder: both of PGlite's locks are held (no transaction is
 * half-way, no statement runs) and a checkpoint writes every changed page to the files first, so
 * a restore starts without replaying the WAL. The copy is held in memory while it is written.
 */
async function pgliteSnapshot(db: PGlite): Promise<Uint8Array> {
  return db._runExclusiveTransaction(async () => {
    await db._runExclusiveQuery(() => db.execProtocolRaw(protocol.serialize.query('checkpoint')));
    // dumpDataDir takes the statement lock itself (released above).
    const tarball = await db.dumpDataDir('gzip');
    return new Uint8Array(await tarball.arrayBuffer());
  });
}

/**
 * Names for prepared statements, one per distinct SQL text: a named statement is parsed and
 * planned once per connection, then only bound and executed. The SQL texts are the server's
 * own (parameters are never part of them), so there are a few hundred at most; past
 * PREPARED_LIMIT a text runs unnamed, so text built per request could not fill the backend.
 */
const PREPARED_LIMIT = 1000;
const statementNames = new Map<string, string>();
function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (!name && statementNames.size < PREPARED_LIMIT) {
    name = `sb_${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * One statement with parameters as one batch of the extended protocol ([Parse,] Bind, Describe,
 * Execute, Sync), the way node-postgres sends it to a server. PGlite's own `query` sends each of
 * those messages (and a Describe of the statement, to learn the parameter types) as a call into
 * its WebAssembly engine of its own, and parses and plans the statement every time: six calls
 * per statement. Here it is one call, and a statement already prepared on this database
 * (`prepared`) skips Parse: no parsing or planning again (docs/engineers/performance.md).
 * Parameters are converted by node-postgres's own rules and sent untyped, so the same SQL and
 * the same values behave alike on both drivers.
 */
function batchOf(sql: string, params: readonly unknown[], name: string | undefined, prepared: boolean): Uint8Array {
  const { serialize } = protocol;
  const parts = [
    ...(prepared ? [] : [serialize.parse({ text: sql, ...(name ? { name } : {}) })]),
    serialize.bind({ values: params.map((value) => prepareValue(value)), ...(name ? { statement: name } : {}) }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ];
  const batch = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    batch.set(part, at);
    at += part.length;
  }
  return batch;
}

/**
 * PGlite on disk with PostgreSQL's own durability (docs/operators/postgresql.md): a commit is
 * acknowledged only after its write-ahead log reached the disk, and a checkpoint syncs the data
 * files before the log they replace is recycled. PGlite's defaults give neither: its start
 * parameters carry `-F` (fsync off), and even with fsync on, the Emscripten file system it runs on
 * ignores the call (NODEFS has no `fsync`, `fdatasync` is a no-op: electric-sql/pglite #1107). So:
 * the default start parameters without `-F`, `wal_sync_method=fsync` (the one sync call Emscripten
 * passes on to the file system), and NODEFS given an `fsync` that is Node's `fsyncSync` of the real
 * file. Its cost is measured by `npm run bench:durable` (docs/engineers/performance.md).
 */
function durableOnDisk(dataDir: string): PGliteOptions {
  class SyncedNodeFS extends NodeFS {
    override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
      const { emscriptenOpts } = await super.init(pg, opts);
      const preRun = [
        (mod: { NODEFS: { stream_ops: Record<string, unknown> } }) => {
          mod.NODEFS.stream_ops.fsync = (stream: { nfd?: number }) => {
            if (stream.nfd !== undefined) fsyncSync(stream.nfd);
            return 0;
          };
        },
        ...(emscriptenOpts.preRun ?? []),
      ];
      return { emscriptenOpts: { ...emscriptenOpts, preRun } as typeof emscriptenOpts };
    }
  }
  return {
    fs: new SyncedNodeFS(dataDir),
    startParams: [
      ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
      '-c',
      'fsync=on',
      '-c',
      'wal_sync_method=fsync',
      '-c',
      'synchronous_commit=on',
    ],
  };
}

/**
 * Creates a new PGlite data folder in a short-lived child process. PGlite runs initdb in a second
 * WebAssembly instance of the same process, and the process keeps most of that memory after both
 * are closed (docs/operators/monitoring.md, "Memory"); done apart, the server's own process only
 * ever opens an existing folder. A folder that holds a database already is left alone.
 */
async function createPgliteFolderApart(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const module = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(module)});
const db = new PGlite(${JSON.stringify(dataDir)}, { postgresqlconf: ${JSON.stringify(PGLITE_MEMORY_SETTINGS)} });
await db.waitReady;
await db.close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '--eval', script], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`creating the PGlite folder ${dataDir} failed (exit ${code})`)),
    );
  });
}

/** Opens PGlite: in memory when dataDir is undefined (tests), else persisted under dataDir. */
export async function openPglite(dataDir?: string, options: PgliteOptions = {}): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  if (dataDir) await createPgliteFolderApart(dataDir);
  // On disk: the memory settings, and commits that reach the disk before they are acknowledged.
  const db = dataDir ? new PGlite({ ...pgliteOptions(), ...durableOnDisk(dataDir) }) : new PGlite(pgliteOptions());
  await db.waitReady;
  /**
   * Runs one batch. PGlite has one session: its query lock keeps batches apart, and outside a
   * transaction its transaction lock too (as its own `query` does), so a statement never lands
   * inside another request's transaction. A failed statement throws PostgreSQL's error (with its
   * `code`); the Sync in the same batch has already ended the failed statement's work.
   */
  /** The named statements this database has parsed (PGlite is one connection). */
  const prepared = new Set<string>();
  /** Statements that may have written since the last maintenance. */
  let written = 0;
  const run = async <T>(sql: string, params: unknown[] | undefined, inTransaction: boolean): Promise<{ rows: T[] }> => {
    if (inTransaction || !/^\s*select\b/i.test(sql)) written += 1;
    const name = statementName(sql);
    const execute = () =>
      db._runExclusiveQuery(async () => {
        const known = name !== undefined && prepared.has(name);
        const messages = await db.execProtocolStream(batchOf(sql, params ?? [], name, known), {
          syncToFs: !inTransaction,
          throwOnError: false,
        });
        // The statement exists once its Parse completed, even when binding or running it failed.
        if (name && messages.some((m) => m.name === 'parseComplete')) prepared.add(name);
        const failure = messages.find((m) => m.name === 'error');
        if (failure) throw failure;
        return messages;
      });
    const messages = inTransaction ? await execute() : await db._runExclusiveTransaction(execute);
    return { rows: (parse.parseResults(messages, db.parsers)[0] as Results<T> | undefined)?.rows ?? [] };
  };
  const maintain = async () => {
    const started = performance.now();
    written = 0;
    // The application's tables (the system catalogs change only with migrations).
    const { rows } = await db.query<{ tables: string | null }>(
      "select string_agg(format('%I.%I', n.nspname, c.relname), ', ') as tables from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'r' and n.nspname = 'public'",
    );
    if (rows[0]?.tables) await db.exec(`vacuum (analyze, skip_database_stats) ${rows[0].tables}`);
    return performance.now() - started;
  };
  const intervalMs = options.maintenanceMs ?? PGLITE_MAINTENANCE.intervalMs;
  let lastRun = Date.now();
  /** Not before: `costFactor` times the last run's duration after it. */
  let notBefore = 0;
  let maintaining = false;
  const timer =
    intervalMs > 0
      ? setInterval(
          () => {
            const now = Date.now();
            const due = written > 0 && (now - lastRun >= intervalMs || written >= PGLITE_MAINTENANCE.writes);
            if (!due || maintaining || now < notBefore || db.closed) return;
            maintaining = true;
            maintain()
              .then(
                (ms) => {
                  notBefore = Date.now() + ms * PGLITE_MAINTENANCE.costFactor;
                },
                (error: unknown) => {
                  console.warn(`PGlite maintenance (vacuum, analyze) failed: ${(error as Error).message}`);
                },
              )
              .finally(() => {
                lastRun = Date.now();
                maintaining = false;
              });
          },
          Math.min(intervalMs, 1000),
        )
      : undefined;
  timer?.unref();
  return {
    driver: 'pglite',
    query: <T>(sql: string, params?: unknown[]) => run<T>(sql, params, false),
    exec: async (sql) => {
      written += 1;
      await db.exec(sql);
    },
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({
          query: <T>(sql: string, params?: unknown[]) => {
            if (tx.closed) throw new Error('Transaction is closed');
            return run<T>(sql, params, true);
          },
        }),
      ),
    close: () => {
      clearInterval(timer);
      return db.close();
    },
    snapshot: () => pgliteSnapshot(db),
    maintain,
  };
}

/** A node-postgres query, named when it may be (each connection then parses and plans it once). */
function named(text: string, values: unknown[] = []): pg.QueryConfig {
  const name = statementName(text);
  return name ? { name, text, values } : { text, values };
}

/** Opens a pool on a real PostgreSQL server. */
export async function openPostgres(connectionString: string): Promise<Database> {
  // JIT off: a step's statements are short, but a generic plan's row estimates (a recursive
  // tree of children, say) pass jit_above_cost, and PostgreSQL then compiled that statement with
  // LLVM on every execution, which took far longer than running it.
  // A connection string's own `options` wins over this one.
  const pool = new pg.Pool({ connectionString, max: 10, options: '-c jit=off' });
  // An idle connection the database closes (a restart, an administrator's terminate, a dropped
  // test database) leaves the pool; the next query opens a new one. Without a listener
  // node-postgres raises it as an uncaught error and the whole server stops.
  pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
  await pool.query('select 1');
  return {
    driver: 'postgres',
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await pool.query(named(sql, params))).rows as T[] }),
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({
          query: async <T>(sql: string, params?: unknown[]) => ({
            rows: (await client.query(named(sql, params))).rows as T[],
          }),
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
