/**
 * What the EPCIS export and the ledger cost at scale: the project export of 10,000 events (time,
 * and the process's peak memory while it streams: resident set and V8 heap, sampled every 5 ms),
 * and the ledger status of a barcode with 1,000 history entries (the first call, which chains
 * entries written without hashes, and the following calls, which only verify).
 *
 * The server runs in this process (in-memory PGlite, the demo seeded) so its heap can be read;
 * the history is written straight into the database (2,500 pallets, each activated and tracked
 * through three trackpoints, spread over the last 300 days) instead of 10,000 API calls.
 */
import { openPglite } from '../../server/db/database';
import { SEED } from '../../server/seed/seed';
import { inProcessServer, STAFF_ACCESS_CODE } from './harness';

const PALLETS = 2_500;
const LEDGER_ENTRIES = 1_000;
const STATUS_RUNS = 10;
const DAY_MS = 86_400_000;

const db = await openPglite();
const app = await inProcessServer(db);
const base = await app.listen({ port: 0, host: '127.0.0.1' });

const login = await fetch(`${base}/api/user/authorize`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ projectId: SEED.demoProject, accessCode: STAFF_ACCESS_CODE, visitorId: 'bench-ledger-0001' }),
});
const cookie = login.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');

/** 2,500 pallets with four entries each, the n-th pallet's entries on day n mod 300 before today. */
async function writeHistory(): Promise<void> {
  await db.query(
    `insert into barcodes (id, project_id, barcode_type, is_activated, current_track_point_key, activation_data)
     select 'P' || lpad(i::text, 11, '0'), $1, 'pallet', true, 'pharmacy', '{"lotNumber":"LOT-1"}'::jsonb from generate_series(1, $2) as i`,
    [SEED.demoProject, PALLETS],
  );
  await db.query(
    `insert into barcode_history (barcode_id, seq, action, track_point_key, data, created_at)
     select 'P' || lpad(i::text, 11, '0'), s.seq, s.action, s.point, s.data::jsonb, now() - ((i % 300) || ' days')::interval + (s.seq || ' minutes')::interval
       from generate_series(1, $1) as i
       cross join (values
         (1, 'activated', 'manufacturer', '{"productName":"Influenza vaccine","lotNumber":"FLU-2026-1","expiryDate":"2027-03-31","caseCount":40,"qaNotes":"hidden"}'),
         (2, 'tracked', 'distributionCentre', '{"forms":{"receiving":{"receivedTemperature":5,"coldChainIntact":"yes"}}}'),
         (3, 'tracked', 'carrier', '{"forms":{"pickup":{"vehicleId":"TK-1"}}}'),
         (4, 'tracked', 'pharmacy', '{"forms":{"delivery":{"receiverName":"Yuki"}}}')
       ) as s(seq, action, point, data)`,
    [PALLETS],
  );
  // As autovacuum would after such a load: the planner's statistics.
  await db.query('analyze barcodes, barcode_history');
}

/** Streams the project export and samples this process's memory meanwhile. */
async function measureExport(): Promise<void> {
  const day = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');
  const url = `${base}/api/barcode/epcis/project?projectId=${SEED.demoProject}&from=${day(new Date(Date.now() - 301 * DAY_MS))}&to=${day(new Date())}`;
  global.gc?.();
  const before = process.memoryUsage();
  const peak = { rss: before.rss, heapUsed: before.heapUsed };
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
  }, 5);
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  let tail = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    tail = (tail + Buffer.from(chunk).toString('utf8')).slice(-200);
  }
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  const events = await countEvents(url);
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `EPCIS project export: ${events} events, ${mb(bytes)} streamed in ${(elapsed / 1000).toFixed(2)} s (${Math.round(events / (elapsed / 1000))} events/s)`,
  );
  console.log(
    `  memory while streaming: RSS ${mb(before.rss)} -> peak ${mb(peak.rss)} (+${mb(peak.rss - before.rss)}); V8 heap used ${mb(before.heapUsed)} -> peak ${mb(peak.heapUsed)} (+${mb(peak.heapUsed - before.heapUsed)})`,
  );
  if (!tail.endsWith(']}}')) throw new Error('the document did not end');
}

/** How many events the export holds (a second export, parsed whole: only to count). */
async function countEvents(url: string): Promise<number> {
  const document = (await (await fetch(url, { headers: { cookie } })).json()) as {
    epcisBody: { eventList: unknown[] };
  };
  return document.epcisBody.eventList.length;
}

/** One barcode with 1,000 entries written without hashes (as before the ledger), then its status: first (chains them) and again (verifies). */
async function measureStatus(): Promise<void> {
  const id = 'L00000000001';
  await db.query(
    "insert into barcodes (id, project_id, barcode_type, is_activated, current_track_point_key) values ($1, $2, 'pallet', true, 'manufacturer')",
    [id, SEED.demoProject],
  );
  await db.query(
    `insert into barcode_history (barcode_id, seq, action, track_point_key, data, created_at)
     select $1, i, case when i = 1 then 'activated' else 'tracking-edited' end, 'manufacturer', jsonb_build_object('forms', jsonb_build_object('release', jsonb_build_object('releasedBy', 'Hana ' || i))),
            now() - ((${LEDGER_ENTRIES} - i) || ' minutes')::interval
       from generate_series(1, ${LEDGER_ENTRIES}) as i`,
    [id],
  );
  const status = async () => {
    const started = performance.now();
    const res = await fetch(`${base}/api/barcode/ledger/status?id=${id}`, { headers: { cookie } });
    const body = (await res.json()) as { data: { intact: boolean; checked: number } };
    if (!body.data.intact || body.data.checked !== LEDGER_ENTRIES)
      throw new Error(`unexpected status ${JSON.stringify(body)}`);
    return performance.now() - started;
  };
  const first = await status();
  const runs: number[] = [];
  for (let i = 0; i < STATUS_RUNS; i += 1) runs.push(await status());
  runs.sort((a, b) => a - b);
  console.log(
    `ledger status of a barcode with ${LEDGER_ENTRIES} entries: first call (chains the ${LEDGER_ENTRIES} unhashed entries) ${first.toFixed(0)} ms; then verify only: median ${runs[Math.floor(runs.length / 2)]!.toFixed(0)} ms, max ${runs.at(-1)!.toFixed(0)} ms over ${STATUS_RUNS} calls`,
  );
}

try {
  await writeHistory();
  await measureExport();
  await measureStatus();
} finally {
  // Closing the app closes its database too.
  await app.close();
}
