/** How a number field reduces a value to its precision. */
export type DecimalMode = 'round' | 'floor' | 'ceil';

/** Rounds to `precision` decimals the way the field's decimal mode says (default: round). */
// Stryker disable next-line StringLiteral: equivalent; any mode but 'floor' and 'ceil' rounds, so an empty default rounds alike
export function roundTo(value: number, precision: number, mode: DecimalMode = 'round'): number {
  // Shift the decimal point in the number's text, not by multiplying: 1.005 * 100 is
  // 100.49999..., but Number('1.005e2') is 100.5, so 1.005 rounds to 1.01 as a person expects.
  const shift = (n: number, by: number) => {
    const [mantissa, exponent = '0'] = String(n).split('e');
    return Number(`${mantissa}e${Number(exponent) + by}`);
  };
  const scaled = shift(value, precision);
  const rounded = mode === 'floor' ? Math.floor(scaled) : mode === 'ceil' ? Math.ceil(scaled) : Math.round(scaled);
  return shift(rounded, -precision);
}

/** Clamps to [min, max], then rounds to `precision`. */
export function clampAndRound(
  value: number,
  rules: { min?: number; max?: number; precision: number; decimalMode?: DecimalMode },
): number {
  let v = value;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent; without a bound `v < undefined` is false anyway, and at the bound v = min changes nothing
  if (rules.min !== undefined && v < rules.min) v = rules.min;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent; without a bound `v > undefined` is false anyway, and at the bound v = max changes nothing
  if (rules.max !== undefined && v > rules.max) v = rules.max;
  return roundTo(v, rules.precision, rules.decimalMode);
}
