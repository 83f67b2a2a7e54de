import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BarcodeHold } from '@schemas/api/barcode';
import { formatDateTime } from '@/shared/barcode/labels';

/**
 * The recall a barcode is on hold for, near the top of its detail: which recall, why, who put it
 * on hold and when, and what that means for tracking. Drawn from the barcode's own record, so the
 * phone shows it from its offline copy of the detail too.
 */
export function HoldNotice({ hold }: { hold: BarcodeHold }) {
  const { t } = useTranslation('barcode');
  const when = formatDateTime(hold.heldAt);
  return (
    <Alert
      color="red"
      variant="light"
      title={t('hold.title', { reference: hold.reference })}
      data-testid="hold-notice"
      styles={{ title: { wordBreak: 'break-word' } }}
    >
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {t('hold.reason', { reason: hold.reason })}
      </Text>
      <Text size="sm">
        {hold.heldBy ? t('hold.by', { name: hold.heldBy, time: when }) : t('hold.at', { time: when })}
      </Text>
      <Text size="sm" mt={4}>
        {t('hold.effect')}
      </Text>
    </Alert>
  );
}
