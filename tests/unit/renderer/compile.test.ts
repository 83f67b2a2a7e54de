import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { CustomField } from '@schemas/custom-field';
import { INPUT_PATTERN_REGEX, INPUT_PATTERNS } from '@schemas/field-constants';
import { compile, orderFields } from '@renderer/compile';
import { maskToPattern } from '@renderer/field-types/text';
import { formulaInWords, formulaKeys } from '@renderer/field-types/calculation';
import { context, demoConfig, L, text } from './fixtures';

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv, { keywords: true });
const accepts = (schema: object, value: unknown) => ajv.validate(schema, value);

describe('compile: one schema per field type', () => {
  const field = (f: Partial<CustomField> & { type: CustomField['type'] }) =>
    ({ key: 'f', label: L('Field'), ...f }) as CustomField;
  const one = (f: CustomField) => {
    const form = compile([f], context());
    return {
      schema: form.schema.properties.f as Record<string, unknown>,
      ui: form.uiSchema.f as Record<string, unknown>,
    };
  };

  it.each([
    ['text', field({ type: 'text', maxLength: 5 }), { type: 'string', maxLength: 5, title: 'Field' }],
    ['number', field({ type: 'number', min: 1, max: 9 }), { type: 'number', minimum: 1, maximum: 9 }],
    ['phoneNumber', field({ type: 'phoneNumber' }), { type: 'string' }],
    ['email', field({ type: 'email' }), { type: 'string', format: 'email' }],
    [
      'date',
      field({ type: 'date', minDate: '2024-01-01' }),
      { type: 'string', format: 'date', formatMinimum: '2024-01-01' },
    ],
    ['reference', field({ type: 'reference', referenceKey: 'po' }), { type: 'string', readOnly: true }],
    ['calculation', field({ type: 'calculation', formula: '1 + 1' }), { type: 'number', readOnly: true }],
    ['eSign', field({ type: 'eSign' }), { type: 'string', minLength: 1 }],
    ['weightMeasurement', field({ type: 'weightMeasurement', mode: 'auto' }), { type: 'number', minimum: 0 }],
    ['location', field({ type: 'location' }), { type: 'object', required: ['latitude', 'longitude'] }],
    [
      'adjustment',
      field({ type: 'adjustment', sign: 'decrease', max: 50 }),
      { type: 'object', required: ['type', 'value'] },
    ],
    ['files', field({ type: 'files', fileKind: 'image', maxCount: 2 }), { type: 'array', maxItems: 2 }],
    ['ghgEmission', field({ type: 'ghgEmission', calculationType: 'fuel' }), { type: 'object' }],
  ])('%s', (type, f, expected) => {
    const { schema, ui } = one(f);
    expect(schema).toMatchObject(expected);
    expect(ui['ui:field']).toBe(type);
  });

  it('selects carry their values in enum and their labels in the viewer language', () => {
    const options = [
      { value: 'a', label: L('Alpha') },
      { value: 'b', label: L('Beta') },
    ];
    const form = compile(
      [
        field({ type: 'singleSelect', options }),
        { ...field({ type: 'multiSelect', options, maxItems: 1 }), key: 'm' } as CustomField,
      ],
      context({ language: 'ja' }),
    );
    expect(form.schema.properties.f).toMatchObject({ type: 'string', enum: ['a', 'b'], title: 'Field (ja)' });
    expect((form.uiSchema.f as Record<string, unknown>)['ui:enumNames']).toEqual(['Alpha (ja)', 'Beta (ja)']);
    expect(form.schema.properties.m).toMatchObject({
      type: 'array',
      items: { enum: ['a', 'b'] },
      uniqueItems: true,
      maxItems: 1,
    });
  });

  it('adjustment values never go below 0, even when the field allows a negative minimum', () => {
    const { schema } = one(field({ type: 'adjustment', min: -10 }));
    expect(accepts(schema, { type: 'decrease', value: -1 })).toBe(false);
    expect(accepts(schema, { type: 'decrease', value: 0 })).toBe(true);
  });

  it("a photo-only field's framing overlay reaches its widget", () => {
    const { ui } = one(field({ type: 'files', fileKind: 'photoOnly', overlayImageUrl: '/overlays/pallet-load.svg' }));
    expect(ui['ui:options']).toMatchObject({ fileKind: 'photoOnly', overlayImageUrl: '/overlays/pallet-load.svg' });
  });

  it('a required list (files, multi select) needs at least one entry', () => {
    const { schema } = one(field({ type: 'files', fileKind: 'image', required: true }));
    expect(schema.minItems).toBe(1);
  });
});

