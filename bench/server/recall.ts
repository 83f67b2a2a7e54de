/**
 * Recall at scale: a trace of one lot over 100,000 packages and a million history rows, its
 * FSMA 204 spreadsheet, and the hold (then the release) of every package it implicates, through
 * the server's own routes with `inject` (validation, permissions, SQL and serialisation are in
 * the figures, the network is not). On the embedded database in this process, and on PostgreSQL
 * too when DATABASE_URL (or TEST_DATABASE_URL, as scripts/with-postgres.sh sets it) names an empty
 * database. Goals: trace p95 under 3 s embedded and 1 s on
 * PostgreSQL; hold of 10,000 packages under 5 s; spreadsheet of 10,000 rows under 2 s.
 *
 * The packages are written with SQL (activating and pairing each through the API would take
 * hours): pallets of 24 cases each, moved through the demo's trackpoints, each package with ten
 * history entries. The first case of every pallet carries one of ten recall lots, so a recall of
 * one lot starts from one case on each of a tenth of the pallets and implicates those pallets and
 * every case that shared them.
 *
 * Run: npm run bench:recall [-- <pallets>]; with PostgreSQL: scripts/with-postgres.sh npm run bench:recall
 */
import { openPglite, openPostgres, type Database } from '../../server/db/database';
import { SEED } from '../../server/seed/seed';
import { inProcessServer } from './harness';

const PALLETS = Number(process.argv[2] ?? 4_000);
const CASES_PER_PALLET = 24;
const RUNS = 10;
const WARM_UP = 2;

/** Pallets, then their cases (paired under them), all activated and now at the carrier. */
const FILL_PALLETS = `
insert into barcodes (id, project_id, barcode_type, is_activated, current_track_point_key, activation_data, created_at, activated_at, last_step_at)
select 'P' || lpad(p::text, 11, '0'), $1::uuid, 'pallet', true, 'carrier',
       jsonb_build_object('productName', 'Influenza vaccine', 'lotNumber', 'PAL-' || p, 'expiryDate', '2027-03-31', 'storageRange', '2-8'),
       now() - interval '3 days', now() - interval '3 days', now() - interval '1 day'
  from generate_series(1, $2::int) p`;
const FILL_CASES = `
insert into barcodes (id, project_id, barcode_type, is_activated, current_track_point_key, activation_data, parent_id, pair_order, created_at, activated_at, last_step_at)
select 'C' || lpad((p * 100 + s)::text, 11, '0'), $1::uuid, 'case', true, 'carrier',
       jsonb_build_object('productName', 'Influenza vaccine', 'expiryDate', '2027-03-31', 'storageRange', '2-8',
         'lotNumber', case when s = 0 then 'RECALL-' || (p % 10) else 'LOT-' || ((p * 24 + s) % 5000) end),
       'P' || lpad(p::text, 11, '0'), s + 1,
       now() - interval '3 days', now() - interval '3 days', now() - interval '1 day'
  from generate_series(1, $2::int) p, generate_series(0, ${CASES_PER_PALLET - 1}) s`;

/**
 * Ten entries per package: activated, paired, then at the distribution centre and the carrier a
 * step (a pallet's tracking, a case's move with it), a stock in and out, and an edit of the step.
 */
