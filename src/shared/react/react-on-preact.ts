/**
 * What the built client imports as `react` (and `react-dom`): Preact's React-compatible layer,
 * plus the one React 19 export Mantine 9 uses that it lacks, `<Activity>`. See aliases.ts for
 * why the client runs on Preact (first-load JavaScript on a slow phone). Types stay React's:
 * the code is written and type-checked against React's API, which preact/compat implements.
 */
import * as compat from 'preact/compat';
import { createElement, type ComponentChildren } from 'preact';

// @ts-expect-error -- the types of preact/compat are React's namespace (`export =`); the module has named exports.
export * from 'preact/compat';

/**
 * React's `<Activity mode>` keeps a hidden subtree mounted (its state kept) without showing it.
 * Mantine uses it for `keepMounted` transitions, collapses, tabs and steppers: in this app the
 * collapses (scan feedback settings, the handheld scan, admin pages) and the dropdowns of
 * selects, which keep their content mounted by default. Here the subtree stays mounted inside a
 * box that is `display: none` while hidden and `display: contents` (no box of its own, so layout
 * is unchanged) while shown. React also pauses a hidden subtree's effects; this keeps them
 * running, which those parts do not depend on (the end-to-end suite opens and closes each).
 */
export function Activity({ mode, children }: { mode?: 'visible' | 'hidden'; children?: ComponentChildren }) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}

/**
 * React 19's `useOptimistic`, which preact/compat lacks. React Router looks it up on the React
 * module and uses a plain fallback when it is absent; declaring it absent here says so in the code
 * rather than in a build warning about a missing export.
 */
export const useOptimistic = undefined;

export default { ...compat, Activity };
