import { useEffect } from 'react';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ownValue } from '@schemas/own-keys';
import type { WidgetProps } from '../types';

/**
 * A value looked up for the barcode (GET /barcode/reference-data, passed in by the screen):
 * read-only. Without a barcode (the playground) there is nothing to look up and it says so.
 */
export function ReferenceWidget({
  id,
  value,
  onChange,
  label,
  description,
  error,
  options,
  context,
}: WidgetProps<'reference', string>) {
  const { t } = useTranslation('forms');
  // The key is the configuration's free text: one named like `constructor` must find nothing, not Object's own.
  const looked = ownValue(context.referenceData, options.referenceKey);
  useEffect(() => {
    if (looked !== undefined && looked !== value) onChange(looked);
  }, [looked, value, onChange]);
  return (
    <TextInput
      id={id}
      label={label}
      description={description ?? (context.referenceData ? undefined : t('widgets.referenceNoBarcode'))}
      error={error}
      value={looked ?? value ?? ''}
      readOnly
      size="md"
      variant="filled"
    />
  );
}
