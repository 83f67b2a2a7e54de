import { Checkbox, Stack } from '@mantine/core';
import type { WidgetProps } from '../types';

/** Several choices as checkboxes: big touch targets, no dropdown to aim at on a phone. */
export function MultiSelectWidget({
  id,
  value,
  onChange,
  label,
  description,
  required,
  readOnly,
  disabled,
  error,
  options,
}: WidgetProps<'multiSelect', string[]>) {
  const { values, enumNames: names } = options;
  return (
    <Checkbox.Group
      id={id}
      label={label}
      description={description}
      withAsterisk={required}
      error={error}
      value={value ?? []}
      onChange={(next) => !readOnly && onChange(next.length > 0 ? values.filter((v) => next.includes(v)) : undefined)}
    >
      <Stack gap="xs" mt={6}>
        {values.map((v, i) => (
          <Checkbox key={v} value={v} label={names[i] ?? v} disabled={disabled || readOnly} size="md" />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
