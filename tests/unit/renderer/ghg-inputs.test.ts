import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@schemas/error-codes';
import { calculateGhg, type GhgInputs, type GhgOutcome } from '@renderer/ghg/calculate';
import { applyGhgEmissions, withoutComputedGhg } from '@renderer/ghg/apply';
import { TRANSPORT_TYPES, transportTypesFor } from '@renderer/ghg/transport-types';

// What a carrier entering a GHG emission meets (renderer/ghg): which inputs are refused with
// which code, which transport types each method offers, and what the server keeps of a submitted
// emission field. The formulas themselves: ghg-calculate.test.ts.

const errors = (outcome: GhgOutcome) => (outcome.ok ? {} : outcome.errors);
const emission = (outcome: GhgOutcome) => (outcome.ok ? outcome.result.emission : outcome.errors);
/** 2 t over 100 km on a 5 t diesel truck (ghg-calculate.test.ts: 62.171 kg at a 40 % load rate). */
const truckLeg = (loadRate: number): GhgInputs => ({
  transportType: 'dieselTruck4to6t',
  vehicleUsageType: 'business',
  weight: 2,
  distance: 100,
  maxWeightCapacity: 5,
  loadRate,
});

describe('GHG inputs a carrier gets wrong', () => {
  it('an empty transport type is refused with 1000 (empty) on transportType', () => {
    expect(errors(calculateGhg('fuel', { transportType: '', fuelConsumption: 1 }))).toEqual({
      transportType: [ErrorCode.emptyField],
    });
    expect(errors(calculateGhg('tonkilo', { transportType: '', weight: 1, distance: 1 }))).toEqual({
      transportType: [ErrorCode.emptyField],
    });
  });

  it('a transport type sent as a list is an unknown transport type (2200), even a list of a known one', () => {
    expect(errors(calculateGhg('fuel', { transportType: ['diesel'] as never, fuelConsumption: 1 }))).toEqual({
      transportType: [ErrorCode.invalidKey],
    });
  });

  it('a distance that is not a finite number is refused with 1001 (invalid format)', () => {
    expect(
      errors(calculateGhg('tonkilo', { transportType: 'railway', weight: 1, distance: Number.POSITIVE_INFINITY })),
    ).toEqual({ distance: [ErrorCode.invalidFormat] });
    expect(errors(calculateGhg('tonkilo', { transportType: 'railway', weight: 1, distance: '300' as never }))).toEqual({
      distance: [ErrorCode.invalidFormat],
    });
  });

  it('a load rate is a fraction: at most 1 (1009 above) with up to 4 decimals (1012 beyond)', () => {
    expect(errors(calculateGhg('modifiedTonkilo', truckLeg(1.5)))).toEqual({
      loadRate: [ErrorCode.valueLessThanOrEqual],
    });
    expect(errors(calculateGhg('modifiedTonkilo', truckLeg(0.12345)))).toEqual({
      loadRate: [ErrorCode.digitsAndDecimals],
    });
    expect(errors(calculateGhg('modifiedTonkilo', truckLeg(0.4567)))).toEqual({});
    expect(errors(calculateGhg('modifiedTonkilo', truckLeg(1)))).toEqual({});
  });

  it("the vehicle's own fuel efficiency of 0 km/L is refused with 1007 (no division by zero)", () => {
    expect(
      errors(calculateGhg('fuelEfficiency', { transportType: 'dieselTruck2to4t', distance: 300, fuelEfficiency: 0 })),
    ).toEqual({ fuelEfficiency: [ErrorCode.valueGreaterThan] });
  });

  it('a 0 the method does not use (fuel efficiency, load rate, capacity) does not refuse it', () => {
    const leftOver = { fuelEfficiency: 0, loadRate: 0, maxWeightCapacity: 0 };
    expect(emission(calculateGhg('fuel', { transportType: 'diesel', fuelConsumption: 1, ...leftOver }))).toBe(2580);
    expect(
      emission(
        calculateGhg(
          'tonkilo',
          { transportType: 'railway', weight: 10, distance: 500, ...leftOver },
          { 'tonkilo:railway': { value: 22, source: 'JR Freight' } },
        ),
      ),
    ).toBe(110);
  });
});

