import { Type, type Static } from 'typebox';
import { envelope } from '../common';
import { BARCODE_ID_PATTERN } from './barcode';
import { UUID_PATTERN_SOURCE } from '../validation';

/**
 * GHG emission of transport: the calculation review, a barcode's emissions over its journey and
 * a project's report. The emission itself is computed by renderer/ghg/calculate.ts (METI/MLIT
 * joint guideline Ver.3.2 methods).
 */

const ProjectId = Type.String({ pattern: UUID_PATTERN_SOURCE });
// The calculation checks ranges, decimals and choices itself, so its codes name the input
// (e.g. ErrorCode.valueLessThanOrEqual under `input.distance`); the schema only bounds what is read.
const amount = Type.Optional(Type.Number());
const choice = Type.Optional(Type.String({ maxLength: 64 }));

/**
 * The inputs of one calculation, as the GHG emission widget holds them, in the guideline's units
 * (renderer/ghg/calculate.ts lists them).
 */
export const GhgInput = Type.Object(
  {
    transportType: choice,
    vehicleUsageType: choice,
    weight: amount,
    distance: amount,
    maxWeightCapacity: amount,
    fuelConsumption: amount,
    fuelEfficiency: amount,
    loadRate: amount,
  },
  { additionalProperties: false },
);

/** POST /barcode/review-calculation: the emission of the inputs, before they are submitted. */
export const ReviewCalculationBody = Type.Object(
  {
    projectId: ProjectId,
    /** fuel, fuelEfficiency, modifiedTonkilo or tonkilo; another is ErrorCode.ghgUnsupportedCalculationType. */
    calculationType: Type.String({ minLength: 1, maxLength: 64 }),
    input: GhgInput,
  },
  { additionalProperties: false },
);
export type ReviewCalculationBody = Static<typeof ReviewCalculationBody>;

const gasAmounts = Type.Object({
  CO2: Type.Number(),
  CH4: Type.Union([Type.Number(), Type.Null()]),
  N2O: Type.Union([Type.Number(), Type.Null()]),
});
const GasName = Type.Union([Type.Literal('CO2'), Type.Literal('CH4'), Type.Literal('N2O')]);

export const UsedFactor = Type.Object({
  id: Type.String(),
  method: Type.String(),
  subject: Type.String(),
  class: Type.Optional(Type.String()),
  value: Type.Number(),
  unit: Type.String(),
  source: Type.String(),
  version: Type.String(),
  overridden: Type.Boolean(),
});

export const GhgResult = Type.Object({
  calculationType: Type.String(),
  transportType: Type.String(),
  /** kg-CO2e. */
  emission: Type.Number(),
  /** kg of each gas; null: no factor, left out of the total. */
  gases: gasAmounts,
  co2e: gasAmounts,
  omittedGases: Type.Array(GasName),
  factors: Type.Array(UsedFactor),
  factorTableVersion: Type.String(),
});
export type GhgResult = Static<typeof GhgResult>;
export const ReviewCalculationResponse = envelope(GhgResult);

/** One stored emission of a barcode: a GHG field of its activation or of a tracking step. */
export const GhgLeg = Type.Object({
  /** The history entry (the activation or the tracking step) the emission belongs to. */
  seq: Type.Integer(),
  trackPointKey: Type.String(),
  /** When the step was added (ISO). */
  at: Type.String(),
  fieldKey: Type.String(),
  transportType: Type.String(),
  emission: Type.Number(),
  gases: gasAmounts,
});
export type GhgLeg = Static<typeof GhgLeg>;

/** GET /barcode/ghg-emissions: the emissions of the barcode's present trip and their total. */
export const GhgEmissionsQuery = Type.Object(
  { barcodeId: Type.String({ pattern: BARCODE_ID_PATTERN }) },
  { additionalProperties: false },
);
export type GhgEmissionsQuery = Static<typeof GhgEmissionsQuery>;
export const GhgEmissions = Type.Object({ total: Type.Number(), legs: Type.Array(GhgLeg) });
export const GhgEmissionsResponse = envelope(GhgEmissions);

/** GET /barcode/ghg-report: a project's emissions between two days (YYYYMMDD, inclusive, in the caller's time zone). */
export const GhgReportQuery = Type.Object(
  {
    projectId: ProjectId,
    from: Type.String({ pattern: '^[0-9]{8}$' }),
    to: Type.String({ pattern: '^[0-9]{8}$' }),
    /** Hours east of UTC of the caller's days. */
    utcOffset: Type.Number({ minimum: -12, maximum: 14 }),
  },
  { additionalProperties: false },
);
export type GhgReportQuery = Static<typeof GhgReportQuery>;

/** The emissions of one trackpoint leg with one transport type. */
export const GhgReportRow = Type.Object({
  trackPointKey: Type.String(),
  transportType: Type.String(),
  /** How many stored emissions (fields of steps) the row sums. */
  count: Type.Integer(),
  emission: Type.Number(),
  CO2: Type.Number(),
  CH4: Type.Number(),
  N2O: Type.Number(),
});
export type GhgReportRow = Static<typeof GhgReportRow>;
export const GhgReport = Type.Object({
  from: Type.String(),
  to: Type.String(),
  total: Type.Number(),
  rows: Type.Array(GhgReportRow),
});
export type GhgReport = Static<typeof GhgReport>;
export const GhgReportResponse = envelope(GhgReport);
