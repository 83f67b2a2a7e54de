import { defineConfig } from 'vitest/config';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pathAliases, pathAliasList, plainTextMarkdown, reactOnPreact } from './aliases.ts';
import { mantineStyles } from './scripts/mantine-styles.ts';

/** The import aliases of tsconfig.json's `paths`, for every vitest configuration (also vitest.mutation.config.ts). */
export const alias = pathAliases;

/**
 * The installed packages that import React (a dependency or peer dependency on react or
 * react-dom), and Preact itself: Vite runs them in the unit tests, so the React aliases reach them,
 * and every one shares the one Preact. Other packages (mathjs, ajv...) stay with Node, as loading
 * them through Vite would only be slower.
 */
function reactDependentPackages(): RegExp {
  const names: string[] = ['preact'];
  const scan = (dir: string, scope = '') => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || !entry.isDirectory()) continue;
      if (entry.name.startsWith('@')) {
        scan(join(dir, entry.name), `${entry.name}/`);
        continue;
      }
      const manifest = join(dir, entry.name, 'package.json');
      if (!existsSync(manifest)) continue;
      const { dependencies = {}, peerDependencies = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as Record<
        string,
        Record<string, string>
      >;
      const needs = { ...dependencies, ...peerDependencies };
      if ('react' in needs || 'react-dom' in needs) names.push(`${scope}${entry.name}`);
    }
  };
  scan(fileURLToPath(new URL('./node_modules', import.meta.url)));
  return new RegExp(
    `[\\\\/]node_modules[\\\\/](${names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})[\\\\/]`,
  );
}
const reactDependents = reactDependentPackages();

/**
 * Unit tests render on Preact as the build does. Vitest hands CommonJS files to Node, whose
 * `require('react')` no alias reaches, so the libraries that would load that way are pointed at
 * their ES module builds, and Testing Library's `act` at Preact's.
 */
const unitTestAliases = [
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  {
    find: /^@testing-library\/react$/,
    replacement: fileURLToPath(
      new URL('./node_modules/@testing-library/react/dist/@testing-library/react.esm.js', import.meta.url),
    ),
  },
  {
    find: /^react-router-dom$/,
    replacement: fileURLToPath(new URL('./node_modules/react-router-dom/dist/index.mjs', import.meta.url)),
  },
  {
    find: /^react-router$/,
    replacement: fileURLToPath(new URL('./node_modules/react-router/dist/development/index.mjs', import.meta.url)),
  },
  {
    find: /^react-router\/dom$/,
    replacement: fileURLToPath(new URL('./node_modules/react-router/dist/development/dom-export.mjs', import.meta.url)),
  },
];

export default defineConfig({
  resolve: { alias },
  test: {
    // Two test files at a time: the machine has 2 cores.
    maxWorkers: 2,
    projects: [
      {
        // The components are tested on what the client ships: React's API on Preact (aliases.ts).
        resolve: { alias: [...reactOnPreact, ...plainTextMarkdown, ...unitTestAliases, ...pathAliasList] },
        plugins: [mantineStyles()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup.ts'],
          // Run by Vite, so the React aliases reach them (@rjsf/mantine among them, whose imports of
          // 'dayjs/plugin/x' without an extension Vite resolves as the build does).
          server: { deps: { inline: [reactDependents] } },
        },
      },
      {
        resolve: { alias },
        // Runs after `npm run build`: checks the built client's first-load budget.
        test: { name: 'build', include: ['tests/build/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        // Each server test file opens its own throwaway in-memory PGlite.
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
