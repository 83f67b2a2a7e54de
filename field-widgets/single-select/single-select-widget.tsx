import { Select } from '@mantine/core';
import type { WidgetProps } from '../types';
import { DROPDOWN_PROPS } from '../shared/dropdown';

/** One choice among the configured options, labelled in the viewer's language; long lists can be searched. */
export function SingleSelectWidget({
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
}: WidgetProps<'singleSelect', string>) {
  const { values, enumNames: names } = options;
  return (
    <Select
      id={id}
      label={label}
      description={description}
      required={required}
      readOnly={readOnly}
      disabled={disabled}
      error={error}
      data={values.map((v, i) => ({ value: v, label: names[i] ?? v }))}
      value={value ?? null}
      size="md"
      allowDeselect={!required}
      // A long list (countries) is searched by typing; a short one is picked with one tap.
      searchable={values.length > 10}
      onChange={(next) => onChange(next ?? undefined)}
      onBlur={onBlur}
      comboboxProps={DROPDOWN_PROPS}
    />
  );
}
