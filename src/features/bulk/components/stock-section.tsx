import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@schemas/languages';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { formatDateTime } from '@/shared/barcode/labels';
import { locationName } from '../model/location-name';

/**
 * The detail page's stock line: where the barcode is stocked (warehouse › rack › bin) and since
 * when. Its own component, drawn by the app only for a barcode in stock (the server answers
 * `stock` to users of its enterprise), so the detail page's own code stays as it is.
 */
export function StockSection() {
  const { t, i18n } = useTranslation('bulk');
  const { barcode } = useCurrentBarcode();
  const { stock } = barcode;
  if (!stock) return null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="stock-section">
      <Stack gap={4}>
        <Title order={2} size="h5">
          <IconBuildingWarehouse size={16} aria-hidden /> {t('stock.sectionTitle')}
        </Title>
        <Text fw={600} data-testid="stock-location">
          {locationName(stock.location, i18n.language as Language)}
        </Text>
        <Text size="sm" c="dimmed" data-testid="stock-since">
          {t('stock.since', { time: formatDateTime(stock.since) })}
        </Text>
      </Stack>
    </Paper>
  );
}
