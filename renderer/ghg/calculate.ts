import { ErrorCode } from '@schemas/error-codes';
import { GHG_CALCULATION_TYPES } from '@schemas/field-constants';
import { roundTo } from '../numbers';
import {
  defaultEfficiencyId,
  factorOf,
  fuelFactorId,
  GHG_FACTOR_TABLE_VERSION,
  tonkiloFactorId,
  type GhgFactorOverrides,
  type UsedFactor,
} from './factors';
import { isTransportType, transportInfo, transportTypesFor, type Fuel, type TransportType } from './transport-types';

/**
 * Transport GHG emission by the four methods of Japan's logistics CO2 guideline (METI/MLIT joint
 * guideline Ver.3.2): pure, shared by the widget's review, the server's recomputation on
 * activation and tracking, and the report. Units: weight and max weight capacity in tonnes,
 * distance in km, fuel consumption in thousands of the fuel's unit (kL of gasoline or diesel,
 * t of LPG, 1,000 m3N of city gas), fuel efficiency in km per L (per kg, per m3N), load rate
 * a fraction. Results in kg, rounded to 3 decimals.
 */

export type GhgCalculationType = (typeof GHG_CALCULATION_TYPES)[number];

export const GHG_NUMBER_INPUTS = [
  'weight',
  'distance',
  'maxWeightCapacity',
  'fuelConsumption',
  'fuelEfficiency',
  'loadRate',
] as const;
export type GhgNumberInput = (typeof GHG_NUMBER_INPUTS)[number];
export type GhgInputName = GhgNumberInput | 'transportType' | 'vehicleUsageType';

/** The inputs of one GHG calculation, as the widget holds them. */
export type GhgInputs = Partial<Record<GhgNumberInput, number>> & { transportType?: string; vehicleUsageType?: string };

/**
 * Which inputs each calculation type needs, decided here from what each method's formula reads.
 * fuelEfficiency takes the vehicle's own km/L when known, else the guideline's default for the
 * truck class and its use (business or private): `fuelEfficiency` and `vehicleUsageType` are
 * then each optional, one of them needed (see `calculateGhg`).
 */
export const GHG_REQUIRED_INPUTS = {
  fuel: ['transportType', 'fuelConsumption'],
  fuelEfficiency: ['transportType', 'distance'],
  modifiedTonkilo: ['transportType', 'vehicleUsageType', 'weight', 'distance', 'maxWeightCapacity', 'loadRate'],
  tonkilo: ['transportType', 'weight', 'distance'],
} as const satisfies Record<GhgCalculationType, readonly GhgInputName[]>;

/** The inputs each calculation type draws, in order: the required ones and the optional ones. */
export const GHG_INPUTS = {
  fuel: GHG_REQUIRED_INPUTS.fuel,
  fuelEfficiency: ['transportType', 'vehicleUsageType', 'distance', 'fuelEfficiency'],
  modifiedTonkilo: GHG_REQUIRED_INPUTS.modifiedTonkilo,
  tonkilo: GHG_REQUIRED_INPUTS.tonkilo,
} as const satisfies Record<GhgCalculationType, readonly GhgInputName[]>;

/** The limits of every GHG number input (the load rate has its own). */
export const GHG_NUMBER = { minimum: 0, maximum: 9999, precision: 3 } as const;
export const VEHICLE_USAGE_TYPES = ['business', 'private'] as const;

export type GhgGas = 'CO2' | 'CH4' | 'N2O';
export type GasAmounts = { CO2: number; CH4: number | null; N2O: number | null };

/** A computed emission: per gas (kg of the gas), the total in kg-CO2e, and every factor used with its source. */
export interface GhgResult {
  calculationType: GhgCalculationType;
  transportType: TransportType;
  /** Total, kg-CO2e: CO2 plus each computed gas times its global-warming potential. */
  emission: number;
  /** kg of each gas; null when its factor is absent (the gas is then left out of `emission`). */
  gases: GasAmounts;
  /** kg-CO2e of each gas. */
  co2e: GasAmounts;
  /** The gases left out of the total because no factor applies (listed so a report can say so). */
  omittedGases: GhgGas[];
  factors: UsedFactor[];
  factorTableVersion: string;
}

