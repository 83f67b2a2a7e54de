import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { ProjectConfig } from '@schemas/project-config';
import type { CustomField } from '@schemas/custom-field';
import { CUSTOM_FIELD_TYPES } from '@schemas/field-constants';
import { FormulaError, parseFormula } from './formula';
import { formsOf } from './forms';

/** One thing wrong with a configuration: where (a JSON pointer) and what, in an admin's words. */
export interface ConfigProblem {
  pointer: string;
  message: string;
}

// verbose: errors carry their schema, whose description says what form a value should have.
const ajv = new Ajv({ allErrors: true, discriminator: true, strict: false, verbose: true });
addFormats(ajv);
const validateSchema = ajv.compile<ProjectConfig>(ProjectConfig);

/** Names the activation data already has (spec section 3): custom fields may not reuse them. */
export const SPECIAL_FIELD_NAMES = ['trackingNumber', 'externalId', 'dimension', 'width', 'height', 'weight', 'depth'] as const;

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function describe(error: ErrorObject): ConfigProblem {
  const params = error.params as Record<string, unknown>;
  const at = error.instancePath || '';
  const schema = error.parentSchema as { description?: string } | undefined;
  switch (error.keyword) {
    case 'required':
      return { pointer: at || '/', message: `missing required property '${String(params.missingProperty)}'` };
    case 'additionalProperties':
      return { pointer: `${at}/${escape(String(params.additionalProperty))}`, message: `unknown property '${String(params.additionalProperty)}': not part of the format here (check the spelling)` };
    case 'type':
      return { pointer: at, message: `must be ${params.type === 'integer' ? 'a whole number' : `of type ${String(params.type)}`}` };
    case 'enum':
      return { pointer: at, message: `must be one of: ${(params.allowedValues as unknown[]).join(', ')}` };
    case 'const':
      return { pointer: at, message: `must be '${String(params.allowedValue)}'` };
    case 'discriminator':
      return { pointer: `${at}/type`, message: params.error === 'mapping'
        ? `unknown field type: use one of ${CUSTOM_FIELD_TYPES.join(', ')}`
        : `missing field type: use one of ${CUSTOM_FIELD_TYPES.join(', ')}` };
    case 'pattern':
      return { pointer: at, message: schema?.description ? `does not have the expected form: ${schema.description}` : 'does not have the expected form' };
    case 'format':
      return { pointer: at, message: params.format === 'email' ? 'must be an e-mail address' : params.format === 'date' ? 'must be a date (YYYY-MM-DD)' : `must be a valid ${String(params.format)}` };
    case 'minLength':
      return { pointer: at, message: params.limit === 1 ? 'must not be empty' : `must have at least ${String(params.limit)} characters` };
    case 'maxLength':
      return { pointer: at, message: `must have at most ${String(params.limit)} characters` };
    case 'minimum':
    case 'exclusiveMinimum':
      return { pointer: at, message: `must be ${error.keyword === 'minimum' ? 'at least' : 'more than'} ${String(params.limit)}` };
    case 'maximum':
    case 'exclusiveMaximum':
      return { pointer: at, message: `must be ${error.keyword === 'maximum' ? 'at most' : 'less than'} ${String(params.limit)}` };
    case 'minItems':
      return { pointer: at, message: `needs at least ${String(params.limit)} ${params.limit === 1 ? 'entry' : 'entries'}` };
    case 'maxItems':
      return { pointer: at, message: `may have at most ${String(params.limit)} entries` };
    case 'uniqueItems':
      return { pointer: at, message: `has the same entry twice (entries ${String(params.j)} and ${String(params.i)})` };
    case 'propertyNames':
      return { pointer: at, message: `has a key that is not an identifier ('${String(params.propertyName)}'): use a letter, then letters, digits or _` };
    default:
      return { pointer: at, message: error.message ?? 'is not valid' };
  }
}

