import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@schemas/error-codes';
import { COUNTRY_CODES } from '@schemas/countries';
import { EXTERNAL_ID_MAX_LENGTH, TRACKING_NUMBER_MAX_LENGTH } from '@schemas/validation';
import {
  ADDRESS_KEYS,
  addressFields,
  identifierFields,
  packageFields,
  SPECIAL_FIELD_NAMES,
} from '@renderer/builtin-forms';
import {
  compileForm,
  fieldsOf,
  formSourceOfFields,
  stageOf,
  type FormRef,
  type FormSource,
} from '@renderer/compile-form';
import { validateFormData } from '@renderer/validate';
import { messageFor } from '@renderer/errors';
import { postalCodePattern } from '@renderer/postal-codes';
import { Ajv } from 'ajv';
import { text } from './fixtures';

/** The forms every project has, compiled as the server compiles them (renderer/compile-form.ts). */
const source = formSourceOfFields([text('lot', { required: true, maxLength: 5 })], 'demo');
const viewer = { language: 'en', loggedIn: true } as const;
const check = (ref: FormRef, data: object, language: 'en' | 'ja' = 'en') =>
  validateFormData(compileForm(source, ref, { ...viewer, language }), data).errors;
const address: FormRef = { form: 'address', barcodeType: 't', stage: 'tracking' };
const packageRef = (packageRequired: boolean, withActivationFields = false): FormRef => ({
  form: 'package',
  barcodeType: 't',
  stage: 'activation',
  packageRequired,
  withActivationFields,
});
const good = { country: 'JPN', address1: '1-1 Chiyoda' };

describe('the address form of origin and destination', () => {
  it('a country and a first address line are enough', () => {
    expect(check(address, good)).toEqual({});
    expect(
      check(address, {
        ...good,
        companyName: 'ACME',
        postalCode: '100-0001',
        prefecture: 'Tokyo',
        address2: 'Floor 3',
        phoneNumber: '+81 3 1234 5678',
      }),
    ).toEqual({});
  });

  it('country and first address line are required; an empty first line counts as missing', () => {
    expect(check(address, {})).toEqual({ country: [ErrorCode.emptyField], address1: [ErrorCode.emptyField] });
    expect(check(address, { country: 'JPN', address1: '' })).toEqual({ address1: [ErrorCode.emptyField] });
    expect(check(address, { country: 'JPN', address1: '   ' })).toEqual({ address1: [ErrorCode.emptyField] });
  });

  it('the country is one of the ISO alpha-3 codes', () => {
    expect(check(address, { ...good, country: 'XXX' })).toEqual({ country: [ErrorCode.invalidFormat] });
    for (const country of ['USA', 'CHN', COUNTRY_CODES.at(-1)])
      expect(check(address, { ...good, country })).toEqual({});
  });

  it('each text has its length limit', () => {
    const limits = { companyName: 100, postalCode: 16, prefecture: 64, address1: 200, address2: 200 };
    // A country whose postal code format is not known: only the length is checked.
    const good = { country: 'AGO', address1: '1-1 Chiyoda' };
    for (const [key, limit] of Object.entries(limits)) {
      expect(check(address, { ...good, [key]: 'x'.repeat(limit) })).toEqual({});
      expect(check(address, { ...good, [key]: 'x'.repeat(limit + 1) })).toEqual({ [key]: [ErrorCode.lengthMoreThan] });
    }
  });

  it('the phone number must look like one; nothing else is part of an address', () => {
    expect(check(address, { ...good, phoneNumber: 'call me' })).toEqual({ phoneNumber: [ErrorCode.invalidFormat] });
    expect(check(address, { ...good, city: 'Tokyo' })).toEqual({ city: [ErrorCode.invalidKey] });
    expect(addressFields().map((f) => f.key)).toEqual([...ADDRESS_KEYS]);
  });

  it('is labelled in every language', () => {
    const form = compileForm(source, address, { ...viewer, language: 'ja' });
    expect(form.schema.properties.country?.title).toBe('国');
    expect(form.schema.properties.address1?.title).toBe('住所1');
    expect(compileForm(source, address, { ...viewer, language: 'zh-TW' }).schema.properties.postalCode?.title).toBe(
      '郵遞區號',
    );
    expect(compileForm(source, address, { ...viewer, language: 'zh-CN' }).schema.properties.prefecture?.title).toBe(
      '省 / 州',
    );
    expect(compileForm(source, address, viewer).schema.properties.companyName?.title).toBe('Company name');
  });
});

