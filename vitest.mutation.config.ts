import { defineConfig } from 'vitest/config';
import { alias } from './vitest.config.ts';

// The fast unit tests of the pure modules Stryker mutates (`npm run test:mutation`, stryker.config.mjs):
// the renderer package (renderer/) and the server's business rules (server/rules/). No React, no
// database: Stryker runs the tests that reach a mutant once per mutant, so what each test file
// imports is paid thousands of times. The same files also run in the `unit` and `server` projects
// of vitest.config.ts (`npm test`).
//
// Left out: the property test (config-property.test.ts). Its 100 random configurations reach
// nearly every renderer mutant and take seconds each time, and a random test cannot tell
// incremental mode whether a result still holds; the example tests here state the same rules.

export default defineConfig({
  resolve: { alias },
  test: {
    name: 'mutation',
    include: ['tests/unit/renderer/**/*.test.ts', 'tests/server/rules/**/*.test.ts'],
    exclude: ['tests/unit/renderer/config-property.test.ts'],
    environment: 'node',
  },
});
