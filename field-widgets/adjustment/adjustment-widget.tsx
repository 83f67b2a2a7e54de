import { Input, SegmentedControl, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { roundTo } from '@renderer';
import type { CurrentQuantity, WidgetProps } from '../types';
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
 * Stock adjustment: at activation and edit the initial quantity; when tracking, increase or
 * decrease by an amount, with the current quantity and what remains. A decrease cannot leave
 * less than 0 outside activation and edit.
 */
export function AdjustmentWidget({
  id,
  value,
  onChange,
  onBlur,
  label,
  description,
  required,
  readOnly,
  disabled,
  error,
  options,
  context,
}: WidgetProps<'adjustment', Adjustment>) {
  const { t } = useTranslation('forms');
  const { precision } = options;
  const initial = context.stage !== 'tracking';
  const type = initial ? 'increase' : (value?.type ?? options.sign ?? 'increase');
  const quantity = context.currentQuantities?.[options.quantityOf ?? options.fieldKey];
  const current = quantity?.remaining;
  const remaining =
    current !== undefined && value ? adjustedQuantity(current, { ...value, type }, precision) : undefined;
  // The server refuses a decrease below 0 (ErrorCode.quantityBelowZero) whatever this says:
  // another phone may have decreased meanwhile.
  const max =
    !initial && type === 'decrease' && current !== undefined ? Math.min(current, options.max ?? Infinity) : options.max;
  const rules = {
    min: 0,
    max: max === Infinity ? undefined : max,
    precision,
    unitPrefix: options.unitPrefix,
    unitSuffix: options.unitSuffix,
  };
  const setValue = (n: number | undefined) => onChange(n === undefined ? undefined : { type, value: n });
  return (
    <Input.Wrapper id={`${id}-wrapper`} label={label} description={description} withAsterisk={required}>
      <Stack gap={6} mt={4}>
        {!initial && (
          <SegmentedControl
            fullWidth
            disabled={readOnly || disabled}
            value={type}
            data={[
              { value: 'increase', label: t('widgets.increaseStock') },
              { value: 'decrease', label: t('widgets.decreaseStock') },
            ]}
            onChange={(next) => onChange(value ? { ...value, type: next as Adjustment['type'] } : undefined)}
          />
        )}
        <NumberInputWithButtons
          id={id}
          value={value?.value}
          onChange={setValue}
          onBlur={onBlur}
          label={initial ? t('widgets.initialQuantity') : t('widgets.adjustmentAmount')}
          required={required}
          readOnly={readOnly}
          disabled={disabled}
          error={error}
          rules={rules}
        />
        {quantity && !initial && <QuantityTable quantity={quantity} after={remaining} units={options} />}
      </Stack>
    </Input.Wrapper>
  );
}

const withUnits = (n: number, units: { unitPrefix?: string; unitSuffix?: string }) =>
  `${units.unitPrefix ?? ''}${n}${units.unitSuffix ? ` ${units.unitSuffix}` : ''}`;

const pad = (n: number) => String(n).padStart(2, '0');
/** Date with time as every screen shows it: YYYY/MM/DD h:mm a. */
const formatTime = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())} ${d.getHours() % 12 || 12}:${pad(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
};

/**
 * The barcode's running quantity as the server computed it: initial quantity, the increases and
 * decreases so far, the latest adjustment (quantity) and its time, and what remains, with what
 * would remain after this adjustment.
 */
function QuantityTable({
  quantity,
  after,
  units,
}: {
  quantity: CurrentQuantity;
  after: number | undefined;
  units: { unitPrefix?: string; unitSuffix?: string };
}) {
  const { t } = useTranslation('forms');
  const latest =
    quantity.quantity === null
      ? '–'
      : `${quantity.type === 'decrease' ? '−' : '+'}${withUnits(quantity.quantity, units)}`;
  const rows: [string, string, string][] = [
    ['initial', t('widgets.initialQuantity'), withUnits(quantity.initial, units)],
    ['increase', t('widgets.increaseStock'), `+${withUnits(quantity.increase, units)}`],
    ['decrease', t('widgets.decreaseStock'), `−${withUnits(quantity.decrease, units)}`],
    ['quantity', t('widgets.quantity'), latest],
    ['adjustedAt', t('widgets.adjustmentTime'), quantity.adjustedAt ? formatTime(quantity.adjustedAt) : '–'],
    [
      'remaining',
      t('widgets.remaining'),
      withUnits(quantity.remaining, units) +
        (after !== undefined && after !== quantity.remaining ? ` → ${withUnits(after, units)}` : ''),
    ],
  ];
  return (
    <Table withRowBorders={false} verticalSpacing={2} fz="sm" data-testid="adjustment-quantities">
      <Table.Tbody>
        {rows.map(([key, label, text]) => (
          <Table.Tr key={key} data-quantity={key}>
            <Table.Th scope="row" fw={400} c="dimmed">
              {label}
            </Table.Th>
            <Table.Td fw={key === 'remaining' ? 700 : 400}>{text}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
