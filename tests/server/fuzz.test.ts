import { describe, expect, it } from 'vitest';
import { fuzzEveryRoute, GENERATORS, ROLES, tallyLines } from './fuzz-routes';

/**
 * The fast pass of the route fuzzing (tests/server/fuzz-routes.ts says what is sent and what is
 * checked); `npm run fuzz` runs the long one. Every route the server registers is covered,
 * found as the server adds it, so a new route needs no new test. Each generator and each role
 * reaches every route; the systematic generators send a few of their cases per route, in turn,
 * so that every case is sent somewhere.
 */
describe('every route, fuzzed from its schema', () => {
  it('never answers 5xx, answers only what the OpenAPI document says, and writes nothing on refusal', async () => {
    const report = await fuzzEveryRoute({ casesPerRoute: 12, slice: 3, seed: 20261123 });
    console.info(
      `fuzz (fast pass): ${report.requests} requests over ${report.routes} routes in ${report.millis} ms; by status ${JSON.stringify(report.byStatus)}`,
    );
    for (const line of tallyLines(report)) console.info(`fuzz (fast pass): ${line}`);
    expect(report.failures).toEqual([]);
    expect(report.routes).toBeGreaterThan(20);
    expect(Object.keys(report.byRoute)).toHaveLength(report.routes);
    expect(report.byGenerator.schema.requests).toBeGreaterThanOrEqual(report.routes * 12);
    // Requests get past validation too: some succeed, some are refused by the services.
    expect(report.byStatus[200]).toBeGreaterThan(20);
    expect(report.byStatus[400]).toBeGreaterThan(20);
    // Every generator sent requests; the transport's refusals were met.
    for (const generator of GENERATORS) expect(report.byGenerator[generator].requests, generator).toBeGreaterThan(10);
    expect(report.byGenerator.deepNesting.byStatus[400]).toBeGreaterThan(20);
    expect(report.byGenerator.deepNesting.byStatus[413]).toBeGreaterThan(0);
    expect(report.byGenerator.oversizedHeaders.byStatus[431]).toBeGreaterThanOrEqual(40);
    // Every role sent requests to every route, and the logged-in ones were served somewhere.
    for (const role of ROLES) expect(report.byRole[role].requests, role).toBeGreaterThanOrEqual(report.routes);
    for (const role of [
      'staff',
      'client',
      'otherEnterprise',
      'otherProject',
      'enterpriseAdmin',
      'projectAdmin',
    ] as const)
      expect(report.byRole[role].byStatus[200], role).toBeGreaterThan(0);
    // Writes are repeated with their key and keys are reused; the upload gets multipart bodies;
    // sessions aimed at another project are compared with a visitor.
    console.info(
      `fuzz (fast pass): ${report.keyed} keyed, ${report.repeatsChecked} repeats and ${report.reusesChecked} reused keys checked, ${report.multipart} multipart bodies, ${report.crossChecked} compared with a visitor`,
    );
    expect(report.repeatsChecked).toBeGreaterThan(5);
    expect(report.reusesChecked).toBeGreaterThan(3);
    expect(report.multipart).toBeGreaterThanOrEqual(25);
    expect(report.crossChecked).toBeGreaterThan(20);
  }, 120_000);
});
