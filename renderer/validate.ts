import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { isStoredFileUrlOf } from '@schemas/api/files';
import { ErrorCode } from '@schemas/error-codes';
import type { CustomField } from '@schemas/custom-field';
import type { CompiledForm } from './compile';
import { errorsToCodes } from './errors';
import { applyCalculations } from './calculations';
import { applyGhgEmissions, withoutComputedGhg } from './ghg/apply';
import type { GhgFactorOverrides } from './ghg/factors';
import { definitionOf } from './field-types';
import { evaluateRules, isEmptyValue, rulesOf, type RulesVerdict } from './form-rules';
import type { LocalizedText } from '@schemas/common';

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
  /** ErrorCodes by field key; empty when the data is good. */
  errors: Record<string, number[]>;
  /** The configured message of each field whose value fails its constraint (form logic), in the four languages. */
  messages?: Record<string, LocalizedText>;
}

/** Brings a value to what its type stores (numbers to their precision, the way the widgets do on the phone). */
function normalise(field: CustomField, value: unknown): unknown {
  const definition = definitionOf(field);
  return definition.normalise ? definition.normalise(field, value) : value;
}

/** The URLs of uploaded files a value holds, as its type says (files, signatures; none for the rest). */
const fileUrlsOf = (field: CustomField, value: unknown): unknown[] =>
  definitionOf(field).fileUrls?.(field, value) ?? [];

/** Options of a validation on the server. */
export interface ValidationOptions {
  /**
   * The barcode the data is saved to: files and signatures must then be its own uploads
   * (`/api/barcode/file/<barcodeId>/<name>`), never another site's or script URLs
   * (ErrorCode.invalidFormat).
   */
  barcodeId?: string;
  /** The project's replacements of GHG factors (its configuration's `ghg.factors`). */
  ghgFactors?: GhgFactorOverrides;
  /** Today as YYYY-MM-DD for rules that read today(); the machine's UTC date when absent. */
  today?: string;
}

/**
 * The refusals of the form's rules (form logic), from their verdict on the computed data: a value for a field that is not relevant
 * is refused (ErrorCode.invalidKey, as for a hidden field; an empty one is dropped), a field a rule
 * makes required and left empty is ErrorCode.emptyField, a value failing its constraint
 * ErrorCode.invalidFormat with the constraint's message. Fields the schema already refused keep
 * that refusal. The phone applies the same rules before it sends (docs/admins/form-logic.md).
 */
function ruleErrors(
  verdict: RulesVerdict,
  data: Record<string, unknown>,
  refused: ReadonlySet<string>,
): { errors: Record<string, number[]>; messages: Record<string, LocalizedText>; values: Record<string, unknown> } {
  const errors: Record<string, number[]> = {};
  const messages: Record<string, LocalizedText> = {};
  for (const key of verdict.hidden) if (!isEmptyValue(data[key])) errors[key] = [ErrorCode.invalidKey];
  for (const key of verdict.missing) if (!refused.has(key)) errors[key] = [ErrorCode.emptyField];
  for (const { key, message } of verdict.failed) {
    if (refused.has(key)) continue;
    errors[key] = [ErrorCode.invalidFormat];
    if (message) messages[key] = message;
  }
  const values = { ...data };
  for (const key of verdict.hidden) delete values[key];
  return { errors, messages, values };
}

/**
 * Validates submitted custom-field data with the same compiled schema the form was drawn from
 * (the server's half of the renderer). Fields the viewer may not see are unknown keys here and
 * refused; calculation values and GHG emissions are computed, whatever the client sent. A
 * required field holding only white space is missing (ErrorCode.emptyField); a value is kept as
 * typed (not trimmed).
 */
export function validateFormData(form: CompiledForm, input: unknown, options: ValidationOptions = {}): FormValidation {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { data: {}, errors: { $common: [ErrorCode.invalidFormat] } };
  const normalised: Record<string, unknown> = { ...input };
  const required = new Set(form.schema.required);
  for (const field of form.fields) {
    if (!Object.hasOwn(normalised, field.key)) continue;
    const value = normalised[field.key];
    if (required.has(field.key) && typeof value === 'string' && value.trim() === '') delete normalised[field.key];
    else normalised[field.key] = normalise(field, field.type === 'ghgEmission' ? withoutComputedGhg(value) : value);
  }
  const calculated = applyCalculations(form.fields, normalised);
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const verdict = evaluateRules(rulesOf(form.fields), calculated.data, today);
  // An empty value of a field that is not relevant is dropped before the schema sees it; any other is refused below.
  for (const key of verdict.hidden) if (isEmptyValue(calculated.data[key])) delete calculated.data[key];
  const validate = validatorFor(form);
  // Stryker disable next-line ArrayDeclaration: equivalent; ajv always sets errors when validation fails, so the fallback list is never used
  const found = validate(calculated.data) ? {} : errorsToCodes(validate.errors ?? []);
  // GHG emissions are computed from inputs the schema accepted, whatever the client sent.
  const ghg = applyGhgEmissions(form.fields, calculated.data, options.ghgFactors ?? {}, new Set(Object.keys(found)));
  const rules = ruleErrors(verdict, ghg.data, new Set(Object.keys(found)));
  const data = rules.values;
  const errors = { ...calculated.errors, ...ghg.errors };
  const { barcodeId } = options;
  const badUrls =
    barcodeId === undefined
      ? []
      : form.fields.filter(
          (f) =>
            Object.hasOwn(data, f.key) && fileUrlsOf(f, data[f.key]).some((url) => !isStoredFileUrlOf(url, barcodeId)),
        );
  return {
    data,
    errors: {
      ...errors,
      ...found,
      ...rules.errors,
      ...Object.fromEntries(badUrls.map((f) => [f.key, [ErrorCode.invalidFormat]])),
    },
    // Only where a constraint failed: most answers have no message of their own.
    ...(Object.keys(rules.messages).length > 0 ? { messages: rules.messages } : {}),
  };
}
