import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The audit's rule sets: WCAG 2.0, 2.1 and 2.2 at levels A and AA, plus axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Runs axe-core on the page as it is now (after its transitions finish, so a dialog that is
 * still fading in is not measured half-transparent) and fails the test naming each violated
 * rule, its help text and the elements that break it; `name` says which screen and state. The
 * failure is soft: the test goes on, so one run reports every state it checks.
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  // A transition may start a frame or two after its element appears (Mantine's dialogs mount,
  // then transition): wait for frames and running animations until a frame starts none.
  await page.evaluate(async () => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    for (let round = 0; round < 10; round += 1) {
      await frame();
      await frame();
      const running = document.getAnimations();
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const report = violations.map(
    (v) => `${v.id} (${v.nodes.length}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n')}`,
  );
  expect.soft(report, `${name}: accessibility violations`).toEqual([]);
}
