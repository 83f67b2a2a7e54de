import {
  checkRange,
  DEFAULT_PRECISION,
  isRecord,
  numberBounds,
  withUnits,
  type FieldTypeDefinition,
} from './field-type';
import type { NumberOptions } from './number';

/** An amount is a number (without rounding mode or step) plus the preselected adjustment type. */
export interface AdjustmentOptions extends Pick<
  NumberOptions,
  'precision' | 'min' | 'max' | 'unitPrefix' | 'unitSuffix'
> {
  sign?: 'increase' | 'decrease';
  /** The quantity a tracking field changes: an activation adjustment field's key (absent: the field's own key). */
  quantityOf?: string;
}

/**
 * An adjustment of a quantity: increase or decrease by a value. The value itself is never below
 * 0, even when the field allows a negative minimum (the sign says which way it goes).
 */
export const adjustment: FieldTypeDefinition<'adjustment', AdjustmentOptions> = {
  compile: (field) => ({
    schema: {
      type: 'object',
      properties: {
        type: { type: 'string', enum: ['increase', 'decrease'], default: field.sign ?? 'increase' },
        value: { type: 'number', ...numberBounds(Math.max(0, field.min ?? 0), field.max) },
      },
      required: ['type', 'value'],
      additionalProperties: false,
    },
    options: {
      precision: field.precision ?? DEFAULT_PRECISION,
      sign: field.sign,
      min: field.min,
      max: field.max,
      unitPrefix: field.unitPrefix,
      unitSuffix: field.unitSuffix,
      quantityOf: field.quantityOf,
    },
  }),
  check: (field, report) => checkRange(report, 'min', 'max', field.min, field.max),
  display: (field, value) =>
    isRecord(value)
      ? { kind: 'text', text: `${value.type === 'decrease' ? '−' : '+'}${withUnits(String(value.value), field)}` }
      : { kind: 'text', text: String(value) },
};
