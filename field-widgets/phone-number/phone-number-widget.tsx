import { Autocomplete } from '@mantine/core';
import type { FieldWidgetProps } from '../types';
import { DROPDOWN_PROPS } from '../shared/dropdown';

/** A phone number with suggestions from the barcode type's predefined contacts. */
export function PhoneNumberWidget({
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
  context,
}: FieldWidgetProps<string>) {
  const data = context.phoneSuggestions.map((c) => ({
    value: `${c.countryCode}${c.number}`,
    label: `${c.name} ${c.countryCode} ${c.number}`,
  }));
  const unique = data.filter((d, i) => data.findIndex((e) => e.value === d.value) === i);
  return (
    <Autocomplete
      id={id}
      label={label}
      description={description}
      required={required}
      readOnly={readOnly}
      disabled={disabled}
      error={error}
      value={value ?? ''}
      data={unique}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      size="md"
      onChange={(next) => onChange(next.replace(/[^0-9+ -]/g, '') || undefined)}
      onBlur={onBlur}
      comboboxProps={DROPDOWN_PROPS}
    />
  );
}
