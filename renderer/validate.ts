import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { ErrorCode } from '@schemas/error-codes';
import type { CustomField } from '@schemas/custom-field';
import type { CompiledForm } from './compile';
import { errorsToCodes } from './errors';
import { applyCalculations } from './calculations';
import { definitionOf } from './field-types';

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });
addFormats(ajv, { keywords: true });

/** One ajv function per schema `$id`: a form is compiled by ajv once, then reused. */
export function validatorFor(form: CompiledForm): ValidateFunction {
  const existing = ajv.getSchema(form.schema.$id);
  if (existing) return existing;
  ajv.addSchema(form.schema);
  return ajv.getSchema(form.schema.$id) as ValidateFunction;
}

export interface FormValidation {
  /** The data as it is stored: numbers at their precision, calculations computed. */
  data: Record<string, unknown>;
  /** Catalogue codes by field key (spec section 8); empty when the data is good. */
  errors: Record<string, number[]>;
}

/** Brings a value to what its type stores (numbers to their precision, the way the widgets do on the phone). */
function normalise(field: CustomField, value: unknown): unknown {
  const definition = definitionOf(field);
  return definition.normalise ? definition.normalise(field, value) : value;
}

/**
 * Validates submitted custom-field data with the same compiled schema the form was drawn from
 * (the server's half of the renderer). Fields the viewer may not see are unknown keys here and
 * refused; calculation values are computed, whatever the client sent.
 */
export function validateFormData(form: CompiledForm, input: unknown): FormValidation {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { data: {}, errors: { $common: [ErrorCode.invalidFormat] } };
  const normalised: Record<string, unknown> = { ...input };
  for (const field of form.fields) {
    if (field.key in normalised) normalised[field.key] = normalise(field, normalised[field.key]);
  }
  const { data, errors } = applyCalculations(form.fields, normalised);
  const validate = validatorFor(form);
  if (!validate(data)) Object.assign(errors, errorsToCodes(validate.errors ?? []));
  return { data, errors };
}
