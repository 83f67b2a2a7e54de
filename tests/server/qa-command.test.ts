import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runValidate } from '../../scripts/validate-config';

const run = (...args: string[]) => {
  const lines: string[] = [];
  const code = runValidate(args, (line) => lines.push(line));
  return { code, lines };
};

describe('npm run validate (QA)', () => {
  it('passes the demo configuration with good sample data and writes the compiled schemas', () => {
    const out = mkdtempSync(join(tmpdir(), 'qa-'));
    const { code, lines } = run('server/projects/demo@1.json', '--data', 'tests/fixtures/qa/good', '--out', out);
    expect(lines.at(-1)).toBe('all checks passed');
    expect(code).toBe(0);
    expect(lines).toContain('ok   visitor-refused-internal-cost.json: invalid (/data/internalCost: 2200 Invalid key.)');
    expect(readdirSync(join(out, 'pallet')).sort()).toContain('activation.schema.json');
    const schema = JSON.parse(readFileSync(join(out, 'pallet', 'activation.schema.json'), 'utf8'));
    expect(schema.$id).toMatch(/\/pallet\/activation\//);
  });

  it('reports each bad value with its form, pointer and the catalogue meaning, and exits 1', () => {
    const { code, lines } = run('server/projects/demo@1.json', '--data', 'tests/fixtures/qa/bad');
    expect(code).toBe(1);
    expect(lines).toEqual(expect.arrayContaining([
      'FAIL pallet-activation-bad.json (pallet activation) /data/lotNumber: 1001 Invalid format.',
      'FAIL pallet-activation-bad.json (pallet activation) /data/expiryDate: 1013 Incorrect date.',
      'FAIL pallet-activation-bad.json (pallet activation) /data/caseCount: 1010 The value is below the minimum.',
    ]));
  });

  it('reports a broken configuration by JSON pointer in words, and exits 1', () => {
    const { code, lines } = run('tests/fixtures/qa/broken-config.json');
    expect(code).toBe(1);
    expect(lines).toEqual(expect.arrayContaining([
      'FAIL tests/fixtures/qa/broken-config.json /barcodeTypes/box/activationFields/0/min: min (10) is greater than max (1)',
      "FAIL tests/fixtures/qa/broken-config.json /barcodeTypes/box/activationFields/1/formula: the formula uses 'price', which is not a field of this form",
    ]));
  });

  it('says how to use it without a file, and refuses a file that is not JSON', () => {
    expect(run().code).toBe(2);
    const { code, lines } = run('README.md');
    expect(code).toBe(1);
    expect(lines[0]).toMatch(/^FAIL README.md: not valid JSON/);
  });
});
