/**
 * Runs before the page's own scripts: on every animation frame, notes when each selector is first
 * visible (`window.benchShownAt[selector]`). A frame's rAF callbacks run just before it is
 * painted, so this is time to first render on the page's own clock, without the round trips of
 * polling from the test. A string, because tsx wraps named functions in a helper the page does
 * not have. `more` is further page script run in the same place (e.g. more observers).
 */
export const watchSelectors = (selectors: string[], more = '') => `
  window.benchShownAt = {};
  const selectors = ${JSON.stringify(selectors)};
  const check = () => {
    for (const selector of selectors) {
      if (window.benchShownAt[selector] !== undefined) continue;
      const element = document.querySelector(selector);
      if (element && element.checkVisibility() && element.getBoundingClientRect().height > 0) window.benchShownAt[selector] = performance.now();
    }
    if (Object.keys(window.benchShownAt).length < selectors.length) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  ${more}
`;
