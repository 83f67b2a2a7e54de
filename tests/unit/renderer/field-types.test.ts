import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { CustomField } from '@schemas/custom-field';
import { INPUT_PATTERN_REGEX } from '@schemas/field-constants';
import { MAX_WEIGHT_KG, PHONE_PATTERN } from '@schemas/validation';
import { compile } from '@renderer/compile';
import { DEFAULT_MAX_FILES, DEFAULT_MAX_IMAGE_SIDE, files } from '@renderer/field-types/files';
import {
  GHG_INPUTS,
  GHG_NUMBER,
  loadRate,
  loadRateFromPercent,
  loadRatePercent,
} from '@renderer/field-types/ghg-emission';
import { maskToPattern, textRows } from '@renderer/field-types/text';
import { context, L } from './fixtures';

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv, { keywords: true });

/** One field compiled: its value's schema, what its widget reads, and whether a value is accepted. */
const one = (f: Partial<CustomField> & { type: CustomField['type'] }, language: 'en' | 'ja' = 'en') => {
  const form = compile([{ key: 'f', label: L('Field'), ...f } as CustomField], context({ language }));
  const schema = form.schema.properties.f as Record<string, unknown>;
  const {
    fieldKey: _k,
    fieldType: _t,
    required: _r,
    ...options
  } = (form.uiSchema.f as { 'ui:options': Record<string, unknown> })['ui:options'];
  return { schema, options, accepts: (value: unknown) => ajv.validate({ ...schema, $id: undefined }, value) };
};

describe('text', () => {
  it('length limits, a counter and readers as configured', () => {
    const t = one({ type: 'text', minLength: 2, maxLength: 4, counter: true, readers: ['barcode'] });
    expect([t.accepts('a'), t.accepts('ab'), t.accepts('abcd'), t.accepts('abcde')]).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(t.options).toEqual({ counter: true, readers: ['barcode'], maxLength: 4 });
    expect(one({ type: 'text' }).options).toEqual({ counter: false, readers: [] });
  });

  it('a mask and an input pattern both apply', () => {
    const t = one({ type: 'text', mask: '999', inputPattern: 'digits' });
    expect(t.schema).toMatchObject({ pattern: maskToPattern('999'), allOf: [{ pattern: INPUT_PATTERN_REGEX.digits }] });
    expect(t.options).toMatchObject({ mask: '999', inputPattern: 'digits' });
    expect(one({ type: 'text', inputPattern: 'letters' }).schema).toMatchObject({
      pattern: INPUT_PATTERN_REGEX.letters,
    });
    expect(one({ type: 'text', inputPattern: 'letters' }).schema).not.toHaveProperty('allOf');
    // Strict: an option left unset adds no keyword at all (not one holding undefined).
    expect(one({ type: 'text' }).schema).toStrictEqual({ type: 'string', title: 'Field' });
  });

  it('multi-line text has ceil(max length / 20) rows, at least 2, 2 without a maximum', () => {
    expect(one({ type: 'text', multiLine: true, maxLength: 100 }).options.rows).toBe(5);
    expect(one({ type: 'text', multiLine: true }).options.rows).toBe(2);
    expect(one({ type: 'text', maxLength: 100 }).options).not.toHaveProperty('rows');
    expect([textRows(1), textRows(40), textRows(41), textRows(60), textRows(61)]).toEqual([2, 2, 3, 3, 4]);
  });
});

