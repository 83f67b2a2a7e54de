import { describe, expect, it } from 'vitest';
import { assertRequiredInfo, assertStepInfoWellFormed, stepInfo, type StepInfo } from '../../../server/rules/step-info';
import { answer, common, onField, trackPoint } from './fixtures';

const address = {
  companyName: 'FrostLine Pharma',
  country: 'JPN',
  postalCode: '530-0001',
  prefecture: 'Osaka',
  address1: '1-1 Umeda',
  address2: 'Floor 3',
  phoneNumber: '+81 6-1234-5678',
};
const dimension = { height: 150, width: 120, depth: 100 };
const shape = (info: StepInfo) => answer(() => assertStepInfoWellFormed(info, 'activation'));
const bad = (errors: Record<string, number[]>) => ({ status: 400, errors });

describe('addresses, checked with the built-in address form', () => {
  it('accept a full address, and one with only its country and first line', () => {
    expect(shape({ origin: address, destination: { country: 'USA', address1: '1 Main St' } })).toBe('passed');
  });

  it.each([
    ['a missing first line is 1000', { address1: undefined }, { 'origin.address1': [1000] }],
    ['an empty first line is 1000', { address1: '' }, { 'origin.address1': [1000] }],
    ['a missing country is 1000', { country: undefined }, { 'origin.country': [1000] }],
    ['a first line over 200 characters is 1005', { address1: 'x'.repeat(201) }, { 'origin.address1': [1005] }],
    ['a company name over 100 characters is 1005', { companyName: 'x'.repeat(101) }, { 'origin.companyName': [1005] }],
    ['a postal code over 16 characters is 1005', { postalCode: '1'.repeat(17) }, { 'origin.postalCode': [1001, 1005] }],
    ['a Japanese postal code that is not NNN-NNNN is 1001', { postalCode: '12345' }, { 'origin.postalCode': [1001] }],
    ['a Japanese postal code of letters is 1001', { postalCode: 'ABC-DEFG' }, { 'origin.postalCode': [1001] }],
    ['a US ZIP code in Japan is 1001', { postalCode: '94105' }, { 'origin.postalCode': [1001] }],
    ['a prefecture over 64 characters is 1005', { prefecture: 'x'.repeat(65) }, { 'origin.prefecture': [1005] }],
    ['a second line over 200 characters is 1005', { address2: 'x'.repeat(201) }, { 'origin.address2': [1005] }],
    ['a phone number with letters is 1001', { phoneNumber: 'call me' }, { 'origin.phoneNumber': [1001] }],
    ['a country that is not shaped like an alpha-3 code is 1001', { country: 'Japan' }, { 'origin.country': [1001] }],
    ['a country in lower case is 1001', { country: 'jpn' }, { 'origin.country': [1001] }],
    ['a country that is a number is 1001', { country: 392 }, { 'origin.country': [1001] }],
    ['a first line that is not text is 1001', { address1: 7 }, { 'origin.address1': [1001] }],
    ['an unknown key is 2200', { floor: 3 }, { 'origin.floor': [2200] }],
  ])('%s', (_name, change, errors) => {
    expect(shape({ origin: { ...address, ...change } })).toEqual(bad(errors));
  });

  it('take lengths up to their limits', () => {
    expect(
      shape({
        origin: {
          ...address,
          address1: 'x'.repeat(200),
          companyName: 'x'.repeat(100),
          country: 'AGO',
          postalCode: 'x'.repeat(16),
          prefecture: 'x'.repeat(64),
        },
      }),
    ).toBe('passed');
  });

  it('leave a code shaped like alpha-3 that is no country to the trackpoint check (2201)', () => {
    expect(shape({ origin: { ...address, country: 'XYZ' } })).toBe('passed');
    expect(answer(() => assertRequiredInfo(trackPoint('hub'), { origin: { ...address, country: 'XYZ' } }))).toEqual(
      onField('origin.country', 2201),
    );
  });

  it("take a postal code in its country's format, and any where the format is not known", () => {
    expect(shape({ origin: { ...address, country: 'USA', postalCode: '94105-1234' } })).toBe('passed');
    expect(shape({ origin: { ...address, country: 'USA', postalCode: '530-0001' } })).toEqual(
      bad({ 'origin.postalCode': [1001] }),
    );
    expect(shape({ origin: { ...address, country: 'AGO', postalCode: 'ABC-DEFG' } })).toBe('passed');
  });

  it("name the side: the destination's problems are under destination.*", () => {
    expect(shape({ origin: address, destination: { country: 'JPN' } })).toEqual(
      bad({ 'destination.address1': [1000] }),
    );
  });
});

