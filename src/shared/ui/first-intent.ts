/**
 * Runs `act` once, at the user's first tap or key press anywhere on the page (capture phase, so
 * before the control handles it); the returned function stops waiting. For work that only a user
 * who starts doing something needs, such as loading the screen a login will lead to, which would
 * otherwise take the main thread while the page is still settling on a slow phone.
 */
export function onFirstIntent(act: () => void): () => void {
  const stop = () => {
    document.removeEventListener('pointerdown', start, true);
    document.removeEventListener('keydown', start, true);
  };
  function start() {
    stop();
    act();
  }
  document.addEventListener('pointerdown', start, true);
  document.addEventListener('keydown', start, true);
  return stop;
}
