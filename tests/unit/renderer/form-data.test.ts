import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@schemas/error-codes';
import { storedFileUrl } from '@schemas/api/files';
import type { CustomField } from '@schemas/custom-field';
import { compile } from '@renderer/compile';
import { validateFormData } from '@renderer/validate';
import { NO_SCAN_FRAME } from '@renderer/field-types/files';
import { context, L, text } from './fixtures';

/** Submitted form data as the server checks it (renderer/validate.ts). */
const check = (fields: CustomField[], input: unknown, barcodeId?: string) =>
  validateFormData(compile(fields, context()), input, barcodeId === undefined ? {} : { barcodeId });

const BARCODE = 'AAAAAAAAAAAA';
const mine = storedFileUrl(BARCODE, 'abcdefghijklmnop.png');
const theirs = storedFileUrl('BBBBBBBBBBBB', 'abcdefghijklmnop.png');

describe('how submitted numbers are stored', () => {
  it('a weight is rounded to its precision, 1 decimal by default (half up)', () => {
    expect(check([{ key: 'w', type: 'weightMeasurement', label: L('W'), mode: 'auto' }], { w: 12.35 }).data).toEqual({
      w: 12.4,
    });
    expect(
      check([{ key: 'w', type: 'weightMeasurement', label: L('W'), mode: 'manual', precision: 2 }], { w: 12.345 }).data,
    ).toEqual({ w: 12.35 });
    expect(
      check([{ key: 'w', type: 'weightMeasurement', label: L('W'), mode: 'manual', precision: 0 }], { w: 12.5 }).data,
    ).toEqual({ w: 13 });
  });

  it('a number is brought to its precision as its decimal mode says', () => {
    expect(
      check([{ key: 'n', type: 'number', label: L('N'), precision: 1, decimalMode: 'floor' }], { n: 2.99 }).data,
    ).toEqual({ n: 2.9 });
    expect(
      check([{ key: 'n', type: 'number', label: L('N'), precision: 0, decimalMode: 'ceil' }], { n: 2.01 }).data,
    ).toEqual({ n: 3 });
    expect(check([{ key: 'n', type: 'number', label: L('N') }], { n: 2.25 }).data).toEqual({ n: 2.3 });
  });

  it('a value of the wrong type is kept as sent and refused', () => {
    const result = check(
      [
        { key: 'n', type: 'number', label: L('N') },
        { key: 'w', type: 'weightMeasurement', label: L('W'), mode: 'auto' },
      ],
      { n: '2.25', w: '1.25' },
    );
    expect(result.data).toEqual({ n: '2.25', w: '1.25' });
    expect(result.errors).toEqual({ n: [ErrorCode.invalidFormat], w: [ErrorCode.invalidFormat] });
  });

  it('a weight is between 0 and the scale maximum', () => {
    expect(check([{ key: 'w', type: 'weightMeasurement', label: L('W'), mode: 'auto' }], { w: -1 }).errors).toEqual({
      w: [ErrorCode.valueGreaterThanOrEqual],
    });
    expect(check([{ key: 'w', type: 'weightMeasurement', label: L('W'), mode: 'auto' }], { w: 100001 }).errors).toEqual(
      { w: [ErrorCode.valueLessThanOrEqual] },
    );
  });
});

describe('required text', () => {
  const fields = [text('lot', { required: true }), text('note')];
  it('white space only is missing (1000); an optional field may be blank; values are kept as typed', () => {
    expect(check(fields, { lot: '  \t', note: ' ' })).toEqual({
      data: { note: ' ' },
      errors: { lot: [ErrorCode.emptyField] },
    });
    expect(check(fields, { lot: ' A ' })).toEqual({ data: { lot: ' A ' }, errors: {} });
  });

  it('data that is not an object is refused as a whole', () => {
    for (const input of [null, 'x', 3, ['a']])
      expect(check(fields, input)).toEqual({ data: {}, errors: { $common: [ErrorCode.invalidFormat] } });
  });
});

describe('files and signatures must be uploads of the barcode (1001)', () => {
  const fields: CustomField[] = [
    { key: 'sign', type: 'eSign', label: L('Sign') },
    { key: 'pics', type: 'files', label: L('Pics'), fileKind: 'image' },
    { key: 'frame', type: 'files', label: L('Frame'), fileKind: 'barcodeScanFrame' },
    text('note'),
  ];

  it('its own uploads pass', () => {
    expect(check(fields, { sign: mine, pics: [{ name: 'a.png', url: mine }], note: theirs }, BARCODE).errors).toEqual(
      {},
    );
  });

  it("another barcode's upload or any other URL is refused, field by field", () => {
    expect(
      check(
        fields,
        {
          sign: theirs,
          pics: [
            { name: 'a.png', url: mine },
            { name: 'b.png', url: 'https://evil.example/x.png' },
          ],
        },
        BARCODE,
      ).errors,
    ).toEqual({ sign: [ErrorCode.invalidFormat], pics: [ErrorCode.invalidFormat] });
  });

  it("a scan frame may say 'none' (the code was typed); other files may not", () => {
    expect(check(fields, { frame: [NO_SCAN_FRAME] }, BARCODE).errors).toEqual({});
    expect(check(fields, { pics: [NO_SCAN_FRAME] }, BARCODE).errors).toEqual({ pics: [ErrorCode.invalidFormat] });
  });

  it('without a barcode (a form preview) URLs are not checked', () => {
    expect(check(fields, { sign: theirs }).errors).toEqual({});
  });
});

describe('GHG emissions are computed by the server, whatever the client sent', () => {
  const fields: CustomField[] = [
    { key: 'truck', type: 'ghgEmission', label: L('Truck'), calculationType: 'fuel' },
    { key: 'place', type: 'location', label: L('Place') },
  ];
  /** 1 L of diesel: 2.58 kg-CO2 per litre in the factor table. */
  const diesel = { transportType: 'diesel', fuelConsumption: 1 };

  it('a sent emission, even one the form would refuse, is dropped and computed again', () => {
    const { data, errors } = check(fields, {
      truck: { ...diesel, emission: -5, gases: { CO2: 'x' }, factorTableVersion: 7 },
    });
    expect(errors).toEqual({});
    expect(data.truck).toMatchObject({ ...diesel, emission: 2580, gases: { CO2: 2580, CH4: null, N2O: null } });
  });

  it("with the project's own factor when its configuration replaces the table's", () => {
    const form = compile(fields, context());
    const { data } = validateFormData(
      form,
      { truck: diesel },
      { ghgFactors: { 'fuel:diesel': { value: 3, source: 'supplier report' } } },
    );
    expect(data.truck).toMatchObject({ emission: 3000, gases: { CO2: 3000 } });
  });

  it('only a GHG value loses those keys: in another field they are refused like any key the form does not have', () => {
    expect(check(fields, { place: { latitude: 35.6, longitude: 139.7, emission: 1 } }).errors).toEqual({
      place: [ErrorCode.invalidKey],
    });
  });
});
