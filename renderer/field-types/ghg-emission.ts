import type { GHG_CALCULATION_TYPES } from '@schemas/field-constants';
import { isRecord, type FieldTypeDefinition } from './field-type';

export type GhgCalculationType = (typeof GHG_CALCULATION_TYPES)[number];

/** GHG widget numbers: minimum 0, maximum 9999, 3 decimals (spec sections 5, 9). */
export const GHG_NUMBER = { minimum: 0, maximum: 9999, precision: 3 } as const;

/** Which inputs each calculation type needs (not shown in the spec: decided here, see README). */
export const GHG_INPUTS = {
  fuel: ['transportType', 'fuelConsumption'],
  fuelEfficiency: ['transportType', 'distance', 'fuelConsumption'],
  tonkilo: ['transportType', 'weight', 'distance'],
  modifiedTonkilo: ['transportType', 'vehicleUsageType', 'weight', 'distance', 'maxWeightCapacity', 'loadRate'],
} as const satisfies Record<GhgCalculationType, readonly string[]>;

export type GhgInput = (typeof GHG_INPUTS)[GhgCalculationType][number];

/** Transport types offered (fuels, vehicle weight classes, aviation, container ships, railway). */
export const TRANSPORT_TYPES = [
  'gasoline', 'diesel', 'lpg', 'cng', 'truckUpTo2t', 'truck2to4t', 'truck4to10t', 'truckOver10t', 'aviation', 'containerShip', 'railway',
] as const;

/**
 * Load rate for GHG calculations (spec section 5): weight / max weight capacity rounded to 4
 * decimals; 0 when either is 0 or less. Shown as a percent with 2 decimals.
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
  inputs: readonly GhgInput[];
  minimum: number;
  maximum: number;
  precision: number;
}

/**
 * The inputs of a vehicle GHG emission calculation (spec sections 3, 5) by calculation type:
 * numbers 0 to 9999 with 3 decimals, a load rate as a fraction 0 to 1. The emission is
 * computed by the calculation review, not entered.
 */
export const ghgEmission: FieldTypeDefinition<'ghgEmission', GhgEmissionOptions> = {
  compile(field) {
    const n = { type: 'number', minimum: GHG_NUMBER.minimum, maximum: GHG_NUMBER.maximum };
    return {
      schema: {
        type: 'object',
        properties: {
          transportType: { type: 'string', minLength: 1, maxLength: 64 },
          vehicleUsageType: { type: 'string', enum: ['business', 'private'] },
          weight: n, distance: n, maxWeightCapacity: n, fuelConsumption: n,
          loadRate: { type: 'number', minimum: 0, maximum: 1 },
          emission: { type: 'number', minimum: 0 },
        },
        additionalProperties: false,
      },
      options: { calculationType: field.calculationType, inputs: GHG_INPUTS[field.calculationType], ...GHG_NUMBER },
    };
  },
  display: (_field, value) => (isRecord(value) && typeof value.emission === 'number' ? { kind: 'text', text: `${value.emission} kg-CO2e` } : { kind: 'empty' }),
};
