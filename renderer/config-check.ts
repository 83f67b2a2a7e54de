import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { ProjectConfig } from '@schemas/project-config';
import type { CustomField } from '@schemas/custom-field';
import { MASK_PATTERN, SITE_PATH_PATTERN } from '@schemas/field-constants';
import { isReservedName, NAME_PATTERN, ownValue } from '@schemas/own-keys';
import { FormulaError, parseFormula } from './formula';
import { formsOf, pointerSegment as escape } from './forms';
import { SPECIAL_FIELD_NAMES } from './builtin-forms';
import { definitionOf, FIELD_TYPE_NAMES } from './field-types';
import type { FormFacts } from './field-types/field-type';
import type { CompiledForm } from './compile';
import { compileForm } from './compile-form';
import { checkFormsCompile } from './form-compile-check';
import type { ConfiguredForm } from './forms';
import { validatorFor } from './validate';
import { isGhgFactorId } from './ghg/factors';
import { problem, type ConfigProblem, type ProblemKey, type ProblemValues } from './problems';
import { checkGs1Mapping } from './gs1-mapping-check';
import { checkRelations } from './relations-check';
import { checkFormLogic } from './logic-check';

export { formatProblem, type ConfigProblem } from './problems';
// The rules' own check, apart, for what measures it (bench:form-logic).
export { checkFormLogic } from './logic-check';

// verbose: errors carry their schema, whose description says what form a value should have.
const ajv = new Ajv({ allErrors: true, discriminator: true, strict: false, verbose: true });
addFormats(ajv);
const validateSchema = ajv.compile<ProjectConfig>(ProjectConfig);

/** The configuration's JSON Schema, as the server validates with it (for editors' completion). */
export const projectConfigSchema: unknown = ProjectConfig;

const COLOUR = '^#[0-9a-fA-F]{6}$';
/** What a value of each known pattern looks like, in words (unknown patterns: 'pattern'). */
const PATTERN_MESSAGES: Record<string, ProblemKey> = {
  [NAME_PATTERN]: 'patternIdentifier',
  [COLOUR]: 'patternColour',
  [SITE_PATH_PATTERN]: 'patternSitePath',
  [MASK_PATTERN]: 'patternMask',
};

/**
 * A name every object inherits where NAME_PATTERN refused it, as a key (at the member it names)
 * or as a value: said as what it is rather than as a misshapen identifier. Null for any other name.
 */
function reservedName(at: string, name: string, isKey: boolean): ConfigProblem | null {
  if (!isReservedName(name)) return null;
  return problem(isKey ? `${at}/${escape(name)}` : at, 'reservedName', { name });
}

function describe(error: ErrorObject): ConfigProblem {
  const params = error.params as Record<string, unknown>;
  const at = error.instancePath || '';
  const limit = Number(params.limit);
  switch (error.keyword) {
    case 'required':
      return problem(at || '/', 'required', { property: String(params.missingProperty) });
    case 'additionalProperties':
      return problem(`${at}/${escape(String(params.additionalProperty))}`, 'unknownProperty', {
        property: String(params.additionalProperty),
      });
    case 'type':
      return params.type === 'integer'
        ? problem(at, 'wholeNumber')
        : problem(at, 'type', { type: String(params.type) });
    case 'enum':
      return problem(at, 'oneOf', { values: (params.allowedValues as unknown[]).join(', ') });
    case 'const':
      return problem(at, 'exactly', { value: String(params.allowedValue) });
    case 'discriminator':
      return problem(`${at}/type`, params.error === 'mapping' ? 'unknownFieldType' : 'missingFieldType', {
        values: FIELD_TYPE_NAMES.join(', '),
      });
    case 'pattern':
      return (
        (params.pattern === NAME_PATTERN
          ? reservedName(at, String(error.propertyName ?? error.data), error.propertyName !== undefined)
          : null) ?? problem(at, ownValue(PATTERN_MESSAGES, params.pattern as string) ?? 'pattern')
      );
    case 'format':
      return params.format === 'email' || params.format === 'date'
        ? problem(at, params.format)
        : problem(at, 'format', { format: String(params.format) });
    case 'minLength':
      return limit === 1 ? problem(at, 'notEmpty') : problem(at, 'minLength', { limit });
    // Stryker disable next-line ConditionalExpression: equivalent; without its own case maxLength falls through to the bounds' case, which says problem(at, 'maxLength', { limit }) alike
    case 'maxLength':
      return problem(at, 'maxLength', { limit });
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum':
      return problem(at, error.keyword, { limit });
    case 'minItems':
      return limit === 1 ? problem(at, 'minItemsOne') : problem(at, 'minItems', { limit });
    case 'maxItems':
      return problem(at, 'maxItems', { limit });
    case 'uniqueItems':
      return problem(at, 'uniqueItems', { first: Number(params.j), second: Number(params.i) });
    case 'propertyNames':
      return (
        ((error.schema as { pattern?: unknown }).pattern === NAME_PATTERN
          ? reservedName(at, String(params.propertyName), true)
          : null) ?? problem(at, 'propertyName', { name: String(params.propertyName) })
      );
    default:
      return problem(at, 'invalid');
  }
}

