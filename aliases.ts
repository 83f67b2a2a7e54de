import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const require = createRequire(import.meta.url);

/** The import aliases of tsconfig.json's `paths`, for the build and every vitest configuration. */
export const pathAliases = {
  '@': here('./src'),
  '@schemas': here('./schemas'),
  '@locales': here('./locales'),
  '@widgets': here('./field-widgets'),
  '@renderer': here('./renderer'),
  '@gs1': here('./gs1/index.ts'),
};

/** `pathAliases` in the array form, which the pattern aliases below need (matched in order). */
export const pathAliasList = Object.entries(pathAliases).map(([find, replacement]) => ({ find, replacement }));

/**
 * @rjsf/core's markdown parser, never run by this app's forms, replaced by plain text
 * (src/shared/forms/plain-text-markdown.ts), which keeps it out of the configured-form chunk.
 */
export const plainTextMarkdown = [
  { find: /^markdown-to-jsx\/react$/, replacement: here('./src/shared/forms/plain-text-markdown.ts') },
];

const reactRouterDir = dirname(require.resolve('react-router/package.json'));

/**
 * React Router's production build, for `vite build` only. Its package exports name only its
 * development build, whatever the mode, and that build logs its development warnings in the
 * browser; the production build beside it is the same code with them left out.
 * tests/build/react-runtime.test.ts fails if a development build of any library ships.
 */
export const reactRouterProduction = [
  { find: /^react-router$/, replacement: join(reactRouterDir, 'dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDir, 'dist/production/dom-export.mjs') },
];