describe('the package form: dimensions and weight', () => {
  it('depth, width, height in cm and weight in kg, drawn before the fields that share the form', () => {
    const form = compileForm(source, packageRef(false, true), viewer);
    expect(form.uiSchema['ui:order']).toEqual([
      'depth',
      'width',
      'height',
      'weight',
      'trackingNumber',
      'externalId',
      'lot',
    ]);
    expect(form.fields.map((f) => (f.type === 'number' ? f.unitSuffix : undefined))).toEqual([
      'cm',
      'cm',
      'cm',
      'kg',
      undefined,
      undefined,
      undefined,
    ]);
    expect(form.schema.properties.depth?.title).toBe('Depth');
  });

  it('measures are required only where the trackpoint asks for them', () => {
    expect(check(packageRef(true), {})).toEqual({ depth: [1000], width: [1000], height: [1000], weight: [1000] });
    expect(check(packageRef(false), {})).toEqual({});
    expect(packageFields(true).every((f) => f.required === true)).toBe(true);
    expect(packageFields(false).every((f) => f.required === false)).toBe(true);
  });

  it('required measures must be above 0; optional ones may be 0', () => {
    const zero = { depth: 0, width: 0.1, height: 10, weight: 0 };
    expect(check(packageRef(true), zero)).toEqual({
      depth: [ErrorCode.valueGreaterThan],
      weight: [ErrorCode.valueGreaterThan],
    });
    expect(check(packageRef(true, true), { ...zero, lot: 'L1' })).toEqual({
      depth: [ErrorCode.valueGreaterThan],
      weight: [ErrorCode.valueGreaterThan],
    });
    expect(check(packageRef(false), zero)).toEqual({});
    expect(check(packageRef(true), { depth: 0.1, width: 0.1, height: 0.1, weight: 0.1 })).toEqual({});
  });

  it('measures are 0 to 100000, kept to one decimal', () => {
    expect(check(packageRef(false), { depth: -1, weight: 100001 })).toEqual({
      depth: [ErrorCode.valueGreaterThanOrEqual],
      weight: [ErrorCode.valueLessThanOrEqual],
    });
    const { data } = validateFormData(compileForm(source, packageRef(false), viewer), {
      depth: 0,
      width: 100000,
      height: 12.34,
      weight: 2.25,
    });
    expect(data).toEqual({ depth: 0, width: 100000, height: 12.3, weight: 2.3 });
  });

  it('at activation the identifiers come with it, with their length limits, and the activation fields follow', () => {
    expect(
      check(packageRef(false, true), {
        trackingNumber: 'x'.repeat(TRACKING_NUMBER_MAX_LENGTH),
        externalId: 'x'.repeat(EXTERNAL_ID_MAX_LENGTH),
        lot: 'A',
      }),
    ).toEqual({});
    expect(
      check(packageRef(false, true), {
        trackingNumber: 'x'.repeat(TRACKING_NUMBER_MAX_LENGTH + 1),
        externalId: 'x'.repeat(EXTERNAL_ID_MAX_LENGTH + 1),
      }),
    ).toEqual({
      trackingNumber: [ErrorCode.lengthMoreThan],
      externalId: [ErrorCode.lengthMoreThan],
      lot: [ErrorCode.emptyField],
    });
    expect(check(packageRef(false, false), { lot: 'A' })).toEqual({ lot: [ErrorCode.invalidKey] });
    expect(identifierFields().map((f) => f.label.ja)).toEqual(['追跡番号', '外部ID']);
  });

  it('the built-in names custom fields may not reuse are the identifiers and the package measures', () => {
    expect([...SPECIAL_FIELD_NAMES].sort()).toEqual(
      [...identifierFields(), ...packageFields(false)]
        .map((f) => f.key)
        .concat('dimension')
        .sort(),
    );
  });
});

