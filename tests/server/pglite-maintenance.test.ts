import { describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/database';

/**
 * PGlite has no autovacuum: the server vacuums and analyzes it itself (PGLITE_MAINTENANCE in
 * server/db/database.ts). What a user would notice without it is tracking that slows as history
 * grows; what these tests see is the planner's knowledge of a table and its dead row versions.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGlite maintenance', () => {
  const sizeOf = async (db: Awaited<ReturnType<typeof openPglite>>) =>
    (await db.query<{ reltuples: number }>("select reltuples::int as reltuples from pg_class where relname = 'steps'"))
      .rows[0]!.reltuples;

  it('after writes, analyzes on its own within the interval, so the planner knows the table', async () => {
    const db = await openPglite(undefined, { maintenanceMs: 300 });
    try {
      await db.exec('create table steps (id int primary key, at text)');
      await db.query("insert into steps select g, 'a' from generate_series(1, 2000) g");
      // Never analyzed: PostgreSQL says -1 (unknown).
      expect(await sizeOf(db)).toBe(-1);
      await expect.poll(() => sizeOf(db), { timeout: 5000, interval: 100 }).toBe(2000);
    } finally {
      await db.close();
    }
  });

  it('vacuums: the dead row versions of updated rows are cleared, so the table stops growing', async () => {
    const db = await openPglite(undefined, { maintenanceMs: 0 });
    try {
      const pages = async () =>
        (await db.query<{ n: number }>("select pg_relation_size('steps')::int / 8192 as n")).rows[0]!.n;
      await db.exec('create table steps (id int primary key, at text)');
      await db.query("insert into steps select g, 'a' from generate_series(1, 2000) g");
      const oneVersion = await pages();
      // Six rounds that rewrite every row: kept, the seven versions of each row would take seven
      // times the pages; vacuumed between rounds, the space of the old versions is used again.
      for (let round = 0; round < 6; round += 1) {
        await db.query(`update steps set at = 'round ${round}'`);
        await db.maintain!();
      }
      expect(await pages()).toBeLessThanOrEqual(3 * oneVersion);
    } finally {
      await db.close();
    }
  });

  it('reads alone never start it (an idle server does no work); the next write does', async () => {
    const db = await openPglite(undefined, { maintenanceMs: 200 });
    try {
      await db.exec(`create table steps (id int primary key, at text);
        create function more_steps() returns void language sql as $$ insert into steps select g, 'a' from generate_series(101, 300) g $$;`);
      await db.query("insert into steps select g, 'a' from generate_series(1, 100) g");
      await expect.poll(() => sizeOf(db), { timeout: 5000, interval: 100 }).toBe(100);
      // Rows added by a select (the driver counts it as a read), then only reads for a second:
      // no maintenance runs, so the planner still believes 100 rows.
      await db.query('select more_steps()');
      for (let i = 0; i < 10; i += 1) {
        await db.query('select count(*) from steps');
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await sizeOf(db)).toBe(100);
      await db.query("update steps set at = 'b' where id = 1");
      await expect.poll(() => sizeOf(db), { timeout: 10_000, interval: 100 }).toBe(300);
    } finally {
      await db.close();
    }
  });
});
