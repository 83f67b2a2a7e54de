import { whenIdle } from './when-idle';

/**
 * How long work fetched ahead of need waits for a first screen that never says it is up: a
 * page outside any project (the admin area, the playground) has no project layout to say so,
 * and a screen's code may take long on a bad network.
 */
export const FIRST_SCREEN_WAIT_MS = 3000;

/** Whether the layout said the first screen is rendered (firstScreenUp). */
let saidUp = false;
/** Screens whose code is still loading for the first screen (lazyScreen): it is not up before they are drawn. */
let holds = 0;
/** Whether what waited has been let go (painted, no holds; or the wait ran out). */
let up = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const waiting: Array<() => void> = [];

/** Runs `run` once the frame being prepared has been painted. */
function afterPaint(run: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  else setTimeout(run, 0);
}

function flush(force = false): void {
  if (up || (!force && (!saidUp || holds > 0))) return;
  up = true;
  clearTimeout(timer);
  for (const run of waiting.splice(0)) whenIdle(run);
}

/**
 * Said once the first screen is rendered (the project layout, when its project has answered):
 * once that frame is painted, and the code of the screens it shows has loaded (holdFirstScreen),
 * what waited runs at the browser's next idle moment.
 */
export function firstScreenUp(): void {
  if (saidUp) return;
  saidUp = true;
  afterPaint(() => flush());
}

/**
 * Keeps the first screen from counting as up while a screen's code loads (lazyScreen: a scanned
 * link's detail page is drawn by the layout first, its code arriving after). Returns the release.
 * Once the first screen is up it holds nothing.
 */
export function holdFirstScreen(): () => void {
  if (up) return () => undefined;
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds === 0 && saidUp) afterPaint(() => flush());
  };
}

/**
 * Runs `run` once the first screen is up, at the next idle moment after it: for code and files
 * fetched ahead of need (the outbox, the rest of the styles, the service worker, the manifest).
 * Started while the first screen still waits for its project, they would take the bandwidth and
 * main thread it needs (on a slow phone the login form was drawn after them).
 */
export function afterFirstScreen(run: () => void): void {
  if (up) {
    whenIdle(run);
    return;
  }
  waiting.push(run);
  timer ??= setTimeout(() => flush(true), FIRST_SCREEN_WAIT_MS);
}
