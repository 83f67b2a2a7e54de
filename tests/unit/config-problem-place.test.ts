import { describe, expect, it } from 'vitest';
import type { ProjectConfig } from '@schemas/project-config';
import type { CustomField } from '@schemas/custom-field';
import { checkProjectConfig } from '@renderer/config-check';
import demo from '../../server/projects/demo@1.json';
import { formChoices, withFields } from '@/features/admin-config/model/draft-edit';
import { placeProblems } from '@/features/admin-config/model/problem-place';

const config = () => structuredClone(demo) as unknown as ProjectConfig;
const label = (en: string) => ({ en, ja: `${en} (ja)`, 'zh-TW': en, 'zh-CN': en });
const receiving = (c: ProjectConfig) => formChoices(c).find((f) => f.form === 'distributionCentre/receiving')!;
const withField = (c: ProjectConfig, field: object) =>
  withFields(c, receiving(c), [...receiving(c).fields, field as CustomField]);

describe('the publish check problems, placed where the admin knows the configuration', () => {
  it('names a formula over a missing field by the field label and key, on its form', () => {
    const draft = withField(config(), {
      key: 'sealTotal',
      type: 'calculation',
      label: label('Seal total'),
      formula: 'missingField * 2',
    });
    const placed = placeProblems(draft, checkProjectConfig(draft), 'en');
    expect(placed).toEqual([
      expect.objectContaining({
        form: 'pallet distributionCentre/receiving',
        field: 'sealTotal',
        subject: 'Seal total (sealTotal)',
        property: '',
        problem: expect.objectContaining({ key: 'formulaUnknown', values: { name: 'missingField' } }),
      }),
    ]);
    expect(placeProblems(draft, checkProjectConfig(draft), 'ja')[0]!.subject).toBe('Seal total (ja) (sealTotal)');
  });

  it('names the property of a field a value is wrong in, and a key that is no identifier', () => {
    const draft = withField(config(), { key: 'seal', type: 'text', label: label('Seal'), maxLength: -1 });
    const placed = placeProblems(draft, checkProjectConfig(draft), 'en');
    expect(placed.length).toBeGreaterThan(0);
    expect(placed.every((p) => p.field === 'seal' && p.subject === 'Seal (seal)')).toBe(true);
    expect(placed.map((p) => p.property)).toContain('maxLength');
  });

  it('places a problem outside any field on its barcode type or the project', () => {
    const draft = config();
    const pallet = draft.barcodeTypes.pallet as unknown as Record<string, unknown>;
    pallet.surprise = 1;
    (draft as unknown as Record<string, unknown>).alsoSurprise = 1;
    const placed = placeProblems(draft, checkProjectConfig(draft), 'en');
    expect(placed.map((p) => [p.subject, p.field])).toEqual(
      expect.arrayContaining([
        [expect.stringContaining('(pallet)'), undefined],
        ['', undefined],
      ]),
    );
  });
});
