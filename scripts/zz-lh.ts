import { apiClient, staffCookie, startBenchServer } from '../server/bench/bench-server';
import { lighthouseRun } from './lighthouse-audit';
const server = await startBenchServer(8197);
try {
  const api = apiClient(server.base, await staffCookie(server.base));
  const barcodeId = await api.activatedPallet();
  for (let i = 0; i < Number(process.env.N ?? 5); i += 1) {
    const a = await lighthouseRun(`${server.base}/demo@1/qrcode/${barcodeId}/track`);
    console.log(`perf ${a.performance} fcp ${a.fcpMs.toFixed(0)} lcp ${a.lcpMs.toFixed(0)} tbt ${a.totalBlockingMs.toFixed(0)}`);
  }
} finally {
  await server.stop?.();
  process.exit(0);
}
