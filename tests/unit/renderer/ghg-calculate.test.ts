import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@schemas/error-codes';
import { calculateGhg, type GhgOutcome, type GhgResult } from '@renderer/ghg/calculate';
import { GHG_FACTORS, factorOf } from '@renderer/ghg/factors';
import { applyGhgEmissions } from '@renderer/ghg/apply';
import { checkProjectConfig } from '@renderer/config-check';
import { demoConfig } from './fixtures';

const ok = (outcome: GhgOutcome): GhgResult => {
  if (!outcome.ok) throw new Error(`expected a result, got ${JSON.stringify(outcome.errors)}`);
  return outcome.result;
};
const errors = (outcome: GhgOutcome) => (outcome.ok ? {} : outcome.errors);

describe('GHG methods (METI/MLIT joint guideline Ver.3.2)', () => {
  it('fuel method: 1.5 kL of diesel = 1,500 L x 2.58 kg-CO2/L = 3,870 kg', () => {
    const r = ok(calculateGhg('fuel', { transportType: 'diesel', fuelConsumption: 1.5 }));
    expect(r.gases.CO2).toBe(3870);
    expect(r.emission).toBe(3870);
    expect(r.factors.map((f) => [f.id, f.value, f.unit])).toEqual([['fuel:diesel', 2.58, 'kg-CO2/L']]);
    expect(r.factors[0]?.source).toMatch(/Ver\.3\.2/);
  });

  it('fuel method: 0.2 kL of gasoline = 200 L x 2.32 = 464 kg; a truck class burns its fuel', () => {
    expect(ok(calculateGhg('fuel', { transportType: 'gasoline', fuelConsumption: 0.2 })).emission).toBe(464);
    expect(ok(calculateGhg('fuel', { transportType: 'gasolineTruckUpTo2t', fuelConsumption: 0.2 })).emission).toBe(464);
  });

  it("fuel-efficiency method with the vehicle's own km/L: 300 km / 4 km/L = 75 L x 2.58 = 193.5 kg", () => {
    expect(
      ok(calculateGhg('fuelEfficiency', { transportType: 'dieselTruck2to4t', distance: 300, fuelEfficiency: 4 }))
        .emission,
    ).toBe(193.5);
  });

  it('fuel-efficiency method without km/L takes the default for the class and use, absent from the table: 3062 unless the project gives it', () => {
    const input = { transportType: 'dieselTruck2to4t', vehicleUsageType: 'business', distance: 300 };
    expect(errors(calculateGhg('fuelEfficiency', input))).toEqual({ $common: [ErrorCode.ghgFactorMissing] });
    // 300 km / 5 km/L (the project's value) = 60 L x 2.58 = 154.8 kg
    const r = ok(
      calculateGhg('fuelEfficiency', input, {
        'fuelEfficiencyDefault:dieselTruck2to4t.business': { value: 5, source: 'carrier contract' },
      }),
    );
    expect(r.emission).toBe(154.8);
    expect(r.factors.find((f) => f.id === 'fuelEfficiencyDefault:dieselTruck2to4t.business')).toMatchObject({
      value: 5,
      source: 'carrier contract',
      overridden: true,
    });
    // Without km/L, a bare fuel has no class default, and a class needs its use.
    expect(
      errors(calculateGhg('fuelEfficiency', { transportType: 'diesel', vehicleUsageType: 'business', distance: 300 })),
    ).toEqual({ fuelEfficiency: [ErrorCode.emptyField] });
    expect(errors(calculateGhg('fuelEfficiency', { transportType: 'dieselTruck2to4t', distance: 300 }))).toEqual({
      fuelEfficiency: [ErrorCode.emptyField],
    });
  });

  it('modified ton-kilo, diesel: ln y = 2.71 - 0.812 ln(x/100) - 0.654 ln z with z in kg', () => {
    // 2 t over 100 km on a 5 t truck at a 40 % load rate:
    // x = 40, z = 5,000 kg; ln y = 2.71 - 0.812 x ln 0.4 - 0.654 x ln 5000
    //   = 2.71 + 0.812 x 0.9162907 - 0.654 x 8.5171932 = 2.71 + 0.7440281 - 5.5702444 = -2.1162163
    // y = e^-2.1162163 = 0.1204867 L/t-km; CO2 = 2 x 100 x 0.1204867 x 2.58 = 62.171 kg
    const r = ok(
      calculateGhg('modifiedTonkilo', {
        transportType: 'dieselTruck4to6t',
        vehicleUsageType: 'business',
        weight: 2,
        distance: 100,
        maxWeightCapacity: 5,
        loadRate: 0.4,
      }),
    );
    expect(r.emission).toBe(62.171);
    expect(r.factors.map((f) => f.id)).toEqual([
      'modifiedTonkilo:diesel.a',
      'modifiedTonkilo:diesel.b',
      'modifiedTonkilo:diesel.c',
      'fuel:diesel',
    ]);
  });

  it('modified ton-kilo: the unit trap — z is the maximum load in kg, not tonnes', () => {
    // Had z been taken in tonnes (5): ln y = 2.71 + 0.7440281 - 0.654 x ln 5 (1.6094379) = 2.4014557,
    // y = 11.039 L/t-km and CO2 = 2 x 100 x 11.039 x 2.58 = 5,696.2 kg, 92 times too much.
    const r = ok(
      calculateGhg('modifiedTonkilo', {
        transportType: 'diesel',
        vehicleUsageType: 'private',
        weight: 2,
        distance: 100,
        maxWeightCapacity: 5,
        loadRate: 0.4,
      }),
    );
    expect(r.emission).toBe(62.171);
  });

  it('modified ton-kilo, gasoline: ln y = 2.67 - 0.927 ln(x/100) - 0.648 ln z', () => {
    // 1 t over 50 km on a 2 t truck, load rate 50 %: x = 50, z = 2,000 kg
    // ln y = 2.67 - 0.927 x ln 0.5 - 0.648 x ln 2000 = 2.67 + 0.927 x 0.6931472 - 0.648 x 7.6009025
    //      = 2.67 + 0.6425474 - 4.9253848 = -1.6128374; y = e^-1.6128374 = 0.1993213 L/t-km
    // CO2 = 1 x 50 x 0.1993213 x 2.32 = 23.121 kg
    const r = ok(
      calculateGhg('modifiedTonkilo', {
        transportType: 'gasolineTruck2tPlus',
        vehicleUsageType: 'business',
        weight: 1,
        distance: 50,
        maxWeightCapacity: 2,
        loadRate: 0.5,
      }),
    );
    expect(r.emission).toBe(23.121);
  });

  it("ton-kilo: intensities are absent from the table (3062); with the project's value 22 g/t-km, 10 t x 500 km = 5,000 t-km x 22 g = 110 kg", () => {
    const input = { transportType: 'railway', weight: 10, distance: 500 };
    expect(errors(calculateGhg('tonkilo', input))).toEqual({ $common: [ErrorCode.ghgFactorMissing] });
    const r = ok(
      calculateGhg('tonkilo', input, { 'tonkilo:railway': { value: 22, source: 'JR Freight 2024 report' } }),
    );
    expect(r.emission).toBe(110);
    expect(r.factors).toEqual([
      expect.objectContaining({
        id: 'tonkilo:railway',
        value: 22,
        unit: 'g-CO2/t-km',
        source: 'JR Freight 2024 report',
        overridden: true,
      }),
    ]);
  });

  it('CH4 and N2O: left out (and said so) without factors; with them, per vehicle-km times GWP (AR5 28 and 265)', () => {
    const input = { transportType: 'dieselTruck2to4t', distance: 300, fuelEfficiency: 4 };
    const bare = ok(calculateGhg('fuelEfficiency', input));
    expect(bare.gases).toEqual({ CO2: 193.5, CH4: null, N2O: null });
    expect(bare.omittedGases).toEqual(['CH4', 'N2O']);
    // CH4 300 km x 0.00001 kg/km = 0.003 kg x 28 = 0.084; N2O 300 x 0.00002 = 0.006 kg x 265 = 1.59
    // total 193.5 + 0.084 + 1.59 = 195.174 kg-CO2e
    const full = ok(
      calculateGhg('fuelEfficiency', input, {
        'ch4:dieselTruck2to4t': { value: 0.00001, source: 'test' },
        'n2o:dieselTruck2to4t': { value: 0.00002, source: 'test' },
      }),
    );
    expect(full.gases).toEqual({ CO2: 193.5, CH4: 0.003, N2O: 0.006 });
    expect(full.co2e).toEqual({ CO2: 193.5, CH4: 0.084, N2O: 1.59 });
    expect(full.emission).toBe(195.174);
    expect(full.omittedGases).toEqual([]);
    expect(factorOf('gwp:CH4')?.value).toBe(28);
    expect(factorOf('gwp:N2O')?.value).toBe(265);
  });
});

