import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { ErrorCode } from '@schemas/error-codes';
import type { CustomField } from '@schemas/custom-field';
import type { CompiledForm } from './compile';
import { errorsToCodes } from './errors';
import { DEFAULT_PRECISION } from './field-schemas';
import { FormulaError, parseFormula, roundTo, type ParsedFormula } from './formula';

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });
addFormats(ajv, { keywords: true });

/** One ajv function per schema `$id`: a form is compiled by ajv once, then reused. */
export function validatorFor(form: CompiledForm): ValidateFunction {
  const existing = ajv.getSchema(form.schema.$id);
  if (existing) return existing;
  ajv.addSchema(form.schema);
  return ajv.getSchema(form.schema.$id) as ValidateFunction;
}

const formulas = new Map<string, ParsedFormula>();
function formulaOf(field: Extract<CustomField, { type: 'calculation' }>): ParsedFormula {
  let parsed = formulas.get(field.formula);
  if (!parsed) {
    parsed = parseFormula(field.formula);
    formulas.set(field.formula, parsed);
  }
  return parsed;
}

/**
 * The value of a calculation field from the other values, rounded to its precision; undefined
 * while an input it needs is empty. Throws FormulaError when the formula cannot be evaluated.
 */
export function calculate(field: Extract<CustomField, { type: 'calculation' }>, values: Record<string, unknown>): number | undefined {
  const formula = formulaOf(field);
  const scope: Record<string, number> = {};
  for (const name of formula.variables) {
    const value = values[name];
    if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
    scope[name] = value;
  }
  return roundTo(formula.evaluate(scope), field.precision ?? DEFAULT_PRECISION);
}

export interface FormValidation {
  /** The data as it is stored: numbers at their precision, calculations computed. */
  data: Record<string, unknown>;
  /** Catalogue codes by field key (spec section 8); empty when the data is good. */
  errors: Record<string, number[]>;
}

/** Brings numbers to their field's precision, the way the widgets do on the phone. */
function normalise(field: CustomField, value: unknown): unknown {
  if (typeof value !== 'number') return value;
  if (field.type === 'number') return roundTo(value, field.precision ?? DEFAULT_PRECISION, field.decimalMode);
  if (field.type === 'weightMeasurement') return roundTo(value, field.precision ?? DEFAULT_PRECISION);
  return value;
}

/**
 * Validates submitted custom-field data with the same compiled schema the form was drawn from
 * (the server's half of the renderer). Fields the viewer may not see are unknown keys here and
 * refused; calculation values are computed, whatever the client sent.
 */
export function validateFormData(form: CompiledForm, input: unknown): FormValidation {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { data: {}, errors: { $common: [ErrorCode.invalidFormat] } };
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) data[key] = value;
  const errors: Record<string, number[]> = {};
  for (const field of form.fields) {
    if (field.type === 'calculation') continue;
    if (field.key in data) data[field.key] = normalise(field, data[field.key]);
  }
  for (const field of form.fields) {
    if (field.type !== 'calculation') continue;
    delete data[field.key];
    try {
      const value = calculate(field, data);
      if (value !== undefined) data[field.key] = value;
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error;
      errors[field.key] = [ErrorCode.formulaIncorrect];
    }
  }
  const validate = validatorFor(form);
  if (!validate(data)) Object.assign(errors, errorsToCodes(validate.errors ?? []));
  return { data, errors };
}