describe('numbers, adjustments, weights', () => {
  it('a number: bounds, precision (default 1), rounding (default round), step (default 1), units', () => {
    const n = one({ type: 'number', min: -5, max: 5, unitPrefix: '¥', unitSuffix: 'yen' });
    expect([n.accepts(-6), n.accepts(-5), n.accepts(5), n.accepts(6)]).toEqual([false, true, true, false]);
    expect(n.options).toEqual({
      precision: 1,
      decimalMode: 'round',
      step: 1,
      min: -5,
      max: 5,
      unitPrefix: '¥',
      unitSuffix: 'yen',
    });
    expect(one({ type: 'number', precision: 3, decimalMode: 'floor', step: 0.5 }).options).toEqual({
      precision: 3,
      decimalMode: 'floor',
      step: 0.5,
    });
    expect(one({ type: 'number' }).schema).toStrictEqual({ type: 'number', title: 'Field' });
    expect(one({ type: 'number', min: 0 }).schema).toStrictEqual({ type: 'number', minimum: 0, title: 'Field' });
  });

  it('an adjustment: increase (default) or decrease by a value from 0 (or the minimum) to the maximum', () => {
    const a = one({ type: 'adjustment', min: 2, max: 9, sign: 'decrease', unitSuffix: 'pcs' });
    expect([
      a.accepts({ type: 'decrease', value: 1 }),
      a.accepts({ type: 'increase', value: 2 }),
      a.accepts({ type: 'increase', value: 10 }),
      a.accepts({ type: 'sideways', value: 3 }),
      a.accepts({ value: 3 }),
    ]).toEqual([false, true, false, false, false]);
    expect(a.accepts({ type: 'increase', value: 3, note: 'x' })).toBe(false);
    expect((a.schema.properties as { type: { default: string } }).type.default).toBe('decrease');
    expect((one({ type: 'adjustment' }).schema.properties as { type: { default: string } }).type.default).toBe(
      'increase',
    );
    expect(a.options).toEqual({ precision: 1, sign: 'decrease', min: 2, max: 9, unitSuffix: 'pcs' });
    expect(one({ type: 'adjustment', precision: 0 }).options).toEqual({ precision: 0 });
    expect(one({ type: 'adjustment' }).accepts({ type: 'increase', value: 0 })).toBe(true);
    expect(one({ type: 'adjustment' }).accepts({ type: 'decrease', value: 0 })).toBe(true);
  });

  it('a weight: 0 to the scale maximum in kg, precision 1 by default', () => {
    const w = one({ type: 'weightMeasurement', mode: 'auto' });
    expect([w.accepts(-0.1), w.accepts(0), w.accepts(MAX_WEIGHT_KG), w.accepts(MAX_WEIGHT_KG + 1)]).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(w.options).toEqual({ mode: 'auto', precision: 1, min: 0, max: MAX_WEIGHT_KG, unitSuffix: 'kg' });
    expect(one({ type: 'weightMeasurement', mode: 'manual', precision: 3 }).options).toMatchObject({
      mode: 'manual',
      precision: 3,
    });
  });

  it('a calculation is shown with its formula, precision (default 1) and units, never typed', () => {
    expect(one({ type: 'calculation', formula: 'a * b', unitSuffix: 'doses' }).options).toEqual({
      formula: 'a * b',
      precision: 1,
      unitSuffix: 'doses',
    });
    expect(one({ type: 'calculation', formula: 'a', precision: 0 }).schema).toMatchObject({
      type: 'number',
      readOnly: true,
    });
  });
});