describe('GHG inputs: each one needed given and valid, numbers 0 to 9999 with at most 3 decimals', () => {
  it('an unsupported calculation type is an explicit error, not a crash', () => {
    expect(errors(calculateGhg('tonkiloPlus', { transportType: 'diesel' }))).toEqual({
      $common: [ErrorCode.ghgUnsupportedCalculationType],
    });
    expect(errors(calculateGhg('toString', {}))).toEqual({ $common: [ErrorCode.ghgUnsupportedCalculationType] });
  });

  it('the inputs each type needs are required', () => {
    expect(errors(calculateGhg('fuel', {}))).toEqual({ transportType: [1000], fuelConsumption: [1000] });
    expect(errors(calculateGhg('tonkilo', { transportType: 'railway' }))).toEqual({ weight: [1000], distance: [1000] });
    expect(Object.keys(errors(calculateGhg('modifiedTonkilo', { transportType: 'diesel' }))).sort()).toEqual([
      'distance',
      'loadRate',
      'maxWeightCapacity',
      'vehicleUsageType',
      'weight',
    ]);
  });

  it('numbers: below 0 is 1010, over 9999 is 1009, more than 3 decimals is 1012, not a number 1001', () => {
    expect(errors(calculateGhg('tonkilo', { transportType: 'railway', weight: -1, distance: 10000 }))).toEqual({
      weight: [1010],
      distance: [1009],
    });
    expect(errors(calculateGhg('tonkilo', { transportType: 'railway', weight: 1.2345, distance: Number.NaN }))).toEqual(
      { weight: [1012], distance: [1001] },
    );
    expect(calculateGhg('fuel', { transportType: 'diesel', fuelConsumption: 9999 }).ok).toBe(true);
    expect(calculateGhg('fuel', { transportType: 'diesel', fuelConsumption: 0.001 }).ok).toBe(true);
  });

  it('an unknown transport type is 2200; one the method cannot use is 3063; a bad vehicle use 1001', () => {
    expect(errors(calculateGhg('fuel', { transportType: 'rocket', fuelConsumption: 1 }))).toEqual({
      transportType: [ErrorCode.invalidKey],
    });
    expect(errors(calculateGhg('fuel', { transportType: 'railway', fuelConsumption: 1 }))).toEqual({
      transportType: [ErrorCode.ghgTransportTypeNotForMethod],
    });
    expect(
      errors(
        calculateGhg('modifiedTonkilo', {
          transportType: 'lpg',
          vehicleUsageType: 'leased',
          weight: 1,
          distance: 1,
          maxWeightCapacity: 2,
          loadRate: 0.5,
        }),
      ),
    ).toEqual({ transportType: [3063], vehicleUsageType: [1001] });
  });

  it('modified ton-kilo refuses a load rate or a capacity of 0 (no logarithm): 1007', () => {
    expect(
      errors(
        calculateGhg('modifiedTonkilo', {
          transportType: 'diesel',
          vehicleUsageType: 'business',
          weight: 0,
          distance: 1,
          maxWeightCapacity: 0,
          loadRate: 0,
        }),
      ),
    ).toEqual({ loadRate: [1007], maxWeightCapacity: [1007] });
  });
});