describe('compile: a calculation names its inputs by their labels', () => {
  const fields: CustomField[] = [
    { key: 'caseCount', type: 'number', label: L('Case count') },
    { key: 'dosesPerCase', type: 'number', label: { ...L('Doses per case'), ja: '1ケースの本数' } },
    {
      key: 'totalDoses',
      type: 'calculation',
      label: L('Total doses'),
      formula: 'round(caseCount * dosesPerCase * 1e2) / 1e2 + caseCount',
    },
  ];

  it('gives the widget the labels of the fields the formula reads, once each, in the viewer language', () => {
    const options = (lang: 'en' | 'ja') =>
      (compile(fields, { ...context(), language: lang }).uiSchema.totalDoses as { 'ui:options': object })['ui:options'];
    expect(options('en')).toMatchObject({ inputLabels: ['Case count', 'Doses per case'] });
    expect(options('ja')).toMatchObject({ inputLabels: ['Case count (ja)', '1ケースの本数'] });
  });

  it('reads only field keys: not functions, not the exponent of a number', () => {
    expect(formulaKeys('round(a * e2) + 1e2 + b2.5 + a', new Set(['a', 'e2', 'b2']))).toEqual(['a', 'e2', 'b2']);
    expect(formulaKeys('x + 1e5', new Set(['e5', 'x']))).toEqual(['x']);
  });

  it('writes a formula with labels in place of keys', () => {
    const labels: Record<string, string> = { caseCount: 'Case count', dosesPerCase: 'Doses per case' };
    expect(formulaInWords('caseCount * dosesPerCase', (key) => labels[key])).toBe('Case count * Doses per case');
    expect(formulaInWords('round(caseCount / 1e2)', (key) => labels[key])).toBe('round(Case count / 1e2)');
  });
});

describe('compile: text rows, input patterns and masks', () => {
  it('multi-line rows are ceil(max length / 20)', () => {
    const form = compile([text('notes', { maxLength: 41, multiLine: true })], context());
    expect((form.uiSchema.notes as { 'ui:options': { rows: number } })['ui:options'].rows).toBe(3);
  });

  it.each(INPUT_PATTERNS.map((p) => [p]))('input pattern %s allows exactly its characters', (name) => {
    const schema = compile([text('t', { inputPattern: name })], context()).schema.properties.t as object;
    const samples: Record<string, [string, string]> = {
      digits: ['0123', '12a'],
      digitsDash: ['12-3', '12_3'],
      digitsUnderscore: ['12_3', '12-3'],
      letters: ['abCD', 'ab1'],
      lettersDash: ['ab-C', 'ab_C'],
      lettersUnderscore: ['ab_C', 'ab-C'],
      lettersDigits: ['ab12', 'ab-1'],
      lettersDigitsDash: ['a-1', 'a_1'],
      lettersDigitsUnderscore: ['a_1', 'a-1'],
    };
    const [good, bad] = samples[name] as [string, string];
    expect(accepts(schema, good)).toBe(true);
    expect(accepts(schema, bad)).toBe(false);
    expect(INPUT_PATTERN_REGEX[name]).toBeDefined();
  });

  // Patterns are used with the `u` flag, as ajv uses them: there an escaped '-' is an error.
  const maskRegExp = (mask: string) => new RegExp(maskToPattern(mask), 'u');

  it('a mask becomes a pattern: 9 digit, a letter, * either, the rest literal', () => {
    const re = maskRegExp('999-aa*');
    expect(re.test('123-ab9')).toBe(true);
    expect(re.test('123-a99')).toBe(false);
    expect(re.test('')).toBe(true);
    expect(maskRegExp('(99).9').test('(12).3')).toBe(true);
    expect(maskRegExp('(99).9').test('(12)x3')).toBe(false);
  });

  it.each([
    ['aa-9999', 'AB-1234', 'AB1234'],
    ['99/99', '12/34', '12-34'],
    ['#999 [a]', '#123 [x]', '#123 x'],
    ['9+9=9?', '1+2=3?', '1+2=3'],
    ['a|a^a$', 'x|y^z$', 'xyz'],
    ['番9', '番4', '4'],
  ])('a mask with literals (%s) accepts %s and refuses %s', (mask, good, bad) => {
    expect(maskRegExp(mask).test(good)).toBe(true);
    expect(maskRegExp(mask).test(bad)).toBe(false);
    expect(accepts({ type: 'string', pattern: maskToPattern(mask) }, good)).toBe(true);
  });
});

