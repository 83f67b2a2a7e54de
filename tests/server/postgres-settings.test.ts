import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

/**
 * The session settings the server gives its PostgreSQL connections (the PostgreSQL pass of
 * `npm test`; PGlite has no JIT). With JIT on, the tracking step's statement that moves a
 * barcode's children had a generic plan costed past jit_above_cost and was compiled with LLVM
 * on every execution, which cost far more than running it (docs/operators/postgresql.md).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL connection settings', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('runs every statement, inside a transaction or not, without JIT compilation', async () => {
    const db = server.ctx.db;
    expect((await db.query<{ jit: string }>('show jit')).rows[0]!.jit).toBe('off');
    const inTransaction = await db.transaction(
      async (tx) => (await tx.query<{ jit: string }>('show jit')).rows[0]!.jit,
    );
    expect(inTransaction).toBe('off');
    // Ten at once: every connection of the pool, not only the first one opened.
    const all = await Promise.all(
      Array.from({ length: 10 }, () =>
        db.transaction(async (tx) => {
          await tx.query('select pg_sleep(0.05)');
          return (await tx.query<{ jit: string }>('show jit')).rows[0]!.jit;
        }),
      ),
    );
    expect(new Set(all)).toEqual(new Set(['off']));
  });
});
