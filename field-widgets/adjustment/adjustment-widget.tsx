import { Input, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { roundTo } from '@renderer';
import type { WidgetProps } from '../types';
import { NumberInputWithButtons } from '../number/number-widget';

export interface Adjustment {
  type: 'increase' | 'decrease';
  value: number;
}

/** Quantity after an adjustment; at activation and edit the value is the initial quantity. */
export function adjustedQuantity(current: number, adjustment: Adjustment, precision: number): number {
  return roundTo(adjustment.type === 'increase' ? current + adjustment.value : current - adjustment.value, precision);
}

/**
 * Stock adjustment (spec sections 3, 5): at activation and edit the initial quantity; when
 * tracking, increase or decrease by an amount, with the current quantity and what remains.
 * A decrease cannot leave less than 0 outside activation and edit.
 */
export function AdjustmentWidget({ id, value, onChange, onBlur, label, description, required, readOnly, disabled, error, options, context }: WidgetProps<'adjustment', Adjustment>) {
  const { t } = useTranslation('forms');
  const { precision } = options;
  const initial = context.stage !== 'tracking';
  const type = initial ? 'increase' : value?.type ?? options.sign ?? 'increase';
  const current = context.currentQuantities?.[options.fieldKey];
  const remaining = current !== undefined && value ? adjustedQuantity(current, { ...value, type }, precision) : undefined;
  const max = !initial && type === 'decrease' && current !== undefined ? Math.min(current, options.max ?? Infinity) : options.max;
  const rules = { min: 0, max: max === Infinity ? undefined : max, precision, unitPrefix: options.unitPrefix, unitSuffix: options.unitSuffix };
  const setValue = (n: number | undefined) => onChange(n === undefined ? undefined : { type, value: n });
  return (
    <Input.Wrapper id={`${id}-wrapper`} label={label} description={description} withAsterisk={required}>
      <Stack gap={6} mt={4}>
        {!initial && (
          <SegmentedControl fullWidth disabled={readOnly || disabled} value={type}
            data={[{ value: 'increase', label: t('widgets.increaseStock') }, { value: 'decrease', label: t('widgets.decreaseStock') }]}
            onChange={(next) => onChange(value ? { ...value, type: next as Adjustment['type'] } : undefined)} />
        )}
        <NumberInputWithButtons id={id} value={value?.value} onChange={setValue} onBlur={onBlur} label={initial ? t('widgets.initialQuantity') : t('widgets.adjustmentAmount')}
          required={required} readOnly={readOnly} disabled={disabled} error={error} rules={rules} />
        {current !== undefined && !initial && (
          <Text size="sm" c="dimmed">{t('widgets.quantity')}: {current}{remaining !== undefined ? ` → ${t('widgets.remaining')}: ${remaining}` : ''}</Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