/** The names a formula uses, or why it cannot be read (mathjs parses it). */
function formulaNames(formula: string): { variables: readonly string[] } | { error: string } {
  try {
    return parseFormula(formula);
  } catch (error) {
    // Stryker disable next-line ConditionalExpression: equivalent; parseFormula throws only FormulaError (mathjs's parse errors are wrapped, its checks throw nothing else)
    if (!(error instanceof FormulaError)) throw error;
    return { error: error.message };
  }
}

/** A field's own rules: its key is not a built-in name, and whatever its type says (renderer/field-types). */
function checkField(field: CustomField, pointer: string, keys: ReadonlySet<string>): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const report = (suffix: string, key: ProblemKey, values: ProblemValues = {}) => {
    problems.push(problem(pointer + suffix, key, values));
  };
  if ((SPECIAL_FIELD_NAMES as readonly string[]).includes(field.key)) report('/key', 'builtInKey', { key: field.key });
  const facts: FormFacts = { keys, formulaNames };
  definitionOf(field).check?.(field, report, facts);
  return problems;
}

/** Rules across fields and objects that JSON Schema cannot say. */
function checkSemantics(config: ProjectConfig): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const [typeKey, type] of Object.entries(config.barcodeTypes)) {
    const typePointer = `/barcodeTypes/${escape(typeKey)}`;
    const pointKeys = type.trackPoints.map((t) => t.key);
    pointKeys.forEach((k, i) => {
      if (pointKeys.indexOf(k) !== i)
        problems.push(problem(`${typePointer}/trackPoints/${i}/key`, 'trackPointTwice', { key: k }));
    });
    if (!pointKeys.includes(config.endTrackPointKey)) {
      problems.push(problem(`${typePointer}/trackPoints`, 'noEndTrackPoint', { key: config.endTrackPointKey }));
    }
    for (const form of formsOf(typeKey, type)) {
      const keys = new Set(form.fields.map((f) => f.key));
      form.fields.forEach((field, i) => {
        const pointer = `${form.pointer}/${i}`;
        if (form.fields.findIndex((f) => f.key === field.key) !== i)
          problems.push(problem(`${pointer}/key`, 'fieldTwice', { key: field.key }));
        problems.push(...checkField(field, pointer, keys));
      });
      problems.push(...checkFormLogic(form.fields, form.pointer));
    }
    const listField = type.uiConfig?.listViewTitleLabelField;
    if (
      listField &&
      !type.activationFields.some((f) => f.key === listField) &&
      !(SPECIAL_FIELD_NAMES as readonly string[]).includes(listField)
    ) {
      problems.push(problem(`${typePointer}/uiConfig/listViewTitleLabelField`, 'listField', { key: listField }));
    }
  }
  for (const id of Object.keys(config.ghg?.factors ?? {})) {
    if (!isGhgFactorId(id)) problems.push(problem(`/ghg/factors/${escape(id)}`, 'ghgFactor', { key: id }));
  }
  problems.push(...checkRelations(config));
  problems.push(...checkProducts(config));
  problems.push(...checkGs1Mapping(config));
  return problems;
}

