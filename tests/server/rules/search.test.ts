import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ProjectConfig } from '../../../schemas/project-config';
import {
  assertRanges,
  fieldMatch,
  hasWords,
  labelTitle,
  pageOf,
  searchableKeysByType,
} from '../../../server/rules/search';
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
    expect(keys.pallet).toEqual(
      expect.arrayContaining(['productName', 'internalCost', 'externalId', 'origin', 'productCode']),
    );
    expect(keys.pallet).not.toContain('qaNotes');
    expect(searchableKeysByType(config, false).pallet).not.toContain('internalCost');
  });

  it('matches a number field by its number, text by words, a hidden or unknown key never', () => {
    expect(fieldMatch(config, keys, undefined, 'caseCount', ' 12 ')).toEqual({
      key: 'caseCount',
      kind: 'number',
      value: 12,
    });
    expect(fieldMatch(config, keys, undefined, 'caseCount', 'twelve')).toEqual({ key: 'caseCount', kind: 'none' });
    expect(fieldMatch(config, keys, undefined, 'productName', 'flu')).toEqual({
      key: 'productName',
      kind: 'words',
      value: 'flu',
    });
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
    expect(
      failureOf(() =>
        assertRanges({ projectId: 'p', lastStepFrom: '2025-02-02T00:00:00Z', lastStepTo: '2025-02-01T00:00:00Z' }),
      ),
    ).toEqual({ status: 400, errors: { lastStepTo: [1006] } });
    expect(
      failureOf(() =>
        assertRanges({ projectId: 'p', activatedFrom: '2025-02-01T00:00:00Z', activatedTo: '2025-02-01T00:00:00Z' }),
      ),
    ).toBeNull();
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

describe('search criteria, field by field', () => {
  it('lets a logged-in user search every field they may see of each type, and only those', () => {
    const userKeys = searchableKeysByType(config, true);
    expect(Object.keys(userKeys)).toEqual(['pallet', 'case', 'logger']);
    expect(userKeys.logger).toEqual(expect.arrayContaining(['serialNumber', 'origin', 'destination', 'productCode']));
    expect(userKeys.pallet).toContain('internalCost');
    expect(userKeys.pallet).not.toContain('serialNumber');
    expect(searchableKeysByType(config, false).pallet).toEqual(
      expect.arrayContaining(['productName', 'caseCount', 'origin']),
    );
  });

  it('matches a field of the type searched for, and nothing in a type the project does not have', () => {
    expect(fieldMatch(config, keys, 'pallet', 'productName', 'flu')).toEqual({
      key: 'productName',
      kind: 'words',
      value: 'flu',
    });
    expect(fieldMatch(config, keys, 'pallet', 'caseCount', '12')).toEqual({
      key: 'caseCount',
      kind: 'number',
      value: 12,
    });
    expect(fieldMatch(config, keys, 'container', 'productName', 'flu')).toEqual({ key: 'productName', kind: 'none' });
  });

  it('never matches a number typed for a hidden field', () => {
    expect(fieldMatch(config, keys, undefined, 'qaNotes', '12')).toEqual({ key: 'qaNotes', kind: 'none' });
    expect(fieldMatch(config, keys, 'pallet', 'qaNotes', '12')).toEqual({ key: 'qaNotes', kind: 'none' });
  });

  it('matches a number field only by a number: blanks are no number, not 0', () => {
    expect(fieldMatch(config, keys, undefined, 'caseCount', '   ')).toEqual({ key: 'caseCount', kind: 'none' });
    expect(fieldMatch(config, keys, undefined, 'caseCount', '0')).toEqual({
      key: 'caseCount',
      kind: 'number',
      value: 0,
    });
  });

  it('matches the addresses and the product picked by their words', () => {
    expect(fieldMatch(config, keys, undefined, 'origin', 'Tokyo')).toEqual({
      key: 'origin',
      kind: 'words',
      value: 'Tokyo',
    });
    expect(fieldMatch(config, keys, 'logger', 'productCode', '12')).toEqual({
      key: 'productCode',
      kind: 'words',
      value: '12',
    });
  });

  it('matches a key that is a number in one type and text in another by its words across types, by number within the number type', () => {
    const pallet = config.barcodeTypes.pallet!;
    const mixed: ProjectConfig = {
      ...config,
      barcodeTypes: {
        ...config.barcodeTypes,
        case: {
          ...config.barcodeTypes.case!,
          activationFields: [
            ...config.barcodeTypes.case!.activationFields,
            { ...pallet.activationFields.find((f) => f.key === 'productName')!, key: 'caseCount' },
          ],
        },
      },
    };
    const mixedKeys = searchableKeysByType(mixed, true);
    expect(fieldMatch(mixed, mixedKeys, undefined, 'caseCount', '12')).toEqual({
      key: 'caseCount',
      kind: 'words',
      value: '12',
    });
    expect(fieldMatch(mixed, mixedKeys, 'pallet', 'caseCount', '12')).toEqual({
      key: 'caseCount',
      kind: 'number',
      value: 12,
    });
  });

  it('matches a field of a type missing from the configuration by its words', () => {
    expect(fieldMatch(config, { ...keys, retired: ['caseCount'] }, 'retired', 'caseCount', '12')).toEqual({
      key: 'caseCount',
      kind: 'words',
      value: '12',
    });
  });

  it('takes a range with only a start or only an end as open-ended', () => {
    expect(failureOf(() => assertRanges({ projectId: 'p', activatedFrom: '2025-02-02T00:00:00Z' }))).toBeNull();
    expect(failureOf(() => assertRanges({ projectId: 'p', lastStepTo: '2025-02-01T00:00:00Z' }))).toBeNull();
    expect(
      failureOf(() =>
        assertRanges({ projectId: 'p', activatedFrom: '2025-02-02T00:00:00Z', activatedTo: '2025-02-01T00:00:00Z' }),
      ),
    ).toEqual({ status: 400, errors: { activatedTo: [1006] } });
  });
});

describe("a label's title in the list", () => {
  const visible = new Set(keys.pallet);
  const titledBy = (field: string): ProjectConfig => ({
    ...config,
    barcodeTypes: {
      ...config.barcodeTypes,
      pallet: { ...config.barcodeTypes.pallet!, uiConfig: { listViewTitleLabelField: field } },
    },
  });

  it('is none when the barcode has no value for the field, or no data at all', () => {
    expect(labelTitle(config, 'pallet', { lotNumber: 'L1' }, visible)).toBeNull();
    expect(labelTitle(config, 'pallet', { productName: null }, visible)).toBeNull();
    expect(labelTitle(config, 'pallet', null, visible)).toBeNull();
  });

  it('is none for a type the project does not have', () => {
    expect(labelTitle(config, 'container', { productName: 'Flu' }, visible)).toBeNull();
  });

  it('shows a number as text and the options picked separated by commas', () => {
    expect(labelTitle(titledBy('caseCount'), 'pallet', { caseCount: 12 }, visible)).toBe('12');
    expect(labelTitle(titledBy('handling'), 'pallet', { handling: ['fragile', 'dry'] }, visible)).toBe('fragile, dry');
  });

  it('is none for a value that is no text, such as a stock adjustment', () => {
    expect(
      labelTitle(
        titledBy('initialStock'),
        'pallet',
        { initialStock: { type: 'increase', value: 40 } },
        new Set([...visible, 'initialStock']),
      ),
    ).toBeNull();
  });
});
