/**
 * A new build deployed while a phone has the app open: the tab that is open keeps working on the
 * code it started with (its screens come from what the worker stored, although the server no
 * longer has those files), the new worker waits meanwhile, and once the app's windows are closed
 * the next one opens on the new build, with the old build's files gone from the phone.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startServerProcess, type ServerProcess } from '../tests/server/server-process';
import { activatedPallet } from './barcode-api';
import { login } from './helpers';

const DIST = process.env.DIST_DIR ?? 'dist';
const NOT_LOADED = 'Offline: this screen could not load.';

interface Precache {
  version: string;
  ahead: string[];
}
const precacheOf = (dir: string): Precache =>
  JSON.parse(readFileSync(join(dir, 'sw-precache.json'), 'utf8')) as Precache;

/** Every file under `dir`, its path relative to it. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(dir, join(prefix, entry.name)) : [join(prefix, entry.name)],
  );
}

/**
 * What a new build looks like to a phone: a copy of `from` whose every hashed file under assets/
 * has a new name, referred to by that name everywhere (pages, code, the worker's lists and the
 * server's entry), and a worker of a new version. The compressed copies are left out (they would
 * name the old files); the server then sends the plain ones.
 */
function nextBuild(from: string, to: string): Precache {
  cpSync(from, to, { recursive: true });
  for (const file of filesUnder(to)) if (/\.(br|gz)$/.test(file)) rmSync(join(to, file));
  const renamed = new Map<string, string>();
  for (const entry of readdirSync(join(to, 'assets'), { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const next = entry.name.replace(/(\.[a-z0-9]+)$/, '-next$1');
    cpSync(join(to, 'assets', entry.name), join(to, 'assets', next));
    rmSync(join(to, 'assets', entry.name));
    renamed.set(entry.name, next);
  }
  const { version } = precacheOf(from);
  const names = [...renamed.keys()].sort((a, b) => b.length - a.length);
  for (const file of filesUnder(to)) {
    if (!/\.(js|mjs|css|html|json|webmanifest)$/.test(file) || statSync(join(to, file)).size > 5_000_000) continue;
    const before = readFileSync(join(to, file), 'utf8');
    let text = before;
    for (const name of names) if (text.includes(name)) text = text.split(name).join(renamed.get(name)!);
    if (file === 'sw.js' || file === 'sw-precache.json') text = text.split(version).join(`${version.slice(0, -4)}next`);
    if (text !== before) writeFileSync(join(to, file), text);
  }
  return precacheOf(to);
}

/** The names of the files the phone keeps, in every cache of the app. */
const cached = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });

test('a new build replaces the stored code, and an open tab keeps working on the old one until it closes', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const root = mkdtempSync(join(tmpdir(), 'sb-deploy-'));
  const live = join(root, 'live');
  const data = join(root, 'data');
  cpSync(DIST, live, { recursive: true });
  const old = precacheOf(live);
  const next = nextBuild(DIST, join(root, 'next'));
  let server: ServerProcess | undefined = await startServerProcess({ DATA_DIR: data, DIST_DIR: live });
  const context = await browser.newContext({ baseURL: server.base, viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await login(page, '11112222');
    const id = await activatedPallet(page.request);
    await page.goto(`/demo@1/qrcode/${id}`);
    await expect(page.getByTestId('current-trackpoint')).toContainText('Manufacturer');
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
      .toBe(true);
    await expect
      .poll(
        async () => {
          const kept = new Set(await cached(page));
          return old.ahead.filter((url) => !kept.has(url)).length;
        },
        { timeout: 60_000, message: 'every screen stored ahead' },
      )
      .toBe(0);

    // The new build is deployed: the server restarts on it, the old build's files gone from it.
    await server.stop();
    server = undefined;
    rmSync(live, { recursive: true, force: true });
    cpSync(join(root, 'next'), live, { recursive: true });
    server = await startServerProcess({ DATA_DIR: data, DIST_DIR: live }, Number(new URL(page.url()).port));
    expect((await page.request.get(old.ahead[0]!)).status()).toBe(404);

    // The open tab opens a screen it never opened: its code is the old build's, kept on the phone.
    await page.getByRole('button', { name: 'Add tracking: Distribution centre' }).click();
    await expect(page.getByTestId('track-point')).toHaveText('Distribution centre', { timeout: 15_000 });
    await expect(page.getByText(NOT_LOADED)).toHaveCount(0);

    // The browser finds the new worker; it installs and waits while the old build's tab is open.
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await expect
      .poll(
        () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null),
        {
          timeout: 60_000,
        },
      )
      .toBe('installed');
    await page.goBack();
    await page.getByRole('button', { name: 'History' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(NOT_LOADED)).toHaveCount(0);

    // Every window of the app closed, the new worker takes over: it drops the old build's shell. (A
    // window opened before the hand-over would still be served by the old worker, which keeps the
    // new one waiting until that window closes too.)
    await page.close();
    await expect
      .poll(
        async () => {
          for (const worker of context.serviceWorkers()) {
            const names = await worker.evaluate(() => caches.keys()).catch(() => null);
            if (names) return names.includes(`sb-shell-${old.version}`);
          }
          return true;
        },
        { timeout: 60_000, message: "the new worker took over and dropped the old build's shell" },
      )
      .toBe(false);
    // The next window is the new build, and the old build's files are gone.
    const fresh = await context.newPage();
    await fresh.goto(`/demo@1/qrcode/${id}`);
    await expect(fresh.getByTestId('current-trackpoint')).toContainText('Manufacturer');
    await expect
      .poll(
        async () => {
          const kept = await cached(fresh);
          return {
            oldFiles: kept.filter((url) => url.startsWith('/assets/') && !url.includes('-next')).length,
            nextAhead: next.ahead.filter((url) => !kept.includes(url)).length,
          };
        },
        { timeout: 60_000, message: 'the new build stored ahead, the old one dropped' },
      )
      .toEqual({ oldFiles: 0, nextAhead: 0 });
    expect(await fresh.evaluate(() => caches.keys())).not.toContain(`sb-shell-${old.version}`);
    const scripts = await fresh.evaluate(() =>
      [...document.querySelectorAll('script[src]')].map((s) => s.getAttribute('src') ?? ''),
    );
    expect(scripts.filter((src) => src.startsWith('/assets/')).every((src) => src.includes('-next'))).toBe(true);
  } finally {
    await context.close();
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
