/**
 * Barcode search over 100,000 activated barcodes of one project on the embedded database (PGlite
 * in memory, in this process; requests through the server's own routes with `inject`, so
 * validation, visibility, SQL and serialisation are all in the figure, the network is not). Goal:
 * p95 under 100 ms. The barcodes are written with one SQL statement (generating and activating
 * each through the API would take far longer than the searches); their activation data is shaped
 * like the demo pallets' and cases', with a hidden field holding words nobody finds.
 *
 * Run: npm run bench:search [-- <count>]
 */
import { openPglite } from '../../server/db/database';
import { SEED } from '../../server/seed/seed';
import { inProcessServer } from './harness';

const COUNT = Number(process.argv[2] ?? 100_000);
const RUNS = 40;
const WARM_UP = 3;

const PRODUCTS = [
  'Influenza vaccine',
  'Measles vaccine',
  'Rotavirus drops',
  'Hepatitis B vaccine',
  'Zoster vaccine',
  'Polio vaccine',
  'Rabies vaccine',
  'Typhoid vaccine',
];

/** The barcodes: a pallet or a case, at one of the four trackpoints, one in ten not activated. */
const FILL = `
insert into barcodes (id, project_id, barcode_type, is_activated, current_track_point_key, external_id, tracking_number, activation_data, created_at, activated_at, last_step_at)
select 'B' || lpad(i::text, 11, '0'), $1::uuid,
       case when i % 10 = 0 then null when i % 3 = 0 then 'case' else 'pallet' end,
       i % 10 <> 0,
       case when i % 10 = 0 then null else (array['manufacturer', 'distributionCentre', 'carrier', 'pharmacy'])[1 + i % 4] end,
       case when i % 10 = 0 then null else 'EXT-' || lpad(i::text, 7, '0') end,
       case when i % 10 = 0 then null else 'TN-' || i end,
       case when i % 10 = 0 then null else jsonb_build_object(
         'productName', ($2::text[])[1 + i % 8], 'lotNumber', 'LOT-' || (i % 5000), 'gtin', lpad((i % 100000)::text, 14, '0'),
         'expiryDate', '2027-03-31', 'storageRange', case when i % 7 = 0 then '-20' else '2-8' end, 'caseCount', i % 60,
         'qaNotes', 'hidden remark ' || i, 'externalId', 'EXT-' || lpad(i::text, 7, '0'),
         'origin', jsonb_build_object('companyName', 'FrostLine Pharma', 'prefecture', 'Osaka', 'postalCode', '530-0001')) end,
       now() - make_interval(secs => $3::int - i),
       case when i % 10 = 0 then null else now() - make_interval(secs => $3::int - i) end,
       case when i % 10 = 0 then null else now() - make_interval(secs => ($3::int - i) / 2) end
  from generate_series(1, $3::int) i`;

/** The searches measured: what users ask most, the list's first page first. */
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
const SEARCHES: [string, object][] = [
  ['list, first page', {}],
  ['list, type + trackpoint', { barcodeType: 'pallet', trackPointKey: 'carrier' }],
  ['not activated', { isActivated: false }],
  ['activated in a date range', { activatedFrom: day(0.5), activatedTo: day(0.4) }],
  ['last step in a date range, 2nd page', { lastStepFrom: day(0.3), lastStepTo: day(0.2), skip: 20 }],
  ['external id (exact)', { externalId: 'EXT-0054321' }],
  ['tracking number (exact)', { trackingNumber: 'TN-77777' }],
  ['field: lot number (rare)', { fields: [{ key: 'lotNumber', value: 'LOT-4242' }] }],
  ['field: product name (common word)', { fields: [{ key: 'productName', value: 'zoster' }] }],
  ['field: case count (number)', { fields: [{ key: 'caseCount', value: '17' }] }],
  ['free text, rare', { text: 'EXT-0054321' }],
  ['free text, common words', { text: 'measles vaccine' }],
  ['free text, word beginning', { text: 'rota' }],
  ['free text, hidden words only (finds nothing)', { text: 'remark 54321' }],
  ['free text + type + trackpoint', { text: 'polio', barcodeType: 'case', trackPointKey: 'pharmacy' }],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function main(): Promise<void> {
  const db = await openPglite();
  const app = await inProcessServer(db);
  try {
    const filling = performance.now();
    await db.query(FILL, [SEED.demoProject, PRODUCTS, COUNT]);
    await db.query('analyze barcodes');
    console.log(
      `barcode search over ${COUNT.toLocaleString('en')} barcodes (written in ${((performance.now() - filling) / 1000).toFixed(1)} s); PGlite in memory, in process; ${RUNS} runs each:`,
    );
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/authorize',
      payload: { projectId: SEED.demoProject, accessCode: '11112222', visitorId: 'bench-search-01' },
    });
    const cookie = login.cookies.find((c) => c.name === 'sb_access');
    if (!cookie) throw new Error(`login failed: ${login.body}`);
    const all: number[] = [];
    for (const [name, criteria] of SEARCHES) {
      const times: number[] = [];
      let found = 0;
      for (let run = 0; run < WARM_UP + RUNS; run += 1) {
        const started = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: '/api/barcode/search',
          cookies: { sb_access: cookie.value },
          payload: { projectId: SEED.demoProject, ...criteria },
        });
        const took = performance.now() - started;
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
        found = (res.json() as { data: { items: unknown[] } }).data.items.length;
        if (run >= WARM_UP) times.push(took);
      }
      times.sort((a, b) => a - b);
      all.push(...times);
      console.log(
        `  ${name.padEnd(46)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms  (${found} on the page)`,
      );
    }
    all.sort((a, b) => a - b);
    const p95 = percentile(all, 95);
    console.log(
      `  all searches: p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (goal < 100 ms: ${p95 < 100 ? 'met' : 'NOT met'})`,
    );
  } finally {
    await app.close();
  }
}

await main();
