import { Autocomplete } from '@mantine/core';
import type { FieldWidgetProps } from '../types';
import { DROPDOWN_PROPS } from '../shared/dropdown';

/**
 * An e-mail address with suggestions from the route-notification e-mail destinations plus the
 * predefined-contact e-mails.
 */
export function EmailWidget({
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
      data={[...new Set(context.emailSuggestions)]}
      type="email"
      inputMode="email"
      autoComplete="email"
      size="md"
      onChange={(next) => onChange(next.trim() || undefined)}
      onBlur={onBlur}
      comboboxProps={DROPDOWN_PROPS}
    />
  );
}
