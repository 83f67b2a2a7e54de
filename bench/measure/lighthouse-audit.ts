/**
 * Lighthouse on a page of the running app, as an outside audit would run it: mobile form factor,
 * Lighthouse's simulated slow 4G and 4x CPU (its defaults), performance and accessibility
 * categories. Chromium is Debian's (playwright.config.ts CHROMIUM), started by chrome-launcher
 * with the same offline flags; nothing is downloaded.
 *
 * Lighthouse 12.2.3 is pinned: 13 needs Node 22, and on the project's Node 20 npm refuses its
 * lock file.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM } from '../../playwright.config';

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  totalBlockingMs: number;
  cumulativeLayoutShift: number;
  /** Audits that lost points (score below 1), with their displayed value where there is one. */
  failing: string[];
}

const CATEGORIES = ['performance', 'accessibility'] as const;

/** One Lighthouse run of `url` in a fresh Chromium (an empty cache, as a first visit). */
export async function lighthouseRun(url: string): Promise<LighthouseFigures> {
  const chrome = await launch({
    chromePath: CHROMIUM.executablePath,
    chromeFlags: ['--headless=new', ...CHROMIUM.args],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
    const score = (name: (typeof CATEGORIES)[number]) => Math.round((categories[name]?.score ?? NaN) * 100);
    const numeric = (id: string) => audits[id]?.numericValue ?? NaN;
    const failing = Object.values(audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'manual' &&
          a.scoreDisplayMode !== 'notApplicable',
      )
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      totalBlockingMs: numeric('total-blocking-time'),
      cumulativeLayoutShift: numeric('cumulative-layout-shift'),
      failing,
    };
  } finally {
    chrome.kill();
  }
}
