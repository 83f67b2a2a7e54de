import type { KnipConfig } from 'knip';

/**
 * Unused files, exports and dependencies fail `npm run lint`. Entries are what runs on its own:
 * the client, the server and its command-line tools, scripts, benchmarks and tests. An export
 * used only inside its own file is not counted (it documents the module's surface).
 */
const config: KnipConfig = {
  entry: [
    // The server's own entry (scripts/build-server.mjs bundles it; tests start it by path).
    'server/main.ts',
    // The first screen as the server draws it: `vite build --ssr` builds it (package.json's build).
    'src/app/entry-server.tsx',
    'server/ops/*-cli*.ts',
    'scripts/*.{ts,mjs}',
    'scripts/gs1/*.{ts,mjs}',
    'bench/**/*.{ts,tsx}',
    'tests/**/*.{test,spec}.{ts,tsx}',
    'e2e/**/*.spec.ts',
    // Run by .ci/run before the tests: says whether GS1's EPCIS schema checks the exports.
    'tests/server/epcis/print-gs1-status.ts',
    // Stryker reads it by name (stryker.config.mjs).
    'vitest.mutation.config.ts',
    // Reached through an import alias of aliases.ts, which names it as a path.
    'src/shared/forms/plain-text-markdown.ts',
  ],
  project: ['**/*.{ts,tsx,mjs,js}'],
  ignoreExportsUsedInFile: true,
  ignoreDependencies: [
    // Resolved by path in vite.config.ts, which serves its language data to the OCR engine.
    '@tesseract.js-data/eng',
    // Types for stryker.config.mjs's JSDoc, shipped with @stryker-mutator/core.
    '@stryker-mutator/api',
    // Pointed at by file in aliases.ts (its production build); installed with react-router-dom.
    'react-router',
  ],
  // Debian's strace, installed by .ci/run for the durable-commit test; openssl makes the delivery
  // test's throwaway TLS certificate.
  ignoreBinaries: ['strace', 'openssl'],
};

export default config;
