import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ProjectConfig } from '../../../schemas/project-config';
import { assertRanges, fieldMatch, hasWords, labelTitle, pageOf, searchableKeysByType } from '../../../server/rules/search';
import { ApiFailure } from '../../../server/rules/api-failure';

const config = JSON.parse(readFileSync('server/projects/demo@1.json', 'utf8')) as ProjectConfig;
const keys = searchableKeysByType(config, true);
const failureOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ApiFailure ? { status: error.status, errors: error.errors } : error;
  }
  return null;
};

describe('what a search may look into', () => {
  it('holds visible fields and the built-in keys, never a hidden field', () => {
    expect(keys.pallet).toEqual(expect.arrayContaining(['productName', 'internalCost', 'externalId', 'origin', 'productCode']));
    expect(keys.pallet).not.toContain('qaNotes');
    expect(searchableKeysByType(config, false).pallet).not.toContain('internalCost');
  });

  it('matches a number field by its number, text by words, a hidden or unknown key never', () => {
    expect(fieldMatch(config, keys, undefined, 'caseCount', ' 12 ')).toEqual({ key: 'caseCount', kind: 'number', value: 12 });
    expect(fieldMatch(config, keys, undefined, 'caseCount', 'twelve')).toEqual({ key: 'caseCount', kind: 'none' });
    expect(fieldMatch(config, keys, undefined, 'productName', 'flu')).toEqual({ key: 'productName', kind: 'words', value: 'flu' });
    expect(fieldMatch(config, keys, undefined, 'productName', '---')).toEqual({ key: 'productName', kind: 'none' });
    expect(fieldMatch(config, keys, undefined, 'qaNotes', 'x')).toEqual({ key: 'qaNotes', kind: 'none' });
    expect(fieldMatch(config, keys, 'logger', 'productName', 'flu')).toEqual({ key: 'productName', kind: 'none' });
  });

  it('finds words in any script, not in punctuation alone', () => {
    expect(hasWords('ワクチン')).toBe(true);
    expect(hasWords('42')).toBe(true);
    expect(hasWords(' -/ ')).toBe(false);
    expect(hasWords(undefined)).toBe(false);
  });
});

describe('ranges, pages, titles', () => {
  it('refuses a range that ends before it starts (1006 on its end), accepts equal ends', () => {
    expect(failureOf(() => assertRanges({ projectId: 'p', lastStepFrom: '2025-02-02T00:00:00Z', lastStepTo: '2025-02-01T00:00:00Z' })))
      .toEqual({ status: 400, errors: { lastStepTo: [1006] } });
    expect(failureOf(() => assertRanges({ projectId: 'p', activatedFrom: '2025-02-01T00:00:00Z', activatedTo: '2025-02-01T00:00:00Z' }))).toBeNull();
  });

  it('pages 20 from 0 by default', () => {
    expect(pageOf({ projectId: 'p' })).toEqual({ skip: 0, count: 20 });
    expect(pageOf({ projectId: 'p', skip: 40, count: 5 })).toEqual({ skip: 40, count: 5 });
  });

  it("titles a label by the type's list field when visible, as text", () => {
    const visible = new Set(keys.pallet);
    expect(labelTitle(config, 'pallet', { productName: 'Flu' }, visible)).toBe('Flu');
    expect(labelTitle(config, 'pallet', { productName: '' }, visible)).toBeNull();
    expect(labelTitle(config, 'pallet', { productName: 'Flu' }, new Set())).toBeNull();
    expect(labelTitle(config, 'logger', { serialNumber: 'S1' }, visible)).toBeNull();
    expect(labelTitle(config, null, null, visible)).toBeNull();
  });
});
