import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../types';
import { NumberInputWithButtons } from '../number/number-widget';

/**
 * Weight in kg: typed (manual), or read from the scale (auto, when tracking a barcode). A failed
 * read says 'Failed to fetch weight measurement' and manual entry stays possible.
 */
export function WeightMeasurementWidget({ options, context, ...props }: WidgetProps<'weightMeasurement', number>) {
  const { t } = useTranslation('forms');
  const [state, setState] = useState<'idle' | 'reading' | 'failed'>('idle');
  const canRead = options.mode === 'auto' && context.fetchWeight !== undefined;
  const read = async () => {
    if (!context.fetchWeight) return;
    setState('reading');
    try {
      props.onChange(await context.fetchWeight());
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <Stack gap={4}>
      <NumberInputWithButtons {...props} rules={options} />
      {canRead && (
        <Button variant="light" onClick={() => void read()} loading={state === 'reading'}>
          {t('widgets.readScale')}
        </Button>
      )}
      {state === 'failed' && (
        <Text size="sm" c="red" role="alert">
          {t('widgets.weightFailed')}
        </Text>
      )}
    </Stack>
  );
}
