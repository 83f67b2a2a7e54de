import { roundTo, type DecimalMode } from '../numbers';
import { checkRange, DEFAULT_PRECISION, numberBounds, withUnits, type FieldTypeDefinition } from './field-type';

/** What a number input needs: its bounds, precision, rounding, step and units. */
export interface NumberOptions {
  min?: number;
  max?: number;
  precision: number;
  decimalMode?: DecimalMode;
  step?: number;
  unitPrefix?: string;
  unitSuffix?: string;
}

/** A number: clamped to min..max and brought to its precision (default 1 decimal) as its decimal mode says. */
export const number: FieldTypeDefinition<'number', NumberOptions> = {
  compile: (field) => ({
    schema: { type: 'number', ...numberBounds(field.min, field.max) },
    options: {
      precision: field.precision ?? DEFAULT_PRECISION,
      decimalMode: field.decimalMode ?? 'round',
      step: field.step ?? 1,
      min: field.min,
      max: field.max,
      unitPrefix: field.unitPrefix,
      unitSuffix: field.unitSuffix,
    },
  }),
  normalise: (field, value) =>
    typeof value === 'number' ? roundTo(value, field.precision ?? DEFAULT_PRECISION, field.decimalMode) : value,
  check: (field, report) => checkRange(report, 'min', 'max', field.min, field.max),
  display: (field, value) => ({ kind: 'text', text: withUnits(String(value), field) }),
};
