import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// The fast unit tests of the pure modules Stryker mutates (`npm run test:mutation`, stryker.config.mjs):
// the renderer package (renderer/) and the server's business rules (server/rules/). No React, no
// database: Stryker runs the tests that reach a mutant once per mutant, so what each test file
// imports is paid thousands of times. The same files also run in the `unit` and `server` projects
// of vitest.config.ts (`npm test`).
//
// Left out: the property test (config-property.test.ts). Its 100 random configurations reach
// nearly every renderer mutant and take seconds each time, and a random test cannot tell
// incremental mode whether a result still holds; the example tests here state the same rules.
const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@schemas': fileURLToPath(new URL('./schemas', import.meta.url)),
  '@locales': fileURLToPath(new URL('./locales', import.meta.url)),
  '@widgets': fileURLToPath(new URL('./field-widgets', import.meta.url)),
  '@renderer': fileURLToPath(new URL('./renderer', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    name: 'mutation',
    include: ['tests/unit/renderer/**/*.test.ts', 'tests/server/rules/**/*.test.ts'],
    exclude: ['tests/unit/renderer/config-property.test.ts'],
    environment: 'node',
  },
});