describe('other single values', () => {
  it('phone numbers: digits, spaces and dashes, an optional +, at most 20 characters', () => {
    const p = one({ type: 'phoneNumber' });
    expect(p.schema).toMatchObject({ pattern: PHONE_PATTERN, maxLength: 20 });
    expect([p.accepts('+81 3-1234-5678'), p.accepts('call me'), p.accepts('1'.repeat(21))]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('e-mails: a valid address of at most 254 characters', () => {
    const e = one({ type: 'email' });
    expect([
      e.accepts('a@example.com'),
      e.accepts('a@'),
      e.accepts(`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}.com`),
    ]).toEqual([true, false, false]);
  });

  it('dates: YYYY-MM-DD within the configured range', () => {
    const d = one({ type: 'date', minDate: '2024-01-01', maxDate: '2024-12-31' });
    expect([
      d.accepts('2023-12-31'),
      d.accepts('2024-01-01'),
      d.accepts('2024-12-31'),
      d.accepts('2025-01-01'),
      d.accepts('2024/05/05'),
    ]).toEqual([false, true, true, false, false]);
    expect(d.options).toEqual({ minDate: '2024-01-01', maxDate: '2024-12-31' });
    expect(one({ type: 'date' }).schema).toEqual({ type: 'string', format: 'date', title: 'Field' });
  });

  it('a signature: the URL of its image, 1 to 2048 characters', () => {
    const s = one({ type: 'eSign' });
    expect([s.accepts(''), s.accepts('/u/s.png'), s.accepts('x'.repeat(2049))]).toEqual([false, true, false]);
  });

  it('a place: latitude -90..90, longitude -180..180, accuracy from 0', () => {
    const l = one({ type: 'location' });
    expect(l.accepts({ latitude: 90, longitude: -180, accuracy: 0 })).toBe(true);
    expect(l.accepts({ latitude: -90, longitude: 180 })).toBe(true);
    expect([l.accepts({ latitude: -91, longitude: 0 }), l.accepts({ latitude: 0, longitude: -181 })]).toEqual([
      false,
      false,
    ]);
    expect([
      l.accepts({ latitude: 91, longitude: 0 }),
      l.accepts({ latitude: 0, longitude: 181 }),
      l.accepts({ latitude: 0, longitude: 0, accuracy: -1 }),
      l.accepts({ latitude: 0 }),
      l.accepts({ latitude: 0, longitude: 0, x: 1 }),
    ]).toEqual([false, false, false, false, false]);
  });

  it('a reference names the value it shows', () => {
    expect(one({ type: 'reference', referenceKey: 'po' }).options).toEqual({ referenceKey: 'po' });
  });

  it("selects: their values, labels in the viewer's language; multiple choice between min and max, each once", () => {
    const options = [
      { value: 'a', label: L('Alpha') },
      { value: 'b', label: L('Beta') },
      { value: 'c', label: L('Gamma') },
    ];
    expect(one({ type: 'singleSelect', options }, 'ja').options).toEqual({
      values: ['a', 'b', 'c'],
      enumNames: ['Alpha (ja)', 'Beta (ja)', 'Gamma (ja)'],
    });
    const m = one({ type: 'multiSelect', options, minItems: 1, maxItems: 2 });
    expect([
      m.accepts([]),
      m.accepts(['a']),
      m.accepts(['a', 'b']),
      m.accepts(['a', 'b', 'c']),
      m.accepts(['a', 'a']),
      m.accepts(['z']),
    ]).toEqual([false, true, true, false, false, false]);
    expect(one({ type: 'multiSelect', options }).accepts([])).toBe(true);
  });
});

describe('files', () => {
  it('at most maxCount (default 5) files of a name and a URL', () => {
    const f = one({ type: 'files', fileKind: 'image' });
    const file = { name: 'a.png', url: '/u/a.png' };
    expect([
      f.accepts(Array(DEFAULT_MAX_FILES).fill(file)),
      f.accepts(Array(DEFAULT_MAX_FILES + 1).fill(file)),
    ]).toEqual([true, false]);
    expect([
      f.accepts([{ name: 'a.png' }]),
      f.accepts([{ ...file, size: 1 }]),
      f.accepts([{ name: 'a', url: '' }]),
      f.accepts([{ name: 'x'.repeat(256), url: '/u' }]),
    ]).toEqual([false, false, false, false]);
    expect(f.options).toEqual({ fileKind: 'image', maxCount: DEFAULT_MAX_FILES, maxImageSide: DEFAULT_MAX_IMAGE_SIDE });
    expect(one({ type: 'files', fileKind: 'other', maxCount: 2, maxImageSide: 800 }).options).toEqual({
      fileKind: 'other',
      maxCount: 2,
      maxImageSide: 800,
    });
  });

  it('the URLs a value holds, for the server to check', () => {
    const field = { key: 'f', type: 'files', label: L('F'), fileKind: 'image' } as const;
    expect(files.fileUrls?.(field, [{ name: 'a', url: '/u/a' }, '/u/b'])).toEqual(['/u/a', '/u/b']);
    expect(files.fileUrls?.(field, 'x')).toEqual([]);
    expect(
      files.fileUrls?.({ ...field, fileKind: 'barcodeScanFrame' }, [
        { name: 'none', url: 'none' },
        { name: 'a', url: '/u/a' },
      ]),
    ).toEqual(['/u/a']);
    expect(files.fileUrls?.(field, [{ name: 'none', url: 'none' }])).toEqual(['none']);
  });
});

describe('GHG emission inputs: which each calculation type asks for, their bounds, the load rate', () => {
  it('the inputs each calculation type asks for; numbers 0 to 9999 with 3 decimals', () => {
    const g = one({ type: 'ghgEmission', calculationType: 'tonkilo' });
    expect(g.options).toEqual({ calculationType: 'tonkilo', inputs: GHG_INPUTS.tonkilo, ...GHG_NUMBER });
    expect(GHG_NUMBER).toEqual({ minimum: 0, maximum: 9999, precision: 3 });
    expect(g.accepts({ transportType: 'diesel', weight: 9999, distance: 0, loadRate: 1, emission: 0 })).toBe(true);
    expect([g.accepts({ vehicleUsageType: 'business' }), g.accepts({ vehicleUsageType: 'private' })]).toEqual([
      true,
      true,
    ]);
    expect([
      g.accepts({ weight: 10000 }),
      g.accepts({ distance: -1 }),
      g.accepts({ loadRate: 1.01 }),
      g.accepts({ emission: -1 }),
      g.accepts({ transportType: '' }),
      g.accepts({ vehicleUsageType: 'x' }),
      g.accepts({ other: 1 }),
    ]).toEqual([false, false, false, false, false, false, false]);
  });

  it('the load rate is weight / capacity with 4 decimals, 0 when either is 0 or less', () => {
    expect(loadRate(1, 3)).toBe(0.3333);
    expect(loadRate(2, 3)).toBe(0.6667);
    expect([
      loadRate(0, 3),
      loadRate(3, 0),
      loadRate(-1, 3),
      loadRate(3, -1),
      loadRate(undefined, 3),
      loadRate(3, undefined),
    ]).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('is typed and shown as a percent with 2 decimals, stored as a fraction with 4', () => {
    expect(loadRatePercent(0.33335)).toBe(33.34);
    expect(loadRatePercent(0.5)).toBe(50);
    expect(loadRateFromPercent(33.335)).toBe(0.3334);
    expect(loadRateFromPercent(100)).toBe(1);
  });
});
