import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { ErrorCode } from '@schemas/error-codes';
import type { ProjectConfig } from '@schemas/project-config';
import { compileForm, formSourceOfFields } from '@renderer';
import { ApiError } from '@/shared/api/errors';
import { translateError } from '@/shared/i18n/error-message';
import demo from '../../server/projects/demo@1.json';

/**
 * What a user reads never holds the machinery behind it: a catalogue code ("1000: This field is
 * required.") or a formula's field keys ("caseCount * dosesPerCase").
 */
const LANGUAGES = ['en', 'ja', 'zh-TW', 'zh-CN'];

/** Every string of every namespace, with where it is, placeholders taken out. */
function localeStrings(): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [];
  const walk = (value: unknown, where: string) => {
    if (typeof value === 'string') out.push({ where, text: value.replace(/\{\{[^}]*\}\}/g, '') });
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) walk(inner, `${where}.${key}`);
  };
  for (const language of LANGUAGES)
    for (const file of readdirSync(`locales/${language}`).filter((f) => f.endsWith('.json')))
      walk(JSON.parse(readFileSync(`locales/${language}/${file}`, 'utf8')), `${language}/${file}`);
  return out;
}

/** The catalogue's codes. */
const CODES: readonly number[] = Object.values(ErrorCode);

/** The field keys that formulas of the demo configuration read. */
function formulaKeys(): string[] {
  const config = demo as unknown as ProjectConfig;
  const fields = Object.values(config.barcodeTypes).flatMap((type) => [
    ...type.activationFields,
    ...type.trackPoints.flatMap((point) => point.trackPointForms.flatMap((form) => form.customFields)),
  ]);
  return fields.flatMap((field) => (field.type === 'calculation' ? (field.formula.match(/[A-Za-z_]\w*/g) ?? []) : []));
}

describe('no user-facing string shows an error code or a formula', () => {
  const strings = localeStrings();

  it('reads every namespace of the four languages', () => {
    expect(strings.length).toBeGreaterThan(1000);
    expect(CODES).toContain(ErrorCode.emptyField);
  });

  it('holds no catalogue code', () => {
    const withCode = strings.filter(({ text }) =>
      CODES.some((code) => new RegExp(`(?<![\\d,.])${code}(?![\\d,.])`).test(text)),
    );
    expect(withCode).toEqual([]);
  });

  it("holds no key a formula reads (the demo's formulas name real fields)", () => {
    const keys = formulaKeys();
    expect(keys).toContain('caseCount');
    const withKey = strings.filter(({ text }) => keys.some((key) => new RegExp(`\\b${key}\\b`).test(text)));
    expect(withKey).toEqual([]);
  });

  it("gives a calculation's widget its inputs' labels, never the formula itself", () => {
    const config = demo as unknown as ProjectConfig;
    const fields = config.barcodeTypes.pallet!.activationFields;
    for (const language of ['en', 'ja'] as const) {
      const form = compileForm(
        formSourceOfFields(fields),
        { form: 'activation', barcodeType: 't', stage: 'activation' },
        { language, loggedIn: true },
      );
      const calculation = fields.find((f) => f.type === 'calculation')!;
      const options = (form.uiSchema[calculation.key] as { 'ui:options': { inputLabels: string[] } })['ui:options'];
      expect(options.inputLabels.length).toBeGreaterThan(0);
      expect(options.inputLabels.join(' ')).not.toMatch(/caseCount|dosesPerCase/);
    }
  });

  it('a refusal names the field by its label, or says the message alone: never a code', async () => {
    const t = await i18next.createInstance().init({
      lng: 'en',
      ns: ['errors'],
      defaultNS: 'errors',
      resources: { en: { errors: JSON.parse(readFileSync('locales/en/errors.json', 'utf8')) } },
    });
    const error = new ApiError('fields', 400, { 'origin.postalCode': [1001], weight: [1000], depth: [1000] });
    expect(translateError(t, error, (path) => (path === 'weight' ? 'Weight' : undefined))).toBe(
      'Invalid format.\nWeight: This field is required.\nThis field is required.',
    );
  });
});