export type GhgOutcome = { ok: true; result: GhgResult } | { ok: false; errors: Record<string, number[]> };

export const isGhgCalculationType = (value: unknown): value is GhgCalculationType =>
  typeof value === 'string' && (GHG_CALCULATION_TYPES as readonly string[]).includes(value);

const missing = Symbol('missing factor');

/** Per input, its catalogue code when it is not a number in its range with at most 3 decimals. */
function numberErrors(inputs: GhgInputs): Record<string, number[]> {
  const errors: Record<string, number[]> = {};
  for (const name of GHG_NUMBER_INPUTS) {
    const value: unknown = inputs[name];
    if (value === undefined) continue;
    const max = name === 'loadRate' ? 1 : GHG_NUMBER.maximum;
    const decimals = name === 'loadRate' ? 4 : GHG_NUMBER.precision;
    if (typeof value !== 'number' || !Number.isFinite(value)) errors[name] = [ErrorCode.invalidFormat];
    else if (value < GHG_NUMBER.minimum) errors[name] = [ErrorCode.valueGreaterThanOrEqual];
    else if (value > max) errors[name] = [ErrorCode.valueLessThanOrEqual];
    else if (roundTo(value, decimals) !== value) errors[name] = [ErrorCode.digitsAndDecimals];
  }
  return errors;
}

/** Checks the inputs a calculation type needs; the errors by input name, empty when the inputs are good. */
export function ghgInputErrors(calculationType: GhgCalculationType, inputs: GhgInputs): Record<string, number[]> {
  const errors = numberErrors(inputs);
  for (const name of GHG_REQUIRED_INPUTS[calculationType]) {
    const value = inputs[name];
    if (value === undefined || value === '') errors[name] = [ErrorCode.emptyField];
  }
  const { transportType, vehicleUsageType } = inputs;
  if (transportType !== undefined && transportType !== '' && !errors.transportType) {
    if (!isTransportType(transportType)) errors.transportType = [ErrorCode.invalidKey];
    else if (!transportTypesFor(calculationType).includes(transportType))
      errors.transportType = [ErrorCode.ghgTransportTypeNotForMethod];
  }
  if (
    vehicleUsageType !== undefined &&
    !errors.vehicleUsageType &&
    !(VEHICLE_USAGE_TYPES as readonly string[]).includes(vehicleUsageType)
  ) {
    errors.vehicleUsageType = [ErrorCode.invalidFormat];
  }
  if (calculationType === 'fuelEfficiency' && inputs.fuelEfficiency === undefined && !errors.fuelEfficiency) {
    // Without the vehicle's own efficiency, the default needs a truck class and its use.
    const isTruck = isTransportType(transportType) && 'truck' in transportInfo(transportType);
    if (!isTruck || vehicleUsageType === undefined) errors.fuelEfficiency = [ErrorCode.emptyField];
  }
  if (calculationType === 'fuelEfficiency' && inputs.fuelEfficiency === 0)
    errors.fuelEfficiency = [ErrorCode.valueGreaterThan];
  if (calculationType === 'modifiedTonkilo') {
    // ln(0) has no value: an empty truck or a truck of no capacity has no ton-kilo intensity.
    if (inputs.loadRate === 0) errors.loadRate = [ErrorCode.valueGreaterThan];
    if (inputs.maxWeightCapacity === 0) errors.maxWeightCapacity = [ErrorCode.valueGreaterThan];
  }
  return errors;
}

interface CarbonDioxide {
  co2: number;
  factors: UsedFactor[];
}

function need(id: string, overrides: GhgFactorOverrides, used: UsedFactor[]): number {
  const factor = factorOf(id, overrides);
  if (!factor) throw missing;
  used.push(factor);
  return factor.value;
}

