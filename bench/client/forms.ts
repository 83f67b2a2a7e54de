/**
 * `npm run bench:forms`: a large form in Chromium (phone viewport, Debian's /usr/bin/chromium),
 * drawn by the product's ConfiguredForm and by plain @rjsf/core (default theme, live validation)
 * on the same schema in the same run: first render, and keystroke-to-paint while typing into a
 * field in the middle of the form. Also the product's form with form logic (rules on half the
 * fields, each worked out at every change the form hears of), in turn with the form without them for
 * FORM_BENCH_RULE_ROUNDS rounds, printed against its goals. Beside
 * them the same number of bare <input>s, the floor any form has in this browser (plain / floor
 * is the best ratio any form could show). Prints medians and p95.
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../../playwright.config';
import { runInGroup } from '../../scripts/process-group';

const OUT = process.env.FORM_BENCH_OUT ?? '/tmp/form-bench-dist';
const FIELDS = Number(process.env.FORM_BENCH_FIELDS ?? 200);
const KEYSTROKES = 105;
const SLOWDOWNS = (process.env.FORM_BENCH_CPU_SLOWDOWNS ?? '1,4').split(',').map(Number);
/** Mode `rules` (form-bench/main.tsx): the rules on half the fields, and their goals in ms. */
const RULES = FIELDS / 2;
const RULES_GOAL = { addedP95: 2, p95: 16, slowP95: 50 } as const;
const RULE_ROUNDS = Number(process.env.FORM_BENCH_RULE_ROUNDS ?? 5);
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

// The bench page's build, in a group of its own (scripts/process-group.ts): ended with the bench.
const built = await runInGroup(
  process.execPath,
  ['node_modules/vite/bin/vite.js', 'build', '--config', 'bench/client/form-bench/vite.config.ts'],
  { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, FORM_BENCH_OUT: OUT } },
);
if (built.code !== 0) throw new Error(`the bench page's build failed (exit ${built.code ?? built.signal})`);
const server = createServer(async (req, res) => {
  const path = join(OUT, decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/').replace(/^\/$/, '/index.html'));
  const body = await readFile(path).catch(() => null);
  if (body) res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
  else res.writeHead(404).end();
}).listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const port = (server.address() as { port: number }).port;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? NaN;

const browser = await chromium.launch({
  ...CHROMIUM,
  // Frames as soon as they are ready (no 60 Hz wait): the figure is the form's own latency, not
  // where in the display's refresh cycle the key happened to land.
  args: [...CHROMIUM.args, '--disable-gpu-vsync', '--disable-frame-rate-limit'],
});
interface Figures {
  firstRender: number;
  allFields: number;
  p50: number;
  p95: number;
}
const medianOf = (runs: Figures[]): Figures => {
  const median = (key: keyof Figures) =>
    percentile(
      runs.map((f) => f[key]),
      0.5,
    );
  return { firstRender: median('firstRender'), allFields: median('allFields'), p50: median('p50'), p95: median('p95') };
};

async function measure(mode: string, slowdown: number): Promise<Figures> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  if (slowdown > 1)
    await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await page.goto(`http://127.0.0.1:${port}/index.html?mode=${mode}&n=${FIELDS}`);
  await page.waitForFunction(() => window.benchResult?.firstRenderMs !== undefined);
  await page.waitForFunction(() => window.benchResult?.allFieldsMs !== undefined);
  const { firstRender, allFields } = await page.evaluate(() => ({
    firstRender: window.benchResult.firstRenderMs as number,
    allFields: window.benchResult.allFieldsMs as number,
  }));
  // Typing starts once the page has settled (nothing left to draw or load), as it does when a
  // person has read the form down to the field.
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestIdleCallback(() => requestIdleCallback(resolve, { timeout: 5000 }), { timeout: 5000 }),
      ),
  );
  const field = page.locator(`#root_f${Math.floor(FIELDS / 2) + 1}`);
  await field.click();
  await page.evaluate(() => {
    window.benchResult.keystrokes = [];
  });
  // Rounds of 35 characters (the field takes at most 40: a key past that changes nothing and
  // would flatter the figures), the field emptied between rounds without keys.
  for (let i = 0; i < KEYSTROKES; i += 1) {
    if (i > 0 && i % 35 === 0) {
      await page.waitForTimeout(300);
      await field.fill('');
      await page.waitForTimeout(300);
    }
    await page.keyboard.type(String.fromCharCode(97 + (i % 26)), { delay: 30 });
  }
  await page.waitForTimeout(300);
  const keys = await page.evaluate(() => window.benchResult.keystrokes);
  await page.close();
  return { firstRender, allFields, p50: percentile(keys, 0.5), p95: percentile(keys, 0.95) };
}

try {
  console.log(
    `form with ${FIELDS} fields in Chromium (390x844, frames not held to 60 Hz), ${KEYSTROKES} keystrokes in field ${Math.floor(FIELDS / 2) + 1}:`,
  );
  // This machine's speed, then a mid-range phone (CPU slowed down, as Lighthouse does with 4x).
  for (const slowdown of SLOWDOWNS) {
    // The form with and without rules in turn, several rounds, each figure their median: one
    // run's p95 moves by more than the rules' goal on a shared machine.
    const withoutRules: Figures[] = [];
    const withRules: Figures[] = [];
    for (let round = 0; round < RULE_ROUNDS; round += 1) {
      withoutRules.push(await measure('configured', slowdown));
      withRules.push(await measure('rules', slowdown));
    }
    const c = medianOf(withoutRules);
    const r = medianOf(withRules);
    const p = await measure('plain', slowdown);
    const b = await measure('bare', slowdown);
    console.log(slowdown > 1 ? ` CPU slowed ${slowdown}x:` : ' this machine:');
    console.log(`  (the app's form with and without rules: medians of ${RULE_ROUNDS} runs each)`);
    console.log(
      `  ConfiguredForm (rjsf + Mantine + registry): first render ${c.firstRender.toFixed(0)} ms (all fields ${c.allFields.toFixed(0)} ms), keystroke-to-paint p50 ${c.p50.toFixed(1)} ms, p95 ${c.p95.toFixed(1)} ms`,
    );
    console.log(
      `  the same with ${RULES} rules (form logic):      first render ${r.firstRender.toFixed(0)} ms (all fields ${r.allFields.toFixed(0)} ms), keystroke-to-paint p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`,
    );
    const goal = slowdown > 1 ? RULES_GOAL.slowP95 : RULES_GOAL.p95;
    const added = r.p95 - c.p95;
    const met = added <= RULES_GOAL.addedP95 && r.p95 <= goal;
    console.log(
      `  form logic adds ${added.toFixed(1)} ms to the keystroke p95 (goals: at most ${RULES_GOAL.addedP95} ms more, p95 at most ${goal} ms: ${met ? 'met' : 'MISSED'})`,
    );
    console.log(
      `  plain @rjsf/core (live validation):          first render ${p.firstRender.toFixed(0)} ms (all fields ${p.allFields.toFixed(0)} ms), keystroke-to-paint p50 ${p.p50.toFixed(1)} ms, p95 ${p.p95.toFixed(1)} ms`,
    );
    console.log(
      `  ${FIELDS} bare <input>s (the browser's own floor):   keystroke-to-paint p50 ${b.p50.toFixed(1)} ms, p95 ${b.p95.toFixed(1)} ms`,
    );
    console.log(
      `  keystroke ratio plain / ConfiguredForm: p50 ${(p.p50 / c.p50).toFixed(1)}x, p95 ${(p.p95 / c.p95).toFixed(1)}x`,
    );
  }
} finally {
  await browser.close();
  server.close();
}
