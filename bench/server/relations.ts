/**
 * Parents and children on the reference server: pairing 500 children in one request,
 * and tracking (and undoing) a parent with 1,000 descendants in three levels (pallet -> 10 cases
 * -> 99 cases each), one request each; the goal is under 1 s each with the embedded database.
 * The demo project is served with larger reserved counts (a pallet takes 1,000 cases, a case
 * 100 cases), written to a temporary projects folder: the demo's own 24 would not allow it.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProjectConfig } from '../../schemas/project-config';
import {
  apiClient,
  distributionCentreStep,
  madeConcurrently,
  staffCookie,
  startBenchServer,
  type ApiClient,
} from './harness';

const CONNECTIONS = 10;
const PAIRED_AT_ONCE = 500;
const MIDDLE = 10;
const PER_MIDDLE = 99;
/** Tracking steps of the big parent measured, each but the last undone again. */
const ROUNDS = 5;

/** The demo configuration with reserved counts large enough for the measured trees. */
function benchProjectsDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-projects-'));
  cpSync('server/projects', dir, { recursive: true });
  const config = JSON.parse(readFileSync(join(dir, 'demo@1.json'), 'utf8')) as ProjectConfig;
  config.barcodeTypes.pallet!.pairing = { childTypes: ['case'], maxChildren: 1000 };
  config.barcodeTypes.case!.pairing = { childTypes: ['case'], maxChildren: 100 };
  writeFileSync(join(dir, 'demo@1.json'), JSON.stringify(config));
  return dir;
}

/** `count` barcodes of the type, generated and activated at manufacturer, `CONNECTIONS` at a time. */
const activated = (api: ApiClient, barcodeType: 'pallet' | 'case', count: number) =>
  madeConcurrently(count, CONNECTIONS, () => (barcodeType === 'pallet' ? api.activatedPallet() : api.activatedCase()));

/** Milliseconds one call takes. */
async function timed(call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await call();
  return performance.now() - started;
}

const ms = (n: number) => `${n.toFixed(0)} ms`;
/** Each measurement in order, and their median. */
const series = (values: number[]) =>
  `${values.map(ms).join(', ')} (median ${ms([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN)})`;

/** Starts its own server on `port`, builds the trees over the API, prints the figures. */
export async function benchRelations(port: number): Promise<void> {
  const dir = benchProjectsDir();
  const server = await startBenchServer(port, { kind: 'pglite' }, { PROJECTS_DIR: dir });
  try {
    const api = apiClient(server.base, await staffCookie(server.base));
    const preparing = performance.now();
    const [pallet, root] = (await activated(api, 'pallet', 2)) as [string, string];
    const cases = await activated(api, 'case', MIDDLE * (PER_MIDDLE + 1));
    console.log(
      `parents and children (${cases.length + 2} barcodes generated and activated in ${((performance.now() - preparing) / 1000).toFixed(1)} s; one request at a time):`,
    );

    const batch = cases.slice(0, PAIRED_AT_ONCE);
    const dry = await timed(() => api.post('/barcode/pairing', { parentId: pallet, childrenIds: batch, dryRun: true }));
    const first = await timed(() => api.post('/barcode/pairing', { parentId: pallet, childrenIds: batch }));
    const unpair = await timed(() => api.post('/barcode/unpairing', { parentId: pallet, unpairAll: true }));
    const second = await timed(() => api.post('/barcode/pairing', { parentId: pallet, childrenIds: batch }));
    await api.post('/barcode/unpairing', { parentId: pallet, unpairAll: true });
    console.log(
      `  POST /barcode/pairing, ${PAIRED_AT_ONCE} children in one request: ${ms(first)}, again ${ms(second)} (dry run ${ms(dry)}); unpairing all ${ms(unpair)}`,
    );

    const middles = cases.slice(0, MIDDLE);
    for (const [i, middle] of middles.entries()) {
      await api.post('/barcode/pairing', {
        parentId: middle,
        childrenIds: cases.slice(MIDDLE + i * PER_MIDDLE, MIDDLE + (i + 1) * PER_MIDDLE),
      });
    }
    await api.post('/barcode/pairing', { parentId: root, childrenIds: middles });
    const { total } = (await api.get(`/barcode/children?id=${root}&count=1`)) as { total: number };
    const tracks: number[] = [];
    const undos: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      tracks.push(await timed(() => api.post('/barcode/tracking', distributionCentreStep(root))));
      const { latestTrackingSeq } = (await api.get(`/barcode/barcode?id=${root}`)) as { latestTrackingSeq: number };
      if (round < ROUNDS - 1)
        undos.push(await timed(() => api.post('/barcode/undo-tracking', { barcodeId: root, seq: latestTrackingSeq })));
    }
    const moved = ((await api.get(`/barcode/barcode?id=${cases.at(-1)}`)) as { currentTrackPointKey: string })
      .currentTrackPointKey;
    const page = await timed(() => api.get(`/barcode/children?id=${root}&count=200`));
    const lastPage = await timed(() => api.get(`/barcode/children?id=${root}&skip=800&count=200`));
    if (total !== MIDDLE * (PER_MIDDLE + 1) || moved !== 'distributionCentre')
      throw new Error(`tree of ${total} descendants; the deepest is at ${moved}`);
    console.log(
      `  POST /barcode/tracking of a parent with ${total} descendants in three levels: ${series(tracks)}; POST /barcode/undo-tracking (all move back): ${series(undos)}`,
    );
    console.log(
      `  GET /barcode/children of that parent, 200 of ${total}: first page ${ms(page)}, last page ${ms(lastPage)}`,
    );
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
