import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { Report } from '@schemas/api/admin-config';
import type { CustomField } from '@schemas/custom-field';
import type { Language } from '@schemas/languages';
import type { ProjectConfig } from '@schemas/project-config';
import { diffConfigs } from '../../server/rules/config-diff';
import demo from '../../server/projects/demo@1.json';
import { initI18n } from '@/shared/i18n/i18n';
import { changesInWords } from '@/features/admin-config/model/change-words';
import { formChoices, withFields } from '@/features/admin-config/model/draft-edit';

let tIn: (language: Language) => TFunction<'admin'>;
beforeAll(async () => {
  const i18n = await initI18n(['en']);
  // The admin strings load with the admin area: added here as that loader adds them.
  for (const language of ['en', 'ja', 'zh-TW', 'zh-CN'] as const)
    i18n.addResourceBundle(language, 'admin', (await import(`../../locales/${language}/admin.json`)).default);
  tIn = (language) => i18n.getFixedT(language, 'admin') as TFunction<'admin'>;
});

const config = () => structuredClone(demo) as unknown as ProjectConfig;
const label = (en: string, ja = en) => ({ en, ja, 'zh-TW': en, 'zh-CN': en });
const receiving = (c: ProjectConfig) => formChoices(c).find((f) => f.form === 'distributionCentre/receiving')!;
const edit = (c: ProjectConfig, change: (fields: CustomField[]) => CustomField[]) =>
  withFields(c, receiving(c), change(receiving(c).fields));
const SEAL = {
  key: 'sealNumber',
  type: 'text',
  required: true,
  label: label('Seal number', '封印番号'),
} as CustomField;

/** The report's changes as the server sends them, made from the two configurations (`affected` as counted). */
function reportOf(before: ProjectConfig, after: ProjectConfig, affected: number | null = null): Report['changes'] {
  return diffConfigs(before, after).map((change, i) => ({
    id: String(i),
    impact: 'inPlace' as const,
    affected,
    text: `server text of ${change.kind}`,
    change: change as unknown as Record<string, unknown>,
  }));
}

const words = (
  before: ProjectConfig | null,
  after: ProjectConfig | null,
  changes: Report['changes'],
  language: Language = 'en',
) => changesInWords(changes, { before, after }, language, tIn(language));

