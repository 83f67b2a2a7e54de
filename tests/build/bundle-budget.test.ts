import { describe, expect, it } from 'vitest';
import {
  BEYOND_FIRST_LOAD_BUDGETS,
  FIRST_LOAD_BUDGET_BYTES,
  measureBeyondFirstLoad,
  measureFirstLoad,
} from '../../bench/measure/bundle-size';

const report = measureFirstLoad('dist');

describe('first load of /demo@1 (built client)', () => {
  it(`downloads at most ${FIRST_LOAD_BUDGET_BYTES / 1024} KB of gzipped JavaScript`, () => {
    console.info(
      `first load: ${(report.totalGzipBytes / 1024).toFixed(1)} KB gzip in ${report.files.length + report.languageFiles.length} files`,
    );
    expect(report.languageFiles.length).toBe(2);
    expect(report.totalGzipBytes).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
  });

  it.each(['@mantine/dates', 'tesseract.js', '@zxing', 'react-signature-canvas', 'mathjs', '@rjsf', 'typebox', 'ajv'])(
    'keeps %s out of the first load',
    async (pkg) => {
      const { readFileSync } = await import('node:fs');
      const manifest = readFileSync('dist/.vite/manifest.json', 'utf8');
      const firstLoad = new Set(report.files.map((f) => f.file));
      const offenders = Object.entries(JSON.parse(manifest) as Record<string, { file: string }>).filter(
        ([src, chunk]) => src.includes(`node_modules/${pkg}`) && firstLoad.has(chunk.file),
      );
      expect(offenders).toEqual([]);
    },
  );
});

describe('what lazy parts add to the first load (built client)', () => {
  it.each([
    ['every form', 'configured-form', BEYOND_FIRST_LOAD_BUDGETS.form],
    [
      "a scanned link's detail page",
      'src/features/barcode-detail/components/detail-page.tsx',
      BEYOND_FIRST_LOAD_BUDGETS.detailPage,
    ],
  ])('%s: at most its budget of gzipped JavaScript', (_name, chunk, budget) => {
    const part = measureBeyondFirstLoad('dist', chunk);
    console.info(
      `${chunk}: ${(part.totalGzipBytes / 1024).toFixed(1)} KB gzip in ${part.files.length} files beyond the first load`,
    );
    expect(part.files.length).toBeGreaterThan(0);
    expect(part.totalGzipBytes).toBeLessThanOrEqual(budget);
  });
});