describe('package information, checked with the built-in package form', () => {
  it('accepts sizes and weight at both ends of their range', () => {
    expect(shape({ dimension: { height: 0, width: 100000, depth: 12.34 }, weight: 0 })).toBe('passed');
    expect(shape({ dimension, weight: 100000 })).toBe('passed');
  });

  it("checks the values as sent, not rounded to the form's precision first", () => {
    expect(shape({ weight: 100000.04 })).toEqual(bad({ weight: [1009] }));
    expect(shape({ weight: -0.04 })).toEqual(bad({ weight: [1010] }));
    expect(shape({ dimension: { ...dimension, depth: 100000.04 } })).toEqual(bad({ 'dimension.depth': [1009] }));
    expect(shape({ dimension: { ...dimension, height: -0.04 } })).toEqual(bad({ 'dimension.height': [1010] }));
  });

  it('needs every size of a dimension sent (1000), as numbers (1001), and nothing else in it (2200)', () => {
    expect(shape({ dimension: { height: 1, width: 2 } })).toEqual(bad({ 'dimension.depth': [1000] }));
    expect(shape({ dimension: {} })).toEqual(
      bad({ 'dimension.depth': [1000], 'dimension.width': [1000], 'dimension.height': [1000] }),
    );
    expect(shape({ dimension: { ...dimension, width: '120' } })).toEqual(bad({ 'dimension.width': [1001] }));
    expect(shape({ dimension: { ...dimension, weight: 5 } })).toEqual(bad({ 'dimension.weight': [2200] }));
    // What is not a size of the dimension is refused as such, and checked as nothing else (a
    // weight in it is not the step's weight).
    expect(shape({ dimension: { ...dimension, weight: -5 } })).toEqual(bad({ 'dimension.weight': [2200] }));
    expect(shape({ dimension: { ...dimension, extra: -1 } })).toEqual(bad({ 'dimension.extra': [2200] }));
  });

  it('does not ask for a weight without one, nor for sizes without a dimension', () => {
    expect(shape({ dimension })).toBe('passed');
    expect(shape({ weight: 480 })).toBe('passed');
    expect(shape({})).toBe('passed');
  });
});

it('answers every problem of a step at once, by field', () => {
  expect(
    shape({
      origin: { ...address, address1: '' },
      destination: { ...address, phoneNumber: 'x' },
      dimension: { height: 1, width: 1 },
      weight: -1,
    }),
  ).toEqual(
    bad({
      'origin.address1': [1000],
      'destination.phoneNumber': [1001],
      'dimension.depth': [1000],
      weight: [1010],
    }),
  );
  expect(answer(() => assertStepInfoWellFormed({ origin: {} }, 'tracking'))).toEqual(
    bad({ 'origin.country': [1000], 'origin.address1': [1000] }),
  );
});

describe('what a trackpoint requires', () => {
  const everything = trackPoint('packed', { requireOrigin: true, requireDestination: true, requirePackageInfo: true });
  const full: StepInfo = { origin: address, destination: address, dimension, weight: 480 };

  it('passes with everything a trackpoint asks for, and asks nothing of a plain one', () => {
    expect(answer(() => assertRequiredInfo(everything, full))).toBe('passed');
    expect(answer(() => assertRequiredInfo(trackPoint('hub'), {}))).toBe('passed');
  });

  it.each([
    ['the origin', 'requireOrigin', { origin: undefined }],
    ['the destination', 'requireDestination', { destination: undefined }],
    ['the dimension', 'requirePackageInfo', { dimension: undefined }],
    ['the weight', 'requirePackageInfo', { weight: undefined }],
  ] as const)(
    'refuses a step without %s where the trackpoint requires it (3003), and only there',
    (_name, flag, missing) => {
      expect(answer(() => assertRequiredInfo(everything, { ...full, ...missing }))).toEqual(common(3003));
      expect(answer(() => assertRequiredInfo(trackPoint('p', { [flag]: true }), { ...full, ...missing }))).toEqual(
        common(3003),
      );
      expect(answer(() => assertRequiredInfo(trackPoint('p', { [flag]: false }), { ...full, ...missing }))).toBe(
        'passed',
      );
    },
  );

  it('counts a weight of 0 as given, and refuses it where package information is required (1007)', () => {
    expect(answer(() => assertRequiredInfo(everything, { ...full, weight: 0 }))).toEqual(bad({ weight: [1007] }));
    expect(answer(() => assertRequiredInfo(trackPoint('hub'), { ...full, weight: 0 }))).toBe('passed');
  });

  it('refuses every required measure that is not above 0 (1007), each under its own name', () => {
    expect(
      answer(() => assertRequiredInfo(everything, { ...full, dimension: { ...dimension, depth: 0, height: 0 } })),
    ).toEqual(bad({ 'dimension.depth': [1007], 'dimension.height': [1007] }));
    expect(answer(() => assertRequiredInfo(everything, { ...full, dimension: { ...dimension, width: 0.1 } }))).toBe(
      'passed',
    );
    // Where the sizes are optional, 0 is a value like any other.
    expect(answer(() => assertRequiredInfo(trackPoint('hub'), { dimension: { ...dimension, width: 0 } }))).toBe(
      'passed',
    );
  });

  it('refuses a country that is not an ISO alpha-3 code (2201), missing information first', () => {
    expect(
      answer(() => assertRequiredInfo(everything, { ...full, destination: { ...address, country: 'XYZ' } })),
    ).toEqual(onField('destination.country', 2201));
    expect(
      answer(() =>
        assertRequiredInfo(everything, { ...full, origin: { ...address, country: 'XYZ' }, weight: undefined }),
      ),
    ).toEqual(common(3003));
    expect(
      answer(() =>
        assertRequiredInfo(trackPoint('hub'), {
          origin: { ...address, country: 'ZWE' },
          destination: { ...address, country: 'CHN' },
        }),
      ),
    ).toBe('passed');
  });
});

it("stores a step's addresses and package information as sent, leaving out what was not given", () => {
  expect(stepInfo({ origin: address, dimension: { ...dimension, depth: 12.34 }, weight: 12.34 })).toEqual({
    origin: address,
    dimension: { ...dimension, depth: 12.34 },
    weight: 12.34,
  });
  expect(stepInfo({})).toEqual({});
  expect(stepInfo({ weight: 0 })).toEqual({ weight: 0 });
});
