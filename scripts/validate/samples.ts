import { FORM_STAGES, type FormStage } from '../../schemas/field-constants';
import { ownValue } from '../../schemas/own-keys';
import type { BarcodeType } from '../../schemas/project-config';
import { compileForm, errorsToCodes, formsOf, type CompiledForm, type FormRef } from '../../renderer';
import { validateFormData, validatorFor } from '../../renderer/validate';

/** A sample form-data file: which form it fills, as whom, the data, and whether it should pass. */
export interface Sample {
  barcodeType: string;
  /** `activation`, `<trackpoint>/<form>`, or one of the built-in forms `address` and `package`. */
  form: string;
  /** The stage the form is drawn at: activation (activation or edit), built-in forms (any; default tracking). */
  stage?: FormStage;
  loggedIn?: boolean;
  /** The package form as a trackpoint that requires package information draws it (measures above 0). */
  packageRequired?: boolean;
  expect?: 'valid' | 'invalid';
  /** Words for the people reading the results: what the sample proves. */
  description?: string;
  data: unknown;
}

const SAMPLE_KEYS = [
  'barcodeType',
  'form',
  'stage',
  'loggedIn',
  'packageRequired',
  'expect',
  'description',
  'data',
] as const;
const BUILTIN_FORMS = ['address', 'package'];

const quoted = (value: unknown) => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value));

/** Everything wrong with a parsed sample file's shape, in words; empty when it is a sample. */
export function sampleShapeProblems(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return ['a sample is an object with barcodeType, form and data'];
  const sample = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of Object.keys(sample))
    if (!(SAMPLE_KEYS as readonly string[]).includes(key))
      problems.push(`unknown property '${key}' (a sample has ${SAMPLE_KEYS.join(', ')})`);
  for (const key of ['barcodeType', 'form'] as const) {
    if (!Object.hasOwn(sample, key)) problems.push(`'${key}' is missing`);
    else if (typeof sample[key] !== 'string' || sample[key] === '') problems.push(`'${key}' must be a non-empty text`);
  }
  if (!Object.hasOwn(sample, 'data')) problems.push("'data' is missing");
  for (const key of ['loggedIn', 'packageRequired'] as const)
    if (Object.hasOwn(sample, key) && typeof sample[key] !== 'boolean')
      problems.push(`'${key}' must be true or false, not ${quoted(sample[key])}`);
  if (Object.hasOwn(sample, 'expect') && sample.expect !== 'valid' && sample.expect !== 'invalid')
    problems.push(`'expect' must be 'valid' or 'invalid', not ${quoted(sample.expect)}`);
  if (Object.hasOwn(sample, 'description') && typeof sample.description !== 'string')
    problems.push("'description' must be a text");
  if (Object.hasOwn(sample, 'stage') && !(FORM_STAGES as readonly unknown[]).includes(sample.stage))
    problems.push(`'stage' must be one of ${FORM_STAGES.join(', ')}, not ${quoted(sample.stage)}`);
  return problems;
}

/** A form found for a sample: compiled as the sample's viewer sees it, and where its fields are configured. */
export interface SampleForm {
  compiled: CompiledForm;
  /** `<barcode type> <form>`, with the stage where it is not the form's usual one. */
  label: string;
  /** The configuration's JSON pointer of the form's fields; none for the built-in forms. */
  pointer?: string;
  builtin: boolean;
}

/** The form a sample fills, compiled as the phone draws it, or why there is none (one line). */
export function formOfSample(barcodeTypes: Record<string, BarcodeType>, sample: Sample): SampleForm | string {
  const type = ownValue(barcodeTypes, sample.barcodeType);
  if (!type) return `no barcode type '${sample.barcodeType}' in the configuration`;
  const viewer = { language: 'en' as const, loggedIn: sample.loggedIn ?? true };
  // The same project code and version as the configuration check, so each form is compiled by ajv once.
  const source = { code: 'qa', version: 1, barcodeTypes };
  const builtin = BUILTIN_FORMS.includes(sample.form);
  if (sample.packageRequired !== undefined && sample.form !== 'package')
    return `'packageRequired' is for the form 'package', not '${sample.form}'`;
  let ref: FormRef;
  let pointer: string | undefined;
  if (builtin) {
    const stage = sample.stage ?? 'tracking';
    // The activation and edit screens draw the package form with the identifiers and the activation fields.
    ref =
      sample.form === 'address'
        ? { form: 'address', barcodeType: sample.barcodeType, stage }
        : {
            form: 'package',
            barcodeType: sample.barcodeType,
            stage,
            packageRequired: sample.packageRequired ?? false,
            withActivationFields: stage !== 'tracking',
          };
  } else {
    const configured = formsOf(sample.barcodeType, type).find((f) => f.form === sample.form);
    if (!configured) return `no form '${sample.form}' in barcode type '${sample.barcodeType}'`;
    pointer = configured.pointer;
    if (configured.ref.form === 'activation') {
      const stage = sample.stage ?? 'activation';
      if (stage === 'tracking')
        return "the activation form is drawn at the stage 'activation' or 'edit', not 'tracking'";
      ref = { ...configured.ref, stage };
    } else {
      if (sample.stage !== undefined && sample.stage !== 'tracking')
        return `a trackpoint form is drawn at the stage 'tracking', not '${sample.stage}'`;
      ref = configured.ref;
    }
  }
  const usualStage = builtin ? 'tracking' : ref.form === 'activation' ? 'activation' : 'tracking';
  const stage = 'stage' in ref ? ref.stage : 'tracking';
  return {
    compiled: compileForm(source, ref, viewer),
    label: `${sample.barcodeType} ${sample.form}${stage === usualStage ? '' : ` (${stage})`}`,
    pointer,
    builtin,
  };
}

/**
 * Error codes by field for a sample's data, as the server checks it: configured forms through the
 * renderer's validateFormData (numbers rounded, calculations computed), the built-in address and
 * package forms against their compiled schema as sent. `$common` holds what concerns the whole data.
 */
export function sampleErrors(form: SampleForm, data: unknown): Record<string, number[]> {
  if (!form.builtin) return validateFormData(form.compiled, data).errors;
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return validateFormData(form.compiled, data).errors;
  const validate = validatorFor(form.compiled);
  return validate(data) ? {} : errorsToCodes(validate.errors ?? []);
}
