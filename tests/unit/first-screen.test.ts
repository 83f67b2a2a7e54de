import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawsBarcodeScreen, PUBLIC_BARCODE_SCREENS } from '@schemas/boot-request';
import { paths } from '@/shared/paths';

import type * as FirstScreenModule from '@/shared/ui/first-screen';

type FirstScreen = typeof FirstScreenModule;

/** A fresh copy of the module (its state is the page's: one first screen per page load). */
async function freshModule(): Promise<FirstScreen> {
  vi.resetModules();
  return import('@/shared/ui/first-screen');
}

describe('work fetched ahead of need waits for the first screen', () => {
  const idle: Array<() => void> = [];
  beforeEach(() => {
    vi.useFakeTimers();
    idle.length = 0;
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs nothing before the first screen is up, then each at the next idle moment, in order', async () => {
    const { afterFirstScreen, firstScreenUp } = await freshModule();
    const order: string[] = [];
    afterFirstScreen(() => order.push('outbox'));
    afterFirstScreen(() => order.push('styles'));
    vi.advanceTimersByTime(1000);
    expect(idle).toHaveLength(0);
    firstScreenUp();
    // Not in the frame that draws the screen: after it is painted.
    expect(idle).toHaveLength(0);
    vi.advanceTimersByTime(50);
    expect(order).toEqual([]);
    for (const run of idle.splice(0)) run();
    expect(order).toEqual(['outbox', 'styles']);
    // Once up, later work only waits for idle; saying it again runs nothing twice.
    afterFirstScreen(() => order.push('manifest'));
    firstScreenUp();
    for (const run of idle.splice(0)) run();
    expect(order).toEqual(['outbox', 'styles', 'manifest']);
  });

  it("waits for the code of the screens the first screen shows (a scanned link's detail page)", async () => {
    const { afterFirstScreen, firstScreenUp, holdFirstScreen } = await freshModule();
    const run = vi.fn();
    afterFirstScreen(run);
    const release = holdFirstScreen();
    firstScreenUp();
    vi.advanceTimersByTime(50);
    expect(idle).toHaveLength(0);
    release();
    release();
    vi.advanceTimersByTime(50);
    for (const queued of idle.splice(0)) queued();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('does not wait for ever on a page that never says its screen is up (admin, playground)', async () => {
    const { afterFirstScreen, FIRST_SCREEN_WAIT_MS, holdFirstScreen } = await freshModule();
    const run = vi.fn();
    afterFirstScreen(run);
    // Nor for a screen's code that never arrives.
    holdFirstScreen();
    vi.advanceTimersByTime(FIRST_SCREEN_WAIT_MS - 1);
    expect(idle).toHaveLength(0);
    vi.advanceTimersByTime(1);
    for (const queued of idle.splice(0)) queued();
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe("a barcode's screen draws with its strings", () => {
  const screenOf = (pathname: string) => paths.barcode.match(pathname)?.screen;

  it('on its detail page and the screens open to visitors, or with a session; not on a login-first link', () => {
    expect(screenOf('/demo@1/qrcode/ABCDEFGHJKLM')).toBe('');
    expect(screenOf('/demo@1/qrcode/ABCDEFGHJKLM/track')).toBe('track');
    expect(drawsBarcodeScreen('', false, PUBLIC_BARCODE_SCREENS)).toBe(true);
    for (const open of PUBLIC_BARCODE_SCREENS)
      expect(drawsBarcodeScreen(open, false, PUBLIC_BARCODE_SCREENS)).toBe(true);
    expect(drawsBarcodeScreen('track', false, PUBLIC_BARCODE_SCREENS)).toBe(false);
    expect(drawsBarcodeScreen('track', true, PUBLIC_BARCODE_SCREENS)).toBe(true);
    // A malformed escape (a damaged label) names no barcode, rather than failing the page.
    expect(paths.barcode.match('/demo@1/qrcode/AB%E0%A4')).toBeNull();
  });
});
