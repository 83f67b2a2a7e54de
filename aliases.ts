import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The import aliases of tsconfig.json's `paths`, for the build and every vitest configuration. */
export const pathAliases = {
  '@': here('./src'),
  '@schemas': here('./schemas'),
  '@locales': here('./locales'),
  '@widgets': here('./field-widgets'),
  '@renderer': here('./renderer'),
  '@gs1': here('./gs1/index.ts'),
};

/**
 * The client runs on Preact 11's React-compatible layer (preact/compat), not on React DOM: React
 * DOM alone is a large part of a phone's first-load budget (FIRST_LOAD_BUDGET_BYTES in
 * bench/measure/bundle-size.ts; docs/engineers/decisions.md), preact/compat a small one. Everything
 * else stays: the code is written and type-checked against React's API (@types/react), and Mantine 9, @rjsf, React Router, SWR and
 * react-i18next import `react` as before, resolved here. Preact 11 implements the React 19 hooks
 * they use (`use`, `useEffectEvent`, `useId`, `useSyncExternalStore`, refs as props);
 * src/shared/react/react-on-preact.ts adds React 19's `<Activity>`.
 *
 * Used by the build and `npm run dev` (vite.config.ts) and by the unit tests (vitest.config.ts),
 * so what is tested is what ships. The react and react-dom packages stay installed for their
 * types and for Testing Library's peer dependency; no client code loads them.
 */
export const reactOnPreact = [
  { find: /^react$/, replacement: here('./src/shared/react/react-on-preact.ts') },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  // React 17's polyfill, which SWR and react-i18next import: preact/compat has the hook itself.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];

/** `pathAliases` in the array form, which `reactOnPreact` needs (matched by pattern, in order). */
export const pathAliasList = Object.entries(pathAliases).map(([find, replacement]) => ({ find, replacement }));

/**
 * @rjsf/core's markdown parser, never run by this app's forms, replaced by plain text
 * (src/shared/forms/plain-text-markdown.ts): 24 KB gzip less in the configured-form chunk.
 */
export const plainTextMarkdown = [
  { find: /^markdown-to-jsx\/react$/, replacement: here('./src/shared/forms/plain-text-markdown.ts') },
];
