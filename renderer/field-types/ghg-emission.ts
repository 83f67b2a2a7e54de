import {
  GHG_INPUTS,
  GHG_NUMBER,
  VEHICLE_USAGE_TYPES,
  type GhgCalculationType,
  type GhgInputName,
} from '../ghg/calculate';
import { isRecord, type FieldTypeDefinition } from './field-type';

export { GHG_INPUTS, GHG_NUMBER } from '../ghg/calculate';

/**
 * Load rate for GHG calculations: weight / max weight capacity rounded to 4 decimals; 0 when
 * either is 0 or less. Shown as a percent with 2 decimals.
 */
export function loadRate(weight: number | undefined, maxWeightCapacity: number | undefined): number {
  // Stryker disable next-line EqualityOperator: equivalent; a weight or capacity of 0 is already caught by the falsy checks, so <= 0 and < 0 answer alike
  if (!weight || !maxWeightCapacity || weight <= 0 || maxWeightCapacity <= 0) return 0;
  return Math.round((weight / maxWeightCapacity) * 10000) / 10000;
}

/** The load rate as it is typed and shown: a percent from 0 to 100 with 2 decimals. */
export const LOAD_RATE_PERCENT = { min: 0, max: 100, precision: 2 } as const;

/** A load rate (a fraction) as the percent shown, with 2 decimals. */
export const loadRatePercent = (rate: number) => Math.round(rate * 100 * 100) / 100;

/** A load rate typed as a percent, stored as a fraction with 4 decimals. */
export const loadRateFromPercent = (percent: number) => Math.round((percent / 100) * 10000) / 10000;

export interface GhgEmissionOptions {
  calculationType: GhgCalculationType;
  /** The inputs this calculation type asks for, in the order they are drawn. */
  inputs: readonly GhgInputName[];
  minimum: number;
  maximum: number;
  precision: number;
}

/**
 * The inputs of a vehicle GHG emission calculation by calculation type: numbers 0 to 9999 with
 * 3 decimals, a load rate as a fraction 0 to 1. The emission is computed by the server
 * (renderer/ghg/calculate.ts), shown by the calculation review, never entered.
 */
export const ghgEmission: FieldTypeDefinition<'ghgEmission', GhgEmissionOptions> = {
  compile(field) {
    const nullableKg = { type: ['number', 'null'], minimum: 0 };
    const n = { type: 'number', minimum: GHG_NUMBER.minimum, maximum: GHG_NUMBER.maximum };
    return {
      schema: {
        type: 'object',
        properties: {
          // Checked against the transport types by the calculation (invalidKey, ghgTransportTypeNotForMethod).
          transportType: { type: 'string', minLength: 1, maxLength: 64 },
          vehicleUsageType: { type: 'string', enum: VEHICLE_USAGE_TYPES },
          weight: n,
          distance: n,
          maxWeightCapacity: n,
          fuelConsumption: n,
          fuelEfficiency: n,
          loadRate: { type: 'number', minimum: 0, maximum: 1 },
          // Computed by the server on activation and tracking (never taken from the client): kg-CO2e,
          // kg per gas, and the factor table's version.
          emission: { type: 'number', minimum: 0 },
          gases: {
            type: 'object',
            properties: { CO2: nullableKg, CH4: nullableKg, N2O: nullableKg },
            additionalProperties: false,
          },
          factorTableVersion: { type: 'string', maxLength: 100 },
        },
        additionalProperties: false,
      },
      options: { calculationType: field.calculationType, inputs: GHG_INPUTS[field.calculationType], ...GHG_NUMBER },
    };
  },
  display: (_field, value) =>
    isRecord(value) && typeof value.emission === 'number'
      ? { kind: 'text', text: `${value.emission} kg-CO2e` }
      : { kind: 'empty' },
};
