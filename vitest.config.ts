import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/** The import aliases of tsconfig.json's `paths`, for every vitest configuration (also vitest.mutation.config.ts). */
export const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@schemas': fileURLToPath(new URL('./schemas', import.meta.url)),
  '@locales': fileURLToPath(new URL('./locales', import.meta.url)),
  '@widgets': fileURLToPath(new URL('./field-widgets', import.meta.url)),
  '@renderer': fileURLToPath(new URL('./renderer', import.meta.url)),
  '@gs1': fileURLToPath(new URL('./gs1/index.ts', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Two test files at a time: the machine has 2 cores.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'happy-dom', setupFiles: ['tests/unit/setup.ts'],
          // @rjsf/mantine imports 'dayjs/plugin/x' without an extension: let Vite resolve it, as the build does.
          server: { deps: { inline: [/@rjsf\/mantine/] } },
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
        test: { name: 'server', include: ['tests/server/**/*.test.ts'], environment: 'node', testTimeout: 30000, hookTimeout: 60000 },
      },
    ],
  },
});