/**
 * Products: codes unique in the project, a package type client users may activate, and defaults
 * only for activation fields a user fills in (a calculation is computed, never prefilled).
 */
function checkProducts(config: ProjectConfig): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const fields = new Map<string, string>();
  for (const type of Object.values(config.barcodeTypes))
    for (const f of type.activationFields) fields.set(f.key, f.type);
  const seen = new Set<string>();
  // Stryker disable next-line ArrayDeclaration: equivalent; a one-entry stand-in list for absent products has no code seen before and no defaults, so it yields no problem either
  (config.products ?? []).forEach((product, i) => {
    if (seen.has(product.code)) problems.push(problem(`/products/${i}/code`, 'productTwice', { key: product.code }));
    seen.add(product.code);
    const { barcodeType } = product;
    if (barcodeType !== undefined && !ownValue(config.barcodeTypes, barcodeType)?.userTypes.includes('client'))
      problems.push(problem(`/products/${i}/barcodeType`, 'productBarcodeType', { key: barcodeType }));
    for (const key of Object.keys(product.defaults ?? {})) {
      const type = fields.get(key);
      if (!type || type === 'calculation')
        problems.push(problem(`/products/${i}/defaults/${escape(key)}`, 'productDefault', { key }));
    }
  });
  return problems;
}

/** The problem of a configuration file that is not JSON at all. */
export const notJsonProblem = (detail: string): ConfigProblem => problem('/', 'notJson', { detail });

/**
 * Checks a project configuration: first against the format's JSON Schema, then the rules
 * across fields (unique keys, min <= max, formulas over existing fields, the end trackpoint).
 * An empty list means the configuration is good.
 */
export function checkProjectConfig(config: unknown): ConfigProblem[] {
  if (!validateSchema(config)) {
    // Stryker disable next-line ArrayDeclaration: equivalent; ajv always sets errors when validation fails, so the fallback list is never used
    const problems = (validateSchema.errors ?? [])
      .filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'if')
      .map(describe);
    // ajv may report one mistake from several angles; say each thing once.
    return problems.filter(
      (p, i) => problems.findIndex((q) => q.pointer === p.pointer && q.message === p.message) === i,
    );
  }
  const problems = checkSemantics(config);
  // Only a configuration that is otherwise sound is compiled: every form must give a schema ajv accepts.
  return problems.length > 0 ? problems : checkFormsCompile(config);
}

export function isProjectConfig(config: unknown): config is ProjectConfig {
  return checkProjectConfig(config).length === 0;
}

/** One form of a checked configuration, compiled as a user and as a visitor sees it. */
export interface QaForm {
  form: ConfiguredForm;
  user: CompiledForm;
  visitor: CompiledForm;
}

export interface QaResult {
  /** Every problem with its JSON pointer; empty when the configuration may be published. */
  problems: ConfigProblem[];
  /** The compiled forms (none when the configuration itself failed the checks). */
  forms: QaForm[];
}

/**
 * The QA check of `npm run validate` (scripts/validate-config.ts) and of publishing a draft:
 * the configuration against its format, then every form of every barcode type compiled and
 * accepted by the server's own validator (ajv), as a user and as a visitor.
 */
export function qaCheck(config: unknown): QaResult {
  const problems = checkProjectConfig(config);
  if (problems.length > 0) return { problems, forms: [] };
  const project = config as ProjectConfig;
  const forms: QaForm[] = [];
  for (const [typeKey, type] of Object.entries(project.barcodeTypes)) {
    for (const form of formsOf(typeKey, type)) {
      const [user, visitor] = [true, false].map((loggedIn) => {
        const compiled = compileForm({ code: 'qa', version: 1, barcodeTypes: project.barcodeTypes }, form.ref, {
          language: 'en',
          loggedIn,
        });
        try {
          validatorFor(compiled);
        } catch (error) {
          problems.push(problem(form.pointer, 'formDoesNotCompile', { detail: (error as Error).message }));
        }
        return compiled;
      }) as [CompiledForm, CompiledForm];
      forms.push({ form, user, visitor });
    }
  }
  return { problems, forms };
}
