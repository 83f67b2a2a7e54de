/**
 * `npm run fuzz`: the long pass of the route fuzzing (tests/server/fuzz-routes.ts), 12,000+
 * generated requests over every route on a fresh in-memory server (or on PostgreSQL with
 * TEST_DATABASE_URL). Prints the requests per route and the answers by status; exits 1 on any
 * failure (a 5xx, an answer the OpenAPI document does not describe, a refusal that wrote).
 *   FUZZ_CASES (total, default 12000), FUZZ_SEED (default: the time) to repeat a run.
 */
import { fuzzEveryRoute } from '../tests/server/fuzz-routes';

const total = Number(process.env.FUZZ_CASES ?? 12_000);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
console.info(
  `fuzz: ${total} cases shared by the documented routes, seed ${seed}${process.env.TEST_DATABASE_URL ? ', PostgreSQL' : ', PGlite'}`,
);
const report = await fuzzEveryRoute({ totalCases: total, seed, progress: (line) => console.info(`  ${line}`) });
const fivexx = Object.entries(report.byStatus)
  .filter(([s]) => Number(s) >= 500)
  .reduce((n, [, c]) => n + c, 0);
console.info(
  `\nroutes: ${report.routes}, requests: ${report.requests} (${report.apiRequests} to the documented API routes, the rest to the docs pages), in ${(report.millis / 1000).toFixed(1)} s`,
);
console.info(
  `answers by status: ${Object.entries(report.byStatus)
    .map(([s, c]) => `${s}: ${c}`)
    .join(', ')}`,
);
console.info(`5xx: ${fivexx}`);
console.info(
  `Idempotency-Key: ${report.keyed} keyed requests, ${report.repeatsChecked} repeats compared with their first answer, ${report.reusesChecked} other requests under a held key; ${report.multipart} multipart bodies`,
);
for (const failure of report.failures) console.error(`FAILED ${failure}`);
console.info(`${report.routes - report.failures.length} passed, ${report.failures.length} failed`);
process.exit(report.failures.length === 0 && report.apiRequests >= total && fivexx === 0 ? 0 : 1);
