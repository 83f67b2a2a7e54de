import { TextInput } from '@mantine/core';
import type { WidgetProps } from '../types';

/**
 * A calculation's result (spec section 3): read-only, recomputed by the form as its inputs
 * change (and by the server on submit). A formula that cannot be evaluated shows its error.
 */
export function CalculationWidget({ id, value, label, description, error, options }: WidgetProps<'calculation', number>) {
  return (
    <TextInput id={id} label={label} description={description ?? options.formula} error={error} readOnly variant="filled" size="md"
      value={value === undefined ? '' : String(value)} leftSection={options.unitPrefix}
      rightSection={options.unitSuffix} aria-live="polite" />
  );
}
