import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { compileForm, FIELD_TYPE_NAMES, formSourceOfFields, formsOf, type FormRef } from '@renderer';
import { validateFormData } from '@renderer/validate';
import { CustomFieldSchema, type CustomField, type CustomFieldType } from '@schemas/custom-field';
import type { ProjectConfig } from '@schemas/project-config';
import { LANGUAGES } from '@schemas/languages';
import { builderFormFor } from '@/features/admin-config/model/builder-form';
import { editedField, fieldFromInput, inputFromField } from '@/features/admin-config/model/draft-edit';
import {
  SETTING_LABELS,
  settingNamesOf,
  settingsFormOf,
  VALUE_LABELS,
} from '@/features/admin-config/model/type-settings';

const REF: FormRef = { form: 'activation', barcodeType: 't', stage: 'activation' };
const branches = (
  CustomFieldSchema as unknown as {
    oneOf: { properties: Record<string, { enum?: string[]; items?: { enum?: string[] } }>; required: string[] }[];
  }
).oneOf;
const branchOf = (type: CustomFieldType) =>
  branches.find((b) => (b.properties.type as unknown as { const: string }).const === type)!;
const EVERY_TYPE_HAS = [
  'type',
  'key',
  'label',
  'required',
  'visibility',
  'order',
  'helpText',
  'relevant',
  'requiredIf',
  'readOnlyIf',
  'constraint',
  'constraintMessage',
];
const ajv = new Ajv2020({ allErrors: true, strict: false, discriminator: true });
const isField = ajv.compile(CustomFieldSchema);
const configs = ['demo@1', 'secure@1'].map(
  (name) => JSON.parse(readFileSync(`server/projects/${name}.json`, 'utf8')) as ProjectConfig,
);
const everyConfiguredField = configs.flatMap((config) =>
  Object.entries(config.barcodeTypes).flatMap(([key, type]) => formsOf(key, type).flatMap((f) => f.fields)),
);

