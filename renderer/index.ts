/**
 * The renderer's public entry: configuration -> JSON Schema + UI schema, shared by the client,
 * the server, the QA command and the benchmarks. Pure TypeScript: no React, no DOM, no app code.
 * Three more entries stay apart because they bring large libraries, loaded only where needed:
 * `@renderer/validate` (ajv: server, QA, playground), `@renderer/config-check` (ajv and the
 * configuration's JSON Schema) and `@renderer/calculations` (mathjs formulas).
 */
export {
  compileForm,
  formSourceOfFields,
  stageOf,
  type FormRef,
  type FormSource,
  type FormViewer,
} from './compile-form';
export { DEFAULT_FORM_STATE_BEHAVIOUR, isVisible, type CompiledForm } from './compile';
export { formsOf, suggestionsOf, type ConfiguredForm } from './forms';
export { ADDRESS_KEYS, SPECIAL_FIELD_NAMES } from './builtin-forms';
export { messageFor, codeFor, errorsToCodes } from './errors';
export { clampAndRound, roundTo } from './numbers';
export { shownValue, type ShownValue } from './display';
export { FIELD_TYPE_NAMES, type FieldOptions } from './field-types';
export { formulaInWords } from './field-types/calculation';
export type { NumberOptions } from './field-types/number';
export { LOAD_RATE_PERCENT, loadRate, loadRateFromPercent, loadRatePercent } from './field-types/ghg-emission';
export { calculateGhg, type GhgInputs } from './ghg/calculate';
export { transportInfo, transportTypesFor, isTransportType } from './ghg/transport-types';
export { NO_SCAN_FRAME } from './field-types/files';