describe('compile: visibility, order, ids', () => {
  const fields: CustomField[] = [
    text('shown', { order: 2 }),
    text('secret', { visibility: 'hidden' }),
    text('staffOnly', { visibility: 'visibleWhenLoggedIn', order: 1 }),
    text('doubtful', { visibility: 'unknown' }),
    text('last'),
  ];

  it('a visitor sees neither hidden nor logged-in-only fields; the latter are listed as masked', () => {
    const form = compile(fields, context({ loggedIn: false }));
    expect(Object.keys(form.schema.properties)).toEqual(['shown', 'last']);
    expect(form.masked.map((m) => m.key)).toEqual(['staffOnly', 'doubtful']);
  });

  it('a logged-in user sees all but hidden fields, ordered by order then list position', () => {
    const form = compile(fields, context({ loggedIn: true }));
    expect(form.uiSchema['ui:order']).toEqual(['staffOnly', 'shown', 'doubtful', 'last']);
    expect(form.masked).toEqual([]);
    expect(orderFields([text('a'), text('b', { order: 5 }), text('c')]).map((f) => f.key)).toEqual(['b', 'a', 'c']);
  });

  it('the $id is stable for the same form and context and differs between contexts', () => {
    const a = compile(fields, context()).schema.$id;
    expect(compile(fields, context()).schema.$id).toBe(a);
    expect(compile(fields, context({ loggedIn: false })).schema.$id).not.toBe(a);
    expect(compile(fields, context({ language: 'ja' })).schema.$id).not.toBe(a);
    expect(a).toMatch(/\/demo@1\/pallet\/activation\/activation\/en\/user\/[0-9a-z]+$/);
  });

  it('the $id changes when the fields change: an edited configuration is never validated with its old form', () => {
    const a = compile(fields, context()).schema.$id;
    expect(compile([...fields, text('added', { required: true })], context()).schema.$id).not.toBe(a);
    expect(
      compile(
        fields.map((f) => ({ ...f, required: true })),
        context(),
      ).schema.$id,
    ).not.toBe(a);
  });

  it('compiles every form of the demo configuration into a schema ajv accepts', () => {
    const config = demoConfig();
    const types = new Set<string>();
    for (const [typeKey, type] of Object.entries(config.barcodeTypes)) {
      const forms = [
        type.activationFields,
        ...type.trackPoints.flatMap((t) => t.trackPointForms.map((f) => f.customFields)),
      ];
      forms.forEach((fields, i) => {
        const form = compile(
          fields,
          context({ formId: { project: 'demo', version: 1, barcodeType: typeKey, form: String(i) } }),
        );
        expect(() => ajv.compile(form.schema)).not.toThrow();
        fields.forEach((f) => types.add(f.type));
      });
    }
    expect(types.size).toBe(15);
  });
});
