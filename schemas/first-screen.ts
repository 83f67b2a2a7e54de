/**
 * Names shared by the reference server's drawn first screen (server/plugins/first-screen.ts, which
 * runs src/app/entry-server.tsx), index.html's inline script (vite.config.ts) and the client that
 * hydrates it (src/app/main.tsx). Plain values only: docs/engineers/architecture.md, "The first
 * screen".
 */
import type { Language } from './languages';

/**
 * On `<html>` and on the `#root` element of a page whose first screen the server drew: the client
 * hydrates that markup instead of drawing its own, and the inline script does not ask for the
 * answers the page already holds.
 */
export const FIRST_SCREEN_ATTRIBUTE = 'data-first-screen';

/** The id of the `<script type="application/json">` that holds FirstScreenData. */
export const FIRST_SCREEN_DATA_ID = 'sb-first-screen';

/**
 * Where index.html's inline script leaves a form submitted before the client took the drawn page
 * over (the submit itself is held: without the client it would reload the page); the login form
 * submits it again once its fields are the client's.
 */
export const HELD_SUBMIT_GLOBAL = '__sbHeldSubmit';

/** Set by the client as it takes the drawn page over: from then on its own handlers answer a submit. */
export const HYDRATING_GLOBAL = '__sbHydrating';

/** What the server drew the first screen from, handed to the client with the page. */
export interface FirstScreenData {
  /** The interface language the screen is drawn in. */
  language: Language;
  /**
   * The address the screen was drawn for (path and query): the page's own, or for a visitor on a
   * restricted screen's link the home page that asks them to log in first, which the client then
   * puts in place of the page's address before it hydrates (as its router would have).
   */
  location: string;
  /** SWR's answers the screen was drawn with, by SWR's serialized key (src/shared/api/prime.ts). */
  answers: Record<string, unknown>;
  /** The string namespaces the screen was drawn with (each loaded before the client hydrates). */
  namespaces: string[];
}