/** CO2 in kg by the calculation type's formula (inputs already checked). */
function carbonDioxide(
  calculationType: GhgCalculationType,
  type: TransportType,
  inputs: GhgInputs,
  overrides: GhgFactorOverrides,
): CarbonDioxide {
  const factors: UsedFactor[] = [];
  const fuel = transportInfo(type).fuel as Fuel;
  const n = (name: GhgNumberInput) => inputs[name] as number;
  switch (calculationType) {
    case 'fuel':
      // Thousands of the fuel's unit (kL, t, 1,000 m3N) times the factor per unit.
      return { co2: n('fuelConsumption') * 1000 * need(fuelFactorId(fuel), overrides, factors), factors };
    case 'fuelEfficiency': {
      const efficiency =
        inputs.fuelEfficiency ?? need(defaultEfficiencyId(type, inputs.vehicleUsageType as string), overrides, factors);
      return { co2: (n('distance') / efficiency) * need(fuelFactorId(fuel), overrides, factors), factors };
    }
    case 'modifiedTonkilo': {
      const coefficient = (k: 'a' | 'b' | 'c') => need(`modifiedTonkilo:${fuel}.${k}`, overrides, factors);
      const [a, b, c] = [coefficient('a'), coefficient('b'), coefficient('c')];
      const x = n('loadRate') * 100;
      // The unit trap: z is the maximum load in kg, entered in tonnes.
      const z = n('maxWeightCapacity') * 1000;
      const litresPerTonKm = Math.exp(a - b * Math.log(x / 100) - c * Math.log(z));
      return {
        co2: n('weight') * n('distance') * litresPerTonKm * need(fuelFactorId(fuel), overrides, factors),
        factors,
      };
    }
    case 'tonkilo':
      // g-CO2 per ton-km to kg.
      return { co2: (n('weight') * n('distance') * need(tonkiloFactorId(type), overrides, factors)) / 1000, factors };
  }
}

/** CH4 or N2O in kg from the per-vehicle-km factor; null when the factor or the distance is absent. */
function otherGas(
  gas: 'CH4' | 'N2O',
  type: TransportType,
  inputs: GhgInputs,
  overrides: GhgFactorOverrides,
  used: UsedFactor[],
): { kg: number; co2e: number } | null {
  const perKm = factorOf(`${gas.toLowerCase()}:${type}`, overrides);
  const gwp = factorOf(`gwp:${gas}`, overrides);
  if (!perKm || !gwp || inputs.distance === undefined) return null;
  used.push(perKm, gwp);
  const kg = inputs.distance * perKm.value;
  return { kg: roundTo(kg, 3), co2e: roundTo(kg * gwp.value, 3) };
}

/**
 * The emission of one transport leg by `calculationType`, or the ErrorCodes by input name
 * (emptyField missing, invalidFormat / invalidKey invalid, valueGreaterThan zero where a formula
 * divides or takes a log, valueGreaterThanOrEqual / valueLessThanOrEqual out of range,
 * digitsAndDecimals too many decimals, ghgTransportTypeNotForMethod) or under `$common`
 * (ghgUnsupportedCalculationType, ghgFactorMissing: a needed factor absent).
 */
export function calculateGhg(
  calculationType: string,
  inputs: GhgInputs,
  overrides: GhgFactorOverrides = {},
): GhgOutcome {
  if (!isGhgCalculationType(calculationType))
    return { ok: false, errors: { $common: [ErrorCode.ghgUnsupportedCalculationType] } };
  const errors = ghgInputErrors(calculationType, inputs);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const type = inputs.transportType as TransportType;
  let co2: CarbonDioxide;
  try {
    co2 = carbonDioxide(calculationType, type, inputs, overrides);
  } catch (error) {
    if (error === missing) return { ok: false, errors: { $common: [ErrorCode.ghgFactorMissing] } };
    throw error;
  }
  const factors = [...co2.factors];
  const ch4 = otherGas('CH4', type, inputs, overrides, factors);
  const n2o = otherGas('N2O', type, inputs, overrides, factors);
  const co2Kg = roundTo(co2.co2, 3);
  return {
    ok: true,
    result: {
      calculationType,
      transportType: type,
      emission: roundTo(co2.co2 + (ch4?.co2e ?? 0) + (n2o?.co2e ?? 0), 3),
      gases: { CO2: co2Kg, CH4: ch4?.kg ?? null, N2O: n2o?.kg ?? null },
      co2e: { CO2: co2Kg, CH4: ch4?.co2e ?? null, N2O: n2o?.co2e ?? null },
      omittedGases: [...(ch4 ? [] : ['CH4' as const]), ...(n2o ? [] : ['N2O' as const])],
      factors,
      factorTableVersion: GHG_FACTOR_TABLE_VERSION,
    },
  };
}
