/**
 * A back/forward move the current screen may hold (the unsaved-changes prompt). Installed
 * before the router starts, so this popstate listener runs before react-router's (listeners
 * on window run in the order they were added) and can keep the router from seeing a move the
 * user has not confirmed yet.
 */
/** Decides on a move to `to` (`delta` entries away): true holds it. */
type Hold = (delta: number, to: string) => boolean;

let hold: Hold | null = null;
let passing: 'restoring' | 'leaving' | null = null;
let index = 0;

/** react-router keeps its position in this tab's history in history.state.idx. */
const historyIndex = () => (window.history.state as { idx?: number } | null)?.idx ?? 0;

function onPopState(event: PopStateEvent): void {
  if (passing === 'restoring') {
    // Our own undo of the move: the router never saw the move, it must not see this either.
    passing = null;
    event.stopImmediatePropagation();
    return;
  }
  const delta = historyIndex() - index;
  if (!hold || passing === 'leaving' || delta === 0 || !hold(delta, window.location.pathname)) {
    passing = null;
    index = historyIndex();
    return;
  }
  event.stopImmediatePropagation();
  passing = 'restoring';
  window.history.go(-delta);
}

/** Listens first: call once, before the router is created. */
export function installHistoryGuard(): void {
  index = historyIndex();
  window.addEventListener('popstate', onPopState);
}

/** While set, back/forward moves that `onHold` holds are undone (it is told how far they went). */
export function setHistoryHold(onHold: Hold | null): void {
  hold = onHold;
  index = historyIndex();
}

/** Lets a held move happen after all. */
export function proceedHistory(delta: number): void {
  passing = 'leaving';
  window.history.go(delta);
}