describe('methane and nitrous oxide need a distance', () => {
  it('the fuel method has no distance: CH4 and N2O are left out (and said so) even when the project gives per-km factors', () => {
    const perKm = {
      'ch4:diesel': { value: 0.00001, source: 'test' },
      'n2o:diesel': { value: 0.00002, source: 'test' },
    };
    const outcome = calculateGhg('fuel', { transportType: 'diesel', fuelConsumption: 1 }, perKm);
    expect(outcome.ok && [outcome.result.emission, outcome.result.gases, outcome.result.omittedGases]).toEqual([
      2580,
      { CO2: 2580, CH4: null, N2O: null },
      ['CH4', 'N2O'],
    ]);
  });
});

describe('the transport types each method offers', () => {
  const road = [
    'gasoline',
    'diesel',
    'lpg',
    'cityGas',
    'gasolineTruckLight',
    'gasolineTruckUpTo2t',
    'gasolineTruck2tPlus',
    'dieselTruckUpTo1t',
    'dieselTruck1to2t',
    'dieselTruck2to4t',
    'dieselTruck4to6t',
    'dieselTruck6to8t',
    'dieselTruck8to10t',
    'dieselTruck10to12t',
    'dieselTruck12to17t',
  ];

  it("the fuel and fuel-efficiency methods offer the road vehicles, in the widget's order", () => {
    expect(transportTypesFor('fuel')).toEqual(road);
    expect(transportTypesFor('fuelEfficiency')).toEqual(road);
  });

  it('modified ton-kilo offers gasoline and diesel vehicles only; ton-kilo every mode; an unknown method nothing', () => {
    expect(transportTypesFor('modifiedTonkilo')).toEqual(road.filter((t) => t !== 'lpg' && t !== 'cityGas'));
    expect(transportTypesFor('tonkilo')).toEqual(TRANSPORT_TYPES);
    expect(transportTypesFor('tonkilo')).toContain('aviationInternational');
    expect(transportTypesFor('teleport')).toEqual([]);
  });

  it('a railway leg is refused by the fuel-efficiency method with 3063', () => {
    expect(
      errors(calculateGhg('fuelEfficiency', { transportType: 'railway', distance: 300, fuelEfficiency: 4 })),
    ).toEqual({ transportType: [ErrorCode.ghgTransportTypeNotForMethod] });
  });
});

describe('what the server keeps of a submitted emission field (applyGhgEmissions)', () => {
  const field = {
    type: 'ghgEmission',
    key: 'truckEmission',
    label: { en: 'E', ja: 'E', 'zh-TW': 'E', 'zh-CN': 'E' },
    calculationType: 'fuel',
  } as const;
  const where = { type: 'location', key: 'where', label: { en: 'W', ja: 'W', 'zh-TW': 'W', 'zh-CN': 'W' } } as const;
  const tampered = {
    transportType: 'diesel',
    fuelConsumption: 1,
    emission: 1,
    gases: { CO2: 1 },
    factorTableVersion: 'mine',
  };

  it('an emission field left empty gets no emission and no error', () => {
    expect(applyGhgEmissions([field], { truckEmission: {} }, {}, new Set())).toEqual({
      data: { truckEmission: {} },
      errors: {},
    });
  });

  it('a value that is not a GHG object is left as sent, for the schema check to judge', () => {
    expect(applyGhgEmissions([field], { truckEmission: null }, {}, new Set())).toEqual({
      data: { truckEmission: null },
      errors: {},
    });
    expect(withoutComputedGhg('diesel')).toBe('diesel');
    expect(withoutComputedGhg(null)).toBe(null);
  });

  it('a field the schema check already refused is left as sent, without a second error', () => {
    expect(applyGhgEmissions([field], { truckEmission: tampered }, {}, new Set(['truckEmission']))).toEqual({
      data: { truckEmission: tampered },
      errors: {},
    });
  });

  it('other fields are left as sent, a location included', () => {
    const input = { where: { latitude: 35.6, longitude: 139.7, emission: 1 }, truckEmission: tampered };
    const { data, errors: found } = applyGhgEmissions([where, field], input, {}, new Set());
    expect(found).toEqual({});
    expect(data).toEqual({
      where: { latitude: 35.6, longitude: 139.7, emission: 1 },
      truckEmission: {
        transportType: 'diesel',
        fuelConsumption: 1,
        emission: 2580,
        gases: { CO2: 2580, CH4: null, N2O: null },
        factorTableVersion: expect.any(String),
      },
    });
  });
});
