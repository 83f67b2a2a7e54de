import { describe, expect, it } from 'vitest';
import { fuzzEveryRoute } from './fuzz-routes';

/**
 * The fast pass of the route fuzzing (tests/server/fuzz-routes.ts says what is sent and what is
 * checked); `npm run fuzz` runs the long one. Every route the server registers is covered,
 * found as the server adds it, so a new route needs no new test.
 */
describe('every route, fuzzed from its schema', () => {
  it('never answers 5xx, answers only what the OpenAPI document says, and writes nothing on refusal', async () => {
    const report = await fuzzEveryRoute({ casesPerRoute: 25, seed: 20261123 });
    console.info(
      `fuzz (fast pass): ${report.requests} requests over ${report.routes} routes in ${report.millis} ms; by status ${JSON.stringify(report.byStatus)}`,
    );
    expect(report.failures).toEqual([]);
    expect(report.routes).toBeGreaterThan(20);
    expect(Object.keys(report.byRoute)).toHaveLength(report.routes);
    expect(report.requests).toBeGreaterThanOrEqual(report.routes * 25);
    // Requests get past validation too: some succeed, some are refused by the services.
    expect(report.byStatus[200]).toBeGreaterThan(20);
    expect(report.byStatus[400]).toBeGreaterThan(20);
    // Writes are repeated with their key and keys are reused; the upload gets multipart bodies.
    console.info(
      `fuzz (fast pass): ${report.keyed} keyed, ${report.repeatsChecked} repeats and ${report.reusesChecked} reused keys checked, ${report.multipart} multipart bodies`,
    );
    expect(report.repeatsChecked).toBeGreaterThan(5);
    expect(report.reusesChecked).toBeGreaterThan(5);
    expect(report.multipart).toBeGreaterThanOrEqual(25);
  }, 120_000);
});