describe('which fields a form has, and its stage', () => {
  const project = formSourceOfFields([text('lot')]);
  it('an unknown barcode type, trackpoint or form has none', () => {
    expect(fieldsOf(project, { form: 'activation', barcodeType: 'nope', stage: 'activation' })).toEqual([]);
    expect(
      fieldsOf(project, { form: 'trackPoint', barcodeType: 't', trackPointKey: 'start', formKey: 'nope' }),
    ).toEqual([]);
    expect(fieldsOf(project, { form: 'trackPoint', barcodeType: 't', trackPointKey: 'nope', formKey: 'f' })).toEqual(
      [],
    );
    expect(
      fieldsOf(project, {
        form: 'package',
        barcodeType: 'nope',
        stage: 'activation',
        packageRequired: false,
        withActivationFields: true,
      }).map((f) => f.key),
    ).toEqual(['depth', 'width', 'height', 'weight', 'trackingNumber', 'externalId']);
  });

  it("a trackpoint form's fields are those of that form at that trackpoint; activation fields are the type's", () => {
    const type = project.barcodeTypes.t!;
    const withForms: FormSource = {
      ...project,
      barcodeTypes: {
        t: {
          ...type,
          trackPoints: [
            { key: 'start', name: type.name, trackPointForms: [{ key: 'a', customFields: [text('s1')] }] },
            {
              key: 'hub',
              name: type.name,
              trackPointForms: [
                { key: 'a', customFields: [text('h1')] },
                { key: 'b', customFields: [text('h2')] },
              ],
            },
          ],
        },
      },
    };
    const keysOf = (ref: FormRef) => fieldsOf(withForms, ref).map((f) => f.key);
    expect(keysOf({ form: 'trackPoint', barcodeType: 't', trackPointKey: 'hub', formKey: 'b' })).toEqual(['h2']);
    expect(keysOf({ form: 'trackPoint', barcodeType: 't', trackPointKey: 'hub', formKey: 'a' })).toEqual(['h1']);
    expect(keysOf({ form: 'trackPoint', barcodeType: 't', trackPointKey: 'start', formKey: 'a' })).toEqual(['s1']);
    expect(keysOf({ form: 'trackPoint', barcodeType: 'nope', trackPointKey: 'hub', formKey: 'a' })).toEqual([]);
    expect(keysOf({ form: 'activation', barcodeType: 't', stage: 'edit' })).toEqual(['lot']);
  });

  it('trackpoint forms are filled when tracking; the others at the stage the reference names', () => {
    expect(stageOf({ form: 'trackPoint', barcodeType: 't', trackPointKey: 'a', formKey: 'b' })).toBe('tracking');
    expect(stageOf({ form: 'activation', barcodeType: 't', stage: 'edit' })).toBe('edit');
    expect(stageOf(address)).toBe('tracking');
  });

  it('each distinct form has its own schema id', () => {
    const ids = [
      compileForm(project, { form: 'activation', barcodeType: 't', stage: 'activation' }, viewer),
      compileForm(project, address, viewer),
      compileForm(project, packageRef(true), viewer),
      compileForm(project, packageRef(false), viewer),
      compileForm(project, packageRef(false, true), viewer),
      compileForm(project, { form: 'trackPoint', barcodeType: 't', trackPointKey: 'a', formKey: 'b' }, viewer),
    ].map((f) => f.schema.$id.split('/').slice(-6, -4).join('/'));
    expect(ids).toEqual([
      't/activation',
      't/address',
      't/package-required',
      't/package-optional',
      't/package-optional-activation',
      'a/b',
    ]);
  });
});

