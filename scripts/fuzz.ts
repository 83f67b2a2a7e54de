/**
 * `npm run fuzz`: the long pass of the route fuzzing (tests/server/fuzz-routes.ts), 12,000+
 * requests generated from the route schemas over every route, as every role, on a fresh
 * in-memory server (or on PostgreSQL with TEST_DATABASE_URL), and every case of the systematic
 * generators (inherited names, deep nesting, unfinished multipart, oversized headers) on top.
 * Prints the requests per route, the answers by status, per generator and per role; exits 1 on
 * any failure (a 5xx, an answer the OpenAPI document does not describe, a refusal that wrote, a
 * session served where a visitor is not).
 *   FUZZ_CASES (schema cases in all, default 12000), FUZZ_SEED (default: the time) to repeat a run,
 *   FUZZ_ROUTES (a regular expression: only the routes whose "METHOD url" it matches).
 */
import { fuzzEveryRoute, tallyLines } from '../tests/server/fuzz-routes';

const total = Number(process.env.FUZZ_CASES ?? 12_000);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
console.info(
  `fuzz: ${total} cases shared by the documented routes, seed ${seed}${process.env.TEST_DATABASE_URL ? ', PostgreSQL' : ', PGlite'}`,
);
const only = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : undefined;
const report = await fuzzEveryRoute({ totalCases: total, seed, only, progress: (line) => console.info(`  ${line}`) });
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
for (const line of tallyLines(report)) console.info(line);
console.info(
  `Idempotency-Key: ${report.keyed} keyed requests, ${report.repeatsChecked} repeats compared with their first answer, ${report.reusesChecked} other requests under a held key; ${report.multipart} multipart bodies; ${report.crossChecked} requests of a session aimed at another project compared with a visitor's`,
);
for (const failure of report.failures) console.error(`FAILED ${failure}`);
console.info(report.failures.length === 0 ? 'no failures' : `${report.failures.length} failures`);
process.exit(report.failures.length === 0 && report.apiRequests >= total && fivexx === 0 ? 0 : 1);
