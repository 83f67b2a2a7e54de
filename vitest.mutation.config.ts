import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// The fast unit tests of the pure modules Stryker mutates (`npm run test:mutation`, stryker.config.mjs):
// the renderer package (renderer/) and the server's business rules (server/rules/). No React, no
// database, no DOM: each test run takes a second or two, which is what makes ~1,500 mutants
// affordable. The same files also run in the `unit` and `server` projects of vitest.config.ts.
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
    environment: 'node',
  },
});
