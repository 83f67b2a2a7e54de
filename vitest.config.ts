import { defineConfig } from 'vitest/config';
import { pathAliases, pathAliasList, plainTextMarkdown } from './aliases.ts';
import { mantineStyles } from './scripts/mantine-styles.ts';

/** The import aliases of tsconfig.json's `paths`, for every vitest configuration (also vitest.mutation.config.ts). */
export const alias = pathAliases;

export default defineConfig({
  resolve: { alias },
  test: {
    // Two test files at a time: the machine has 2 cores.
    maxWorkers: 2,
    projects: [
      {
        // The components render on React DOM, as the client does; rjsf's markdown as plain text, as built (aliases.ts).
        resolve: { alias: [...plainTextMarkdown, ...pathAliasList] },
        plugins: [mantineStyles()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup.ts'],
          // rjsf runs through Vite, so the markdown alias reaches @rjsf/core, and @rjsf/mantine's imports
          // of 'dayjs/plugin/x' without an extension resolve as in the build. Other packages, React
          // among them, load through Node: one React for the app, the libraries and Testing Library.
          server: { deps: { inline: [/[\\/]node_modules[\\/]@rjsf[\\/]/] } },
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