describe('the built-in forms speak every language', () => {
  it('each field has a label in en, ja, zh-TW and zh-CN, and no two fields of a form share one', () => {
    for (const fields of [addressFields(), packageFields(false), identifierFields()]) {
      for (const language of ['en', 'ja', 'zh-TW', 'zh-CN'] as const) {
        const labels = fields.map((f) => f.label[language]);
        expect(labels.every((l) => typeof l === 'string' && l.trim().length > 0)).toBe(true);
        expect(new Set(labels).size).toBe(labels.length);
      }
    }
  });

  it('the country list stores the ISO codes and names each country in every language beside its code', () => {
    const country = addressFields().find((f) => f.key === 'country');
    const options = country?.type === 'singleSelect' ? country.options : [];
    expect(options.map((o) => o.value)).toEqual([...COUNTRY_CODES]);
    expect(options[0]?.label).toEqual({
      en: 'Japan (JPN)',
      ja: '日本 (JPN)',
      'zh-TW': '日本 (JPN)',
      'zh-CN': '日本 (JPN)',
    });
    expect(options.find((o) => o.value === 'USA')?.label.ja).toBe('アメリカ合衆国 (USA)');
    // Every label holds its code, so typing the code finds it as well as typing the name.
    expect(options.every((o) => Object.values(o.label).every((l) => l.endsWith(`(${o.value})`)))).toBe(true);
    expect(options.filter((o) => Object.values(o.label).some((l) => l === o.value))).toEqual([]);
  });
});

describe('postal codes, checked where the country has a known format', () => {
  it("takes Japan's NNN-NNNN and refuses anything else there", () => {
    expect(check(address, { ...good, postalCode: '100-0001' })).toEqual({});
    for (const postalCode of ['12345', 'ABC-DEFG', '1000001', '100-00010'])
      expect(check(address, { ...good, postalCode })).toEqual({ postalCode: [ErrorCode.invalidFormat] });
  });

  it('checks each country by its own format, letters in either case', () => {
    expect(check(address, { ...good, country: 'USA', postalCode: '94105-1234' })).toEqual({});
    expect(check(address, { ...good, country: 'USA', postalCode: '100-0001' })).toEqual({
      postalCode: [ErrorCode.invalidFormat],
    });
    expect(check(address, { ...good, country: 'CHN', postalCode: '100000' })).toEqual({});
    expect(check(address, { ...good, country: 'CAN', postalCode: 'k1a 0b1' })).toEqual({});
    expect(check(address, { ...good, country: 'CAN', postalCode: 'K1A 0B1' })).toEqual({});
    expect(check(address, { ...good, country: 'GBR', postalCode: 'sw1a 1aa' })).toEqual({});
    expect(check(address, { ...good, country: 'GBR', postalCode: '12345' })).toEqual({
      postalCode: [ErrorCode.invalidFormat],
    });
  });

  it('takes any postal code where the format is not known, and none is needed', () => {
    expect(postalCodePattern('AGO')).toBeUndefined();
    expect(check(address, { ...good, country: 'AGO', postalCode: 'anything 1' })).toEqual({});
    expect(check(address, { ...good })).toEqual({});
  });

  it("words the refusal for the user: Japan's with its format", () => {
    const form = compileForm(source, address, viewer);
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile({ ...form.schema, $id: undefined });
    validate({ ...good, postalCode: '12345' });
    const pattern = validate.errors?.find((e) => e.keyword === 'pattern');
    expect(pattern && messageFor(pattern, 'text')).toEqual({ key: 'form.postalCodeJapan' });
    validate({ ...good, country: 'USA', postalCode: '1' });
    const us = validate.errors?.find((e) => e.keyword === 'pattern');
    expect(us && messageFor(us, 'text')).toEqual({ key: 'form.postalCode' });
  });
});
