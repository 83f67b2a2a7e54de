import { DEFAULT_PRECISION, withUnits, type FieldTypeDefinition } from './field-type';

export interface CalculationOptions {
  formula: string;
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
