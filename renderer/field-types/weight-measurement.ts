import { MAX_WEIGHT_KG } from '@schemas/validation';
import { roundTo } from '../numbers';
import { DEFAULT_PRECISION, type FieldTypeDefinition } from './field-type';

export interface WeightMeasurementOptions {
  /** auto: read from the scale when tracking; manual entry stays possible. */
  mode: 'manual' | 'auto';
  precision: number;
  min: number;
  max: number;
  unitSuffix: 'kg';
}

/** A weight in kg, typed or read from the scale, brought to its precision (default 1 decimal). */
export const weightMeasurement: FieldTypeDefinition<'weightMeasurement', WeightMeasurementOptions> = {
  compile: (field) => ({
    schema: { type: 'number', minimum: 0, maximum: MAX_WEIGHT_KG },
    options: {
      mode: field.mode,
      precision: field.precision ?? DEFAULT_PRECISION,
      min: 0,
      max: MAX_WEIGHT_KG,
      unitSuffix: 'kg',
    },
  }),
  normalise: (field, value) =>
    typeof value === 'number' ? roundTo(value, field.precision ?? DEFAULT_PRECISION) : value,
  display: (_field, value) => ({ kind: 'text', text: `${String(value)} kg` }),
};
