import { ErrorCode } from '@schemas/error-codes';
import type { CustomField, FieldOf } from '@schemas/custom-field';
import { ownValue } from '@schemas/own-keys';
import { DEFAULT_PRECISION } from './field-types/field-type';
import { FormulaError, parseFormula, type ParsedFormula } from './formula';
import { roundTo } from './numbers';

const parsed = new Map<string, ParsedFormula>();
function formulaOf(formula: string): ParsedFormula {
  let entry = parsed.get(formula);
  // Stryker disable next-line ConditionalExpression: equivalent; parsing again on a hit only skips the cache, the parsed formula is the same
  if (!entry) {
    entry = parseFormula(formula);
    parsed.set(formula, entry);
  }
  return entry;
}

/**
 * The value of a calculation field from the other values, rounded to its precision; undefined
 * while an input it needs is empty. Throws FormulaError when the formula cannot be evaluated.
 */
export function calculate(field: FieldOf<'calculation'>, values: Record<string, unknown>): number | undefined {
  const formula = formulaOf(field.formula);
  const scope: Record<string, number> = {};
  for (const name of formula.variables) {
    const value = ownValue(values, name);
    if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
    scope[name] = value;
  }
  return roundTo(formula.evaluate(scope), field.precision ?? DEFAULT_PRECISION);
}

/** What a calculation field's review shows: each input of its formula and the result. */
export interface FormulaReview {
  formula: string;
  /** The formula's inputs in the order it names them; `value` undefined while the input is empty. */
  inputs: { key: string; value: number | undefined }[];
  /** The result at the field's precision; undefined while an input is empty. */
  result: number | undefined;
}

/** The inputs and result of a calculation field for these values. Throws FormulaError when the formula cannot be evaluated. */
export function reviewCalculation(field: FieldOf<'calculation'>, values: Record<string, unknown>): FormulaReview {
  const inputs = formulaOf(field.formula).variables.map((key) => {
    const value = ownValue(values, key);
    return { key, value: typeof value === 'number' && Number.isFinite(value) ? value : undefined };
  });
  return { formula: field.formula, inputs, result: calculate(field, values) };
}

/**
 * Recomputes every calculation field of a form from the other values (client as the user types,
 * server on submit). Returns the new data and ErrorCode.formulaIncorrect per field whose
 * formula could not be evaluated.
 */
export function applyCalculations(
  fields: readonly CustomField[],
  input: Record<string, unknown>,
): { data: Record<string, unknown>; errors: Record<string, number[]> } {
  const data = { ...input };
  const errors: Record<string, number[]> = {};
  for (const field of fields) {
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
  return { data, errors };
}

// Form logic reads its expressions with the same parser: the client loads both through this entry, only for forms that need them.
export { evaluateRules, rulesOf, type RulesVerdict } from './form-rules';