const FILL_HISTORY = `
with packages as (
  select id, barcode_type, parent_id,
         case when barcode_type = 'pallet' then
           (select jsonb_agg(c.id order by c.pair_order) from barcodes c where c.parent_id = b.id) end as children
    from barcodes b where b.project_id = $1::uuid and b.id like any (array['P%', 'C%'])
), entries(n, action, point, hours) as (values
  (1, 'activated', 'manufacturer', 0), (2, 'paired', 'manufacturer', 1),
  (3, 'tracked', 'distributionCentre', 10), (4, 'stocked-in', 'distributionCentre', 11),
  (5, 'stocked-out', 'distributionCentre', 20), (6, 'tracking-edited', 'distributionCentre', 21),
  (7, 'tracked', 'carrier', 30), (8, 'stocked-in', 'carrier', 31),
  (9, 'stocked-out', 'carrier', 40), (10, 'tracking-edited', 'carrier', 41))
insert into barcode_history (barcode_id, seq, action, track_point_key, data, user_id, created_at, entry_hash)
select p.id, e.n,
       case when e.action = 'tracked' and p.barcode_type = 'case' then 'moved-with-parent' else e.action end,
       e.point,
       case e.action
         when 'paired' then case when p.barcode_type = 'pallet' then jsonb_build_object('childrenIds', p.children)
                                 else jsonb_build_object('parentId', p.parent_id) end
         when 'tracked' then case when p.barcode_type = 'pallet' then jsonb_build_object('forms', jsonb_build_object())
                                  else jsonb_build_object('parentId', p.parent_id) end
         when 'tracking-edited' then jsonb_build_object('editedSeq', e.n - 3, 'forms', jsonb_build_object())
         when 'stocked-in' then jsonb_build_object('locationId', $2::text)
         when 'stocked-out' then jsonb_build_object('locationId', $2::text)
         else jsonb_build_object() end,
       $3::uuid, now() - interval '3 days' + make_interval(hours => e.hours), md5(p.id || e.n)
  from packages p, entries e`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function bench(name: string, db: Database, goalTraceMs: number): Promise<void> {
  const app = await inProcessServer(db);
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/authorize',
      payload: { projectId: SEED.demoProject, accessCode: '11112222', visitorId: 'bench-recall-01' },
    });
    const cookie = login.cookies.find((c) => c.name === 'sb_access');
    if (!cookie) throw new Error(`login failed: ${login.body}`);
    const { rows: users } = await db.query<{ user_id: string }>(
      'select user_id from sessions order by created_at desc limit 1',
    );
    const { rows: bins } = await db.query<{ id: string }>("select id from locations where kind = 'bin' limit 1");
    const filling = performance.now();
    await db.query(FILL_PALLETS, [SEED.demoProject, PALLETS]);
    await db.query(FILL_CASES, [SEED.demoProject, PALLETS]);
    await db.query(FILL_HISTORY, [SEED.demoProject, bins[0]?.id ?? '', users[0]?.user_id]);
    await db.query('analyze barcodes');
    await db.query('analyze barcode_history');
    const { rows: counted } = await db.query<{ packages: number; entries: number }>(
      'select (select count(*) from barcodes)::int as packages, (select count(*) from barcode_history)::int as entries',
    );
    console.log(
      `\n${name}: ${counted[0]!.packages.toLocaleString('en')} packages, ${counted[0]!.entries.toLocaleString('en')} history rows (written in ${seconds(performance.now() - filling)})`,
    );
    const request = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const started = performance.now();
      const res = await app.inject({
        method,
        url,
        cookies: { sb_access: cookie.value },
        ...(payload ? { payload } : {}),
      });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return { res, ms: performance.now() - started };
    };

    const query = `projectId=${SEED.demoProject}&lot=RECALL-3`;
    const times: number[] = [];
    let total = 0;
    for (let run = 0; run < WARM_UP + RUNS; run += 1) {
      const { res, ms } = await request('GET', `/api/recall/trace?${query}`);
      total = (res.json() as { data: { total: number } }).data.total;
      if (run >= WARM_UP) times.push(ms);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    console.log(
      `  trace of one lot (${total.toLocaleString('en')} packages implicated): p50 ${seconds(percentile(times, 50))}, p95 ${seconds(p95)} (goal < ${seconds(goalTraceMs)}: ${p95 < goalTraceMs ? 'met' : 'NOT met'})`,
    );

    const sheet = await request('GET', `/api/recall/fsma-204?${query}`);
    const lines = sheet.res.body.split('\r\n').filter((l) => l.length > 0).length - 1;
    console.log(
      `  FSMA 204 spreadsheet: ${lines.toLocaleString('en')} rows in ${seconds(sheet.ms)}, ${(sheet.res.rawPayload.length / 2 ** 20).toFixed(1)} MB; ${(
        (sheet.ms / Math.max(lines, 1)) *
        10_000
      ).toFixed(0)} ms per 10,000 rows (goal < 2,000 ms)`,
    );

    const asked = await request('POST', '/api/recall/hold', {
      projectId: SEED.demoProject,
      lot: 'RECALL-3',
      reference: 'BENCH-1',
      reason: 'Bench',
      dryRun: true,
    });
    const held = await request('POST', '/api/recall/hold', {
      projectId: SEED.demoProject,
      lot: 'RECALL-3',
      reference: 'BENCH-1',
      reason: 'Bench',
    });
    const added = (held.res.json() as { data: { added: number } }).data.added;
    console.log(
      `  hold: dry run ${seconds(asked.ms)}; ${added.toLocaleString('en')} packages held in one transaction in ${seconds(held.ms)} (goal for 10,000 < 5 s: ${held.ms < 5000 * (added / 10_000) ? 'met' : 'NOT met'})`,
    );
    const released = await request('POST', '/api/recall/release', {
      projectId: SEED.demoProject,
      reference: 'BENCH-1',
      reason: 'Bench',
    });
    console.log(
      `  release of all: ${(released.res.json() as { data: { released: number } }).data.released.toLocaleString('en')} packages in ${seconds(released.ms)}`,
    );
  } finally {
    await app.close();
  }
}

await bench('PGlite in memory, in process', await openPglite(), 3000);
// An empty database: scripts/with-postgres.sh names its throwaway cluster in TEST_DATABASE_URL.
const postgresUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) await bench('PostgreSQL', await openPostgres(postgresUrl), 1000);