describe('the factor table', () => {
  it('every row names its unit, source and version; absent values are null, never guessed', () => {
    for (const f of GHG_FACTORS) {
      expect(f.unit, f.id).not.toBe('');
      expect(f.source, f.id).not.toBe('');
      expect(f.version, f.id).toMatch(/3\.2/);
      if (f.value === null) expect(f.source, f.id).toMatch(/not found/);
    }
    expect(new Set(GHG_FACTORS.map((f) => f.id)).size).toBe(GHG_FACTORS.length);
  });
});

describe("applyGhgEmissions (the server's recomputation)", () => {
  const field = {
    type: 'ghgEmission',
    key: 'truckEmission',
    label: { en: 'E', ja: 'E', 'zh-TW': 'E', 'zh-CN': 'E' },
    calculationType: 'fuel',
  } as const;

  it('replaces a tampered emission with the computed one', () => {
    const { data, errors: found } = applyGhgEmissions(
      [field],
      { truckEmission: { transportType: 'diesel', fuelConsumption: 1, emission: 1, gases: { CO2: 1 } } },
      {},
      new Set(),
    );
    expect(found).toEqual({});
    expect(data.truckEmission).toMatchObject({
      transportType: 'diesel',
      fuelConsumption: 1,
      emission: 2580,
      gases: { CO2: 2580, CH4: null, N2O: null },
    });
  });

  it('leaves an empty value without an emission, and gives a filled bad one its codes under the field', () => {
    expect(applyGhgEmissions([field], { truckEmission: { emission: 5 } }, {}, new Set()).data).toEqual({
      truckEmission: {},
    });
    expect(applyGhgEmissions([field], { truckEmission: { transportType: 'diesel' } }, {}, new Set()).errors).toEqual({
      truckEmission: [1000],
    });
  });
});

describe("a project's factor overrides in its configuration", () => {
  it('accepts overrides of table rows and names an id the table does not have', () => {
    const good = {
      ...demoConfig(),
      ghg: {
        factors: {
          'tonkilo:railway': { value: 22, source: 'carrier report' },
          'gwp:CH4': { value: 25, source: 'IPCC AR4' },
        },
      },
    };
    expect(checkProjectConfig(good)).toEqual([]);
    const bad = { ...demoConfig(), ghg: { factors: { 'tonkilo:teleport': { value: 1, source: 'x' } } } };
    expect(checkProjectConfig(bad).map((p) => [p.pointer, p.key])).toEqual([
      ['/ghg/factors/tonkilo:teleport', 'ghgFactor'],
    ]);
    const noSource = { ...demoConfig(), ghg: { factors: { 'tonkilo:railway': { value: 22 } } } };
    expect(checkProjectConfig(noSource).length).toBeGreaterThan(0);
  });
});