function checkField(field: CustomField, pointer: string, keysInForm: Set<string>): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const add = (suffix: string, message: string) => problems.push({ pointer: pointer + suffix, message });
  if ((SPECIAL_FIELD_NAMES as readonly string[]).includes(field.key)) add('/key', `'${field.key}' is a built-in field of the activation data: choose another key`);
  const pairs: [string, string, number | string | undefined, number | string | undefined][] = [];
  if (field.type === 'text') pairs.push(['minLength', 'maxLength', field.minLength, field.maxLength]);
  if (field.type === 'number' || field.type === 'adjustment') pairs.push(['min', 'max', field.min, field.max]);
  if (field.type === 'multiSelect') pairs.push(['minItems', 'maxItems', field.minItems, field.maxItems]);
  if (field.type === 'date') pairs.push(['minDate', 'maxDate', field.minDate, field.maxDate]);
  for (const [low, high, a, b] of pairs) {
    if (a !== undefined && b !== undefined && a > b) add(`/${low}`, `${low} (${a}) is greater than ${high} (${b})`);
  }
  if (field.type === 'text' && field.counter && field.maxLength === undefined) add('/counter', 'a counter needs maxLength');
  if (field.type === 'singleSelect' || field.type === 'multiSelect') {
    const seen = new Set<string>();
    field.options.forEach((option, i) => {
      if (seen.has(option.value)) add(`/options/${i}/value`, `option value '${option.value}' is used twice`);
      seen.add(option.value);
    });
    if (field.type === 'multiSelect' && field.maxItems !== undefined && field.maxItems > field.options.length) {
      add('/maxItems', `maxItems (${field.maxItems}) is more than the ${field.options.length} options`);
    }
  }
  if (field.type === 'calculation') {
    try {
      const { variables } = parseFormula(field.formula);
      for (const name of variables) {
        if (name === field.key) add('/formula', 'the formula uses its own field');
        else if (!keysInForm.has(name)) add('/formula', `the formula uses '${name}', which is not a field of this form`);
      }
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error;
      add('/formula', `Formula incorrect: ${error.message}`);
    }
  }
  return problems;
}

/** Rules across fields and objects that JSON Schema cannot say. */
function checkSemantics(config: ProjectConfig): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const [typeKey, type] of Object.entries(config.barcodeTypes)) {
    const typePointer = `/barcodeTypes/${escape(typeKey)}`;
    const pointKeys = type.trackPoints.map((t) => t.key);
    pointKeys.forEach((k, i) => {
      if (pointKeys.indexOf(k) !== i) problems.push({ pointer: `${typePointer}/trackPoints/${i}/key`, message: `trackpoint key '${k}' is used twice` });
    });
    if (!pointKeys.includes(config.endTrackPointKey)) {
      problems.push({ pointer: `${typePointer}/trackPoints`, message: `has no trackpoint '${config.endTrackPointKey}' (the project's endTrackPointKey)` });
    }
    for (const form of formsOf(typeKey, type)) {
      const keys = new Set(form.fields.map((f) => f.key));
      form.fields.forEach((field, i) => {
        const pointer = `${form.pointer}/${i}`;
        if (form.fields.findIndex((f) => f.key === field.key) !== i) problems.push({ pointer: `${pointer}/key`, message: `field key '${field.key}' is used twice in this form` });
        problems.push(...checkField(field, pointer, keys));
      });
    }
    const listField = type.uiConfig?.listViewTitleLabelField;
    if (listField && !type.activationFields.some((f) => f.key === listField) && !(SPECIAL_FIELD_NAMES as readonly string[]).includes(listField)) {
      problems.push({ pointer: `${typePointer}/uiConfig/listViewTitleLabelField`, message: `'${listField}' is not an activation field of this barcode type` });
    }
  }
  return problems;
}

/**
 * Checks a project configuration: first against the format's JSON Schema, then the rules
 * across fields (unique keys, min <= max, formulas over existing fields, the end trackpoint).
 * An empty list means the configuration is good.
 */
export function checkProjectConfig(config: unknown): ConfigProblem[] {
  if (!validateSchema(config)) {
    const problems = (validateSchema.errors ?? []).filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'if').map(describe);
    // ajv may report one mistake from several angles; say each thing once.
    return problems.filter((p, i) => problems.findIndex((q) => q.pointer === p.pointer && q.message === p.message) === i);
  }
  return checkSemantics(config);
}

export function isProjectConfig(config: unknown): config is ProjectConfig {
  return checkProjectConfig(config).length === 0;
}
