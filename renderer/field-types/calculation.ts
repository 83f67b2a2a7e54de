import { DEFAULT_PRECISION, withUnits, type FieldTypeDefinition } from './field-type';

export interface CalculationOptions {
  formula: string;
  /** The labels of the fields the formula reads, in the order it names them (set by compile, which knows the form). */
  inputLabels?: string[];
  precision: number;
  unitPrefix?: string;
  unitSuffix?: string;
}

/**
 * A value computed from other fields of the form by a restricted formula (`caseCount *
 * unitsPerCase`), rounded to its precision: shown, never typed, and computed again by the
 * server whatever the client sent (../calculations.ts, loaded with mathjs only where needed).
 */
export const calculation: FieldTypeDefinition<'calculation', CalculationOptions> = {
  compile: (field) => ({
    schema: { type: 'number', readOnly: true },
    options: {
      formula: field.formula,
      precision: field.precision ?? DEFAULT_PRECISION,
      unitPrefix: field.unitPrefix,
      unitSuffix: field.unitSuffix,
    },
  }),
  check(field, report, form) {
    const parsed = form.formulaNames(field.formula);
    if ('error' in parsed) return report('/formula', 'formulaIncorrect', { detail: parsed.error });
    for (const name of parsed.variables) {
      if (name === field.key) report('/formula', 'formulaSelf');
      else if (!form.keys.has(name)) report('/formula', 'formulaUnknown', { name });
    }
  },
  display: (field, value) => ({ kind: 'text', text: withUnits(String(value), field) }),
  computed: true,
};

/** A name in a formula: a field key or a function (never part of a number such as 1e5 or 2.5). */
const NAME = /(?<![A-Za-z0-9_.])[A-Za-z_][A-Za-z0-9_]*/g;

/** The keys among `keys` a formula names, each once, in the order it first names them. */
export function formulaKeys(formula: string, keys: ReadonlySet<string>): string[] {
  return [...new Set(formula.match(NAME) ?? [])].filter((name) => keys.has(name));
}

/**
 * A formula as a person reads it: each field key replaced by its label ("Case count * Doses per
 * case"), other names and the operators as written.
 */
export function formulaInWords(formula: string, labelOf: (key: string) => string | undefined): string {
  return formula.replace(NAME, (name) => labelOf(name) ?? name);
}
