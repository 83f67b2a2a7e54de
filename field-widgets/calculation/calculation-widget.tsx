import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../types';
import { FormulaReview } from './formula-review';

/**
 * A calculation's result: read-only, recomputed by the form as its inputs change (and by the
 * server on submit). A formula that cannot be evaluated shows its error. Its help says which
 * fields it is calculated from, by their labels (the formula's keys mean nothing to the user).
 * Where the form offers it, the calculation review button shows the inputs and the result.
 */
export function CalculationWidget({
  id,
  value,
  label,
  description,
  error,
  options,
  context,
}: WidgetProps<'calculation', number>) {
  const { t, i18n } = useTranslation('forms');
  const inputs = options.inputLabels ?? [];
  const calculatedFrom =
    inputs.length > 0
      ? t('widgets.calculatedFrom', {
          labels: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(inputs),
        })
      : undefined;
  const withUnits = (n: number) =>
    `${options.unitPrefix ?? ''}${n.toLocaleString()}${options.unitSuffix ? ` ${options.unitSuffix}` : ''}`;
  return (
    <Stack gap="xs">
      <TextInput
        id={id}
        label={label}
        description={description ?? calculatedFrom}
        error={error}
        readOnly
        variant="filled"
        size="md"
        value={value === undefined ? '' : String(value)}
        leftSection={options.unitPrefix}
        rightSection={options.unitSuffix}
        aria-live="polite"
      />
      {context.reviewFormula && (
        <FormulaReview id={id} fieldKey={options.fieldKey} review={context.reviewFormula} format={withUnits} />
      )}
    </Stack>
  );
}