describe('a confirmation names each change in the admin words', () => {
  it('names a field by its label and key, and its form by its names, in four languages', () => {
    const before = config();
    const after = edit(before, (fields) => [...fields, SEAL]);
    // Rolled back: the field added since goes.
    const back = reportOf(after, before);
    expect(words(after, before, back)).toEqual([
      'the field Seal number (sealNumber) will no longer be asked on the form Receiving at Distribution centre (Vaccine pallet)',
    ]);
    expect(words(after, before, back, 'ja')).toEqual([
      '項目 封印番号（sealNumber） は物流センター（ワクチンパレット）のフォーム「入荷」で尋ねられなくなります',
    ]);
    for (const language of ['zh-TW', 'zh-CN'] as const) {
      const [sentence] = words(after, before, back, language);
      expect(sentence).toContain('Seal number（sealNumber）');
      expect(sentence).not.toContain('Receiving');
    }
    // Published: the field comes, required, with its type by name.
    expect(words(before, after, reportOf(before, after))).toEqual([
      'the field Seal number (sealNumber, Text) will be asked on the form Receiving at Distribution centre (Vaccine pallet) and must be filled in',
    ]);
  });

  it('says each kind of field change, with the stored records it concerns', () => {
    const before = edit(config(), (fields) => [...fields, { ...SEAL, required: false }]);
    const after = edit(before, (fields) =>
      fields
        .filter((f) => f.key !== 'dockLocation')
        .map((f) => {
          if (f.key === 'sealNumber') return { ...f, required: true, label: label('Seal no.') };
          if (f.key === 'receivedTemperature') return { ...f, type: 'text' } as CustomField;
          if (f.key === 'coldChainIntact' && f.type === 'singleSelect')
            return {
              ...f,
              options: [...f.options.filter((o) => o.value !== 'no'), { value: 'unsure', label: label('Unsure') }],
            };
          return f;
        }),
    );
    const said = words(before, after, reportOf(before, after, 2));
    const form = 'the form Receiving at Distribution centre (Vaccine pallet)';
    expect(said).toEqual(
      expect.arrayContaining([
        `the field Dock location (dockLocation) will no longer be asked on ${form} (stored records concerned: 2)`,
        `the field Temperature on arrival (receivedTemperature) on ${form} will change from Number to Text (stored records concerned: 2)`,
        `the field Seal no. (sealNumber) on ${form} will have to be filled in (stored records concerned: 2)`,
        `the words of the field Seal no. (sealNumber) on ${form} will change: label (stored records concerned: 2)`,
        `the field Cold chain intact (coldChainIntact) on ${form} will offer Unsure (stored records concerned: 2)`,
        `the field Cold chain intact (coldChainIntact) on ${form} will no longer offer No (stored records concerned: 2)`,
      ]),
    );
    expect(said).toHaveLength(6);
    // Made optional again, the other way.
    expect(words(after, before, reportOf(after, before)).join('\n')).toContain(
      `the field Seal number (sealNumber) on ${form} will no longer have to be filled in`,
    );
  });

  it('says a renamed field by both keys, a reorder of fields or of trackpoints, names and places', () => {
    const before = config();
    const renamed = edit(before, (fields) =>
      fields.map((f) => (f.key === 'dockLocation' ? { ...f, key: 'dockPlace' } : f)),
    );
    const [rename] = words(before, renamed, reportOf(before, renamed));
    expect(rename).toBe(
      'the field Dock location (dockLocation) will be renamed Dock location (dockPlace) on the form Receiving at Distribution centre (Vaccine pallet)',
    );
    const reordered = edit(before, (fields) => [...fields].reverse());
    expect(words(before, reordered, reportOf(before, reordered))).toEqual([
      'the order of the fields on the form Receiving at Distribution centre (Vaccine pallet) will change',
    ]);
    const points = config();
    points.barcodeTypes.pallet!.trackPoints.reverse();
    expect(words(before, points, reportOf(before, points))).toEqual([
      'the order of the trackpoints of Vaccine pallet will change',
    ]);
    const activation = config();
    activation.barcodeTypes.pallet!.activationFields.reverse();
    expect(words(before, activation, reportOf(before, activation))).toEqual([
      'the order of the fields on the activation form of Vaccine pallet will change',
    ]);
    const named = config();
    named.barcodeTypes.pallet!.name = label('Pallet of vaccines');
    named.barcodeTypes.pallet!.trackPoints[1]!.name = label('DC');
    expect(words(before, named, reportOf(before, named))).toEqual(
      expect.arrayContaining([
        'the name of the barcode type Pallet of vaccines will change',
        'the name of the trackpoint DC of Pallet of vaccines will change',
      ]),
    );
    const fewer = config();
    const removedPoint = fewer.barcodeTypes.pallet!.trackPoints.pop()!;
    delete (fewer.barcodeTypes as Record<string, unknown>).logger;
    const gone = words(before, fewer, reportOf(before, fewer)).join('\n');
    expect(gone).toContain(`the trackpoint ${removedPoint.name!.en} of Vaccine pallet will be removed, with its forms`);
    expect(gone).toMatch(/the barcode type .+ will be removed, with its forms/);
    expect(words(fewer, before, reportOf(fewer, before)).join('\n')).toContain(
      `the trackpoint ${removedPoint.name!.en} will be added to Vaccine pallet`,
    );
  });

  it('names keys where the configurations could not be read, and keeps the server sentence of a change it does not know', () => {
    const before = config();
    const after = edit(before, (fields) => [...fields, SEAL]);
    const changes = reportOf(after, before);
    expect(words(null, null, changes)).toEqual([
      'the field sealNumber will no longer be asked on the form at distributionCentre (pallet)',
    ]);
    expect(words(null, null, reportOf(before, after))).toEqual([
      'the field sealNumber (Text) will be asked on the form at distributionCentre (pallet) and must be filled in',
    ]);
    const unknown = [{ ...changes[0]!, change: { kind: 'somethingNew' } }];
    expect(words(before, after, unknown)).toEqual(['server text of fieldRemoved']);
    expect(
      words(before, after, [{ ...changes[0]!, change: { kind: 'settingsChanged', properties: ['mailFrom'] } }]),
    ).toEqual(["the project's settings will change: mailFrom"]);
  });
});
