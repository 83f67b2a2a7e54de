/**
 * Bulk work on the reference server, PGlite in memory: bulk tracking of 1,000
 * barcodes in one request (goal under 1 s) and its dry run (goal under 300 ms), then stock in of
 * the same 1,000 barcodes in one request (and its dry run), then bulk skip-tracking of another
 * 1,000. One request at a time; each figure is the time from sending the request to the answer.
 */
import { SEED } from '../../server/seed/seed';
import { SEED_LOCATIONS } from '../../server/seed/locations';
import { apiClient, madeConcurrently, staffCookie, startBenchServer, type ApiClient } from './harness';

const COUNT = 1000;
const CONNECTIONS = 10;
/** Pallets each request is tried on before the measured ones. */
const WARM_UP = 20;
const DC_FORMS = { receiving: { receivedTemperature: 5, coldChainIntact: 'yes' } };

/** `count` demo pallets generated and activated at the manufacturer, `CONNECTIONS` at a time. */
const activatedPallets = (api: ApiClient, count: number) =>
  madeConcurrently(count, CONNECTIONS, () => api.activatedPallet());

/** Milliseconds one call takes, and what it answered. */
async function timed<T>(call: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const answer = await call();
  return [performance.now() - started, answer];
}

const ms = (n: number) => `${n.toFixed(0)} ms`;

/** Starts its own server on `port`, prepares 2,020 activated pallets over the API, prints the figures. */
export async function benchBulk(port: number): Promise<void> {
  const server = await startBenchServer(port, { kind: 'pglite' });
  try {
    const api = apiClient(server.base, await staffCookie(server.base));
    const preparing = performance.now();
    const tracked = await activatedPallets(api, COUNT);
    const skipped = await activatedPallets(api, COUNT);
    const warmUp = await activatedPallets(api, WARM_UP);
    console.log(
      `bulk work (${COUNT * 2 + WARM_UP} pallets generated and activated in ${((performance.now() - preparing) / 1000).toFixed(1)} s; one request at a time, PGlite in memory):`,
    );
    // Each kind of request once on a few pallets first, so the figures are those of a running
    // server (statements prepared, the trackpoint's forms compiled), not of its first request.
    const warm = { projectId: SEED.demoProject, barcodeIds: warmUp, trackPointKey: 'distributionCentre' };
    await api.post('/barcode/tracking', { ...warm, forms: DC_FORMS, dryRun: true });
    await api.post('/barcode/tracking', { ...warm, forms: DC_FORMS });
    await api.post('/location/stock', {
      projectId: SEED.demoProject,
      type: 'in',
      barcodeIds: warmUp,
      locationId: SEED_LOCATIONS.binA02,
      dryRun: true,
    });
    await api.post('/location/stock', {
      projectId: SEED.demoProject,
      type: 'in',
      barcodeIds: warmUp,
      locationId: SEED_LOCATIONS.binA02,
    });

    const tracking = {
      projectId: SEED.demoProject,
      barcodeIds: tracked,
      trackPointKey: 'distributionCentre',
      forms: DC_FORMS,
    };
    const [dry, dryAnswer] = await timed(
      () => api.post('/barcode/tracking', { ...tracking, dryRun: true }) as Promise<{ readyCount: number }>,
    );
    const [real, realAnswer] = await timed(
      () => api.post('/barcode/tracking', tracking) as Promise<{ readyCount: number }>,
    );
    if (dryAnswer.readyCount !== COUNT || realAnswer.readyCount !== COUNT)
      throw new Error(`ready ${dryAnswer.readyCount}, tracked ${realAnswer.readyCount}`);
    console.log(
      `  POST /barcode/tracking, ${COUNT} barcodes in one request: ${ms(real)} (goal < 1 s); its dry run ${ms(dry)} (goal < 300 ms)`,
    );

    const stock = { projectId: SEED.demoProject, type: 'in', barcodeIds: tracked, locationId: SEED_LOCATIONS.binA01 };
    const [stockDry] = await timed(() => api.post('/location/stock', { ...stock, dryRun: true }));
    const [stockIn, stockAnswer] = await timed(
      () => api.post('/location/stock', stock) as Promise<{ readyCount: number }>,
    );
    if (stockAnswer.readyCount !== COUNT) throw new Error(`stocked ${stockAnswer.readyCount}`);
    console.log(
      `  POST /location/stock (in), ${COUNT} barcodes in one request: ${ms(stockIn)} (dry run ${ms(stockDry)})`,
    );

    const [skip] = await timed(() =>
      api.post('/barcode/skip-tracking', {
        projectId: SEED.demoProject,
        barcodeIds: skipped,
        trackPointKey: 'distributionCentre',
      }),
    );
    console.log(`  POST /barcode/skip-tracking, ${COUNT} barcodes in one request: ${ms(skip)}`);
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBulk(Number(process.env.BENCH_PORT ?? 8481));
