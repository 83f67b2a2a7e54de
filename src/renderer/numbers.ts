/** How a number field reduces a value to its precision. */
export type DecimalMode = 'round' | 'floor' | 'ceil';

/** Rounds to `precision` decimals the way the field's decimal mode says (default: round). */
export function roundTo(value: number, precision: number, mode: DecimalMode = 'round'): number {
  const factor = 10 ** precision;
  // 1.005 * 100 is 100.49999...: treat a value within 1e-9 of a whole number as that number.
  const scaled = Math.abs(value * factor - Math.round(value * factor)) < 1e-9 ? Math.round(value * factor) : value * factor;
  const rounded = mode === 'floor' ? Math.floor(scaled) : mode === 'ceil' ? Math.ceil(scaled) : Math.round(scaled);
  return rounded / factor;
}

/** Clamps to [min, max], then rounds to `precision` (spec section 5). */
export function clampAndRound(value: number, rules: { min?: number; max?: number; precision: number; decimalMode?: DecimalMode }): number {
  let v = value;
  if (rules.min !== undefined && v < rules.min) v = rules.min;
  if (rules.max !== undefined && v > rules.max) v = rules.max;
  return roundTo(v, rules.precision, rules.decimalMode);
}
