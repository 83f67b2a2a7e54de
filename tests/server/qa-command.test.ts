import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runValidate } from '../../scripts/validate/run';
import { relationsConfig } from './pairing-fixtures';

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
    expect(lines).toEqual(
      expect.arrayContaining([
        'FAIL pallet-activation-bad.json (pallet activation) /data/lotNumber: 1001 Invalid format.',
        'FAIL pallet-activation-bad.json (pallet activation) /data/expiryDate: 1013 Incorrect date.',
        'FAIL pallet-activation-bad.json (pallet activation) /data/caseCount: 1010 The value is below the minimum.',
      ]),
    );
  });

  it('reports a broken configuration by JSON pointer in words, and exits 1', () => {
    const { code, lines } = run('tests/fixtures/qa/broken-config.json');
    expect(code).toBe(1);
    expect(lines).toEqual(
      expect.arrayContaining([
        'FAIL tests/fixtures/qa/broken-config.json /barcodeTypes/box/activationFields/0/min: min (10) is greater than max (1)',
        "FAIL tests/fixtures/qa/broken-config.json /barcodeTypes/box/activationFields/1/formula: the formula uses 'price', which is not a field of this form",
      ]),
    );
  });

  it('checks parents, children and links: child types, their trackpoints, mandatory rules', () => {
    const config = relationsConfig();
    const types = config.barcodeTypes;
    types.pallet!.pairing = { childTypes: ['case', 'crate', 'logger'], maxChildren: 4 };
    types.logger!.trackPoints = types.logger!.trackPoints.filter((p) => p.key !== 'carrier');
    Object.assign(types.case!.trackPoints[2]!, { pairing: 'mandatory', unpairing: 'mandatory' });
    Object.assign(types.logger!.trackPoints[0]!, { pairing: 'mandatory' });
    delete types.logger!.linking;
    const file = join(mkdtempSync(join(tmpdir(), 'qa-')), 'relations@1.json');
    writeFileSync(file, JSON.stringify(config));
    const { code, lines } = run(file);
    expect(code).toBe(1);
    expect(lines.filter((l) => l.startsWith('FAIL')).map((l) => l.slice(file.length + 6))).toEqual([
      "/barcodeTypes/pallet/pairing/childTypes/1: child type 'crate' is not a barcode type of this project",
      "/barcodeTypes/pallet/pairing/childTypes/2: child type 'logger' lacks the trackpoints carrier: children travel with their parent",
      '/barcodeTypes/case/trackPoints/2/unpairing: pairing and unpairing cannot both be mandatory at one trackpoint: a parent could never leave it',
      "/barcodeTypes/logger/trackPoints/0/pairing: pairing cannot be mandatory here: the barcode type has no 'pairing' setting",
      "/barcodeTypes/logger/trackPoints/0/linking: linking cannot be mandatory here: the barcode type has no 'linking' setting",
    ]);
  });

  it('passes the relations of the demo project and of the test project', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'qa-')), 'relations@1.json');
    writeFileSync(file, JSON.stringify(relationsConfig()));
    expect(run(file).lines.at(-1)).toBe('all checks passed');
  });

  it('says how to use it without a file, and refuses a file that is not JSON', () => {
    expect(run().code).toBe(2);
    const { code, lines } = run('README.md');
    expect(code).toBe(1);
    expect(lines[0]).toMatch(/^FAIL README.md: not valid JSON/);
  });
});
