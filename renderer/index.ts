/**
 * The renderer's public entry: configuration -> JSON Schema + UI schema, shared by the client,
 * the server, the QA command and the benchmarks. Pure TypeScript: no React, no DOM, no app code.
 * Three more entries stay apart because they bring large libraries, loaded only where needed:
 * `@renderer/validate` (ajv: server, QA, playground), `@renderer/config-check` (ajv and the
 * configuration's JSON Schema) and `@renderer/calculations` (mathjs formulas).
 */
export {
  compileForm,
  fieldsOf,
  formSourceOfFields,
  stageOf,
  type FormRef,
  type FormSource,
  type FormViewer,
} from './compile-form';
export { DEFAULT_FORM_STATE_BEHAVIOUR, isVisible, orderFields, type CompiledForm, type MaskedField } from './compile';
export { formsOf, suggestionsOf, pointerSegment, type ConfiguredForm } from './forms';
export { ADDRESS_KEYS, SPECIAL_FIELD_NAMES, addressFields, identifierFields, packageFields } from './builtin-forms';
export { messageFor, codeFor, errorsToCodes, errorField, type FieldMessage } from './errors';
export { clampAndRound, roundTo, type DecimalMode } from './numbers';
export { shownValue, type ShownValue } from './display';
export { FIELD_TYPES, FIELD_TYPE_NAMES, type FieldOptions } from './field-types';
export type { NumberOptions } from './field-types/number';
export {
  GHG_INPUTS,
  LOAD_RATE_PERCENT,
  TRANSPORT_TYPES,
  loadRate,
  loadRateFromPercent,
  loadRatePercent,
  type GhgInput,
} from './field-types/ghg-emission';
export {
  calculateGhg,
  GHG_NUMBER_INPUTS,
  GHG_REQUIRED_INPUTS,
  VEHICLE_USAGE_TYPES,
  isGhgCalculationType,
  type GhgCalculationType,
  type GhgGas,
  type GhgInputs,
  type GhgOutcome,
  type GhgResult,
} from './ghg/calculate';
export {
  GHG_FACTORS,
  GHG_FACTOR_TABLE_VERSION,
  factorOf,
  isGhgFactorId,
  type GhgFactor,
  type GhgFactorOverrides,
  type UsedFactor,
} from './ghg/factors';
export {
  FUELS,
  transportInfo,
  transportTypesFor,
  isTransportType,
  type Fuel,
  type TransportType,
} from './ghg/transport-types';
export { textRows, maskToPattern } from './field-types/text';
export { NO_SCAN_FRAME } from './field-types/files';