describe("each field type's settings form, generated from the type's schema", () => {
  it.each(FIELD_TYPE_NAMES)(
    '%s: asks every property of its type, with its label in the four languages, and compiles',
    (type) => {
      const own = Object.keys(branchOf(type).properties).filter((k) => !EVERY_TYPE_HAS.includes(k) && k !== 'options');
      expect(settingNamesOf(type)).toEqual(own);
      const form = settingsFormOf(type);
      expect(form.map((f) => f.key)).toEqual(own);
      for (const name of own) {
        for (const language of LANGUAGES)
          expect(SETTING_LABELS[name]?.[language], `${type}.${name} in ${language}`).toBeTruthy();
        const schema = branchOf(type).properties[name]!;
        for (const value of schema.enum ?? schema.items?.enum ?? []) {
          for (const language of LANGUAGES)
            expect(VALUE_LABELS[name]?.[value]?.[language], `${type}.${name} = ${value} in ${language}`).toBeTruthy();
        }
      }
      const compiled = compileForm(formSourceOfFields(builderFormFor(type), `builder-${type}`), REF, {
        language: 'ja',
        loggedIn: true,
      });
      expect(Object.keys(compiled.schema.properties)).toEqual(
        expect.arrayContaining(['key', 'type', 'labelEn', ...own]),
      );
    },
  );

  it('draws each kind of property as the field a person expects: numbers with the bounds of the format, choices, dates, yes / no', () => {
    const byKey = (type: CustomFieldType) =>
      Object.fromEntries(settingsFormOf(type).map((f) => [f.key, f as CustomField & Record<string, unknown>]));
    expect(byKey('files').maxCount).toMatchObject({ type: 'number', min: 1, max: 20, precision: 0 });
    expect(byKey('number').min).toMatchObject({ type: 'number', precision: 6 });
    expect(byKey('number').min).not.toHaveProperty('min');
    expect(byKey('number').decimalMode).toMatchObject({
      type: 'singleSelect',
      options: [{ value: 'round' }, { value: 'floor' }, { value: 'ceil' }],
    });
    expect(byKey('text').readers).toMatchObject({
      type: 'multiSelect',
      options: [{ value: 'barcode' }, { value: 'ocr' }],
    });
    expect(byKey('text').multiLine).toMatchObject({
      type: 'singleSelect',
      options: [{ value: 'yes' }, { value: 'no' }],
    });
    expect(byKey('text').mask).toMatchObject({ type: 'text', maxLength: 64 });
    expect(byKey('date').minDate).toMatchObject({ type: 'date' });
    expect(byKey('weightMeasurement').mode!.label.ja).toBe('計量方法');
  });

  it('refuses to add a field without a setting its type cannot do without, and says which field', () => {
    const required = {
      files: 'fileKind',
      ghgEmission: 'calculationType',
      weightMeasurement: 'mode',
      reference: 'referenceKey',
      calculation: 'formula',
      singleSelect: 'options',
    } as const;
    for (const [type, setting] of Object.entries(required)) {
      const form = compileForm(formSourceOfFields(builderFormFor(type), `builder-${type}`), REF, {
        language: 'en',
        loggedIn: true,
      });
      // 'Required' is a yes / no the builder starts at no.
      const input = { key: 'f', type, labelEn: 'F', labelJa: 'F', labelZhTw: 'F', labelZhCn: 'F', required: 'no' };
      expect(validateFormData(form, input).errors, type).toEqual({ [setting]: [1000] });
    }
    // A type with no setting of its own needs nothing more.
    const phone = compileForm(formSourceOfFields(builderFormFor('phoneNumber'), 'builder-phone'), REF, {
      language: 'en',
      loggedIn: true,
    });
    expect(
      validateFormData(phone, {
        key: 'f',
        type: 'phoneNumber',
        labelEn: 'F',
        labelJa: 'F',
        labelZhTw: 'F',
        labelZhCn: 'F',
        required: 'no',
      }).errors,
    ).toEqual({});
  });

  it('gives back every field of the demo configurations unchanged when nothing is changed, and each is a valid field', () => {
    expect(everyConfiguredField.length).toBeGreaterThan(20);
    expect(new Set(everyConfiguredField.map((f) => f.type)).size).toBeGreaterThanOrEqual(12);
    for (const field of everyConfiguredField) {
      expect(editedField(field, inputFromField(field)), field.key).toEqual(field);
      expect(isField(fieldFromInput(inputFromField(field))), field.key).toBe(true);
    }
  });

  it('makes a valid field of every type from its settings form filled as an admin would', () => {
    for (const type of FIELD_TYPE_NAMES) {
      const input: Record<string, unknown> = {
        key: 'made',
        type,
        labelEn: 'Made',
        labelJa: '作成',
        labelZhTw: '建立',
        labelZhCn: '创建',
        required: 'yes',
      };
      for (const f of settingsFormOf(type) as (CustomField & { options?: { value: string }[]; min?: number })[]) {
        if (f.type === 'singleSelect') input[f.key] = f.options![0]!.value;
        else if (f.type === 'multiSelect') input[f.key] = [f.options![0]!.value];
        else if (f.type === 'number') input[f.key] = f.min ?? 2;
        else if (f.type === 'date') input[f.key] = '2026-12-01';
      }
      if (type === 'singleSelect' || type === 'multiSelect') input.options = 'a=A\nb=B';
      if (type === 'calculation') input.formula = 'a * 2';
      if (type === 'reference') input.referenceKey = 'carriers';
      if (type === 'adjustment') input.quantityOf = 'stock';
      if (type === 'text') input.mask = '999-9999';
      if (type === 'files') input.overlayImageUrl = '/overlays/frame.svg';
      for (const key of ['unitPrefix', 'unitSuffix']) if (settingNamesOf(type).includes(key)) input[key] = 'kg';
      const made = fieldFromInput(input);
      expect(isField(made), `${type}: ${JSON.stringify(isField.errors)}`).toBe(true);
      expect(Object.keys(made)).toEqual(expect.arrayContaining(settingNamesOf(type)));
    }
  });
});
