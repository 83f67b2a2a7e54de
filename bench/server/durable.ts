/**
 * `npm run bench:durable`: what durable commits cost. The reference server on an on-disk PGlite
 * (a throwaway DATA_DIR, as `npm start` runs it) takes tracking steps of already activated demo
 * pallets from CONNECTIONS concurrent clients; prints steps per second and the median and p95
 * latency of one step. Each acknowledged step is fsynced before its answer (server/db/database.ts;
 * docs/operators/postgresql.md), so the figures are what that guarantee costs on the disk the
 * bench runs on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiClient, distributionCentreStep, staffCookie, startBenchServer } from './harness';

const PORT = Number(process.env.BENCH_PORT ?? 8195);
const STEPS = Number(process.env.BENCH_STEPS ?? 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);

const dataDir = mkdtempSync(join(tmpdir(), 'sb-bench-durable-'));
const server = await startBenchServer(PORT, { kind: 'pglite', dataDir });
try {
  const api = apiClient(server.base, await staffCookie(server.base));
  const pallets: string[] = [];
  for (let i = 0; i < STEPS; i += 1) pallets.push(await api.activatedPallet());
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < pallets.length) {
        const id = pallets[next++]!;
        const at = performance.now();
        await api.post('/barcode/tracking', distributionCentreStep(id));
        latencies.push(performance.now() - at);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
  console.log(
    `on-disk PGlite, ${STEPS} tracking steps, ${CONNECTIONS} connections: ${(STEPS / seconds).toFixed(1)} steps/s, p50 ${pick(0.5)} ms, p95 ${pick(0.95)} ms`,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
