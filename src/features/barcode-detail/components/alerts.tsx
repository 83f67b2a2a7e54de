import { useEffect, useState } from 'react';
import { Accordion, Alert, Loader, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@schemas/api/barcode';
import { useErrorText } from '@/shared/i18n/error-message';
import { useNotifications } from '../api/notifications';
import { isAlertShown } from '../model/alert-rule';

type Sanitize = (html: string) => string;

/** The sanitiser (and DOMPurify) load only when there is an alert to show. */
function useSanitizer(needed: boolean): Sanitize | null {
  const [sanitize, setSanitize] = useState<Sanitize | null>(null);
  useEffect(() => {
    if (!needed || sanitize) return;
    void import('@/shared/html/sanitize').then((m) => setSanitize(() => m.sanitizeHtml));
  }, [needed, sanitize]);
  return sanitize;
}

function AlertList({ alerts, sanitize, testId }: { alerts: Notification[]; sanitize: Sanitize; testId: string }) {
  const { t } = useTranslation('barcode');
  if (alerts.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('alerts.none')}
      </Text>
    );
  return (
    <Accordion variant="separated" data-testid={testId}>
      {alerts.map((alert) => (
        <Accordion.Item key={alert.id} value={alert.id}>
          <Accordion.Control>
            <Text fw={600} size="sm">
              {alert.subject}
            </Text>
            <Text size="xs" c="dimmed">
              {alert.barcode} · {new Date(alert.displayedDateTime).toLocaleString()}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            {/* Admin-written HTML, shown only after sanitising (no script, handler or javascript: URL survives). */}
            <Typography>
              <div className="alert-body" dangerouslySetInnerHTML={{ __html: sanitize(alert.body) }} />
            </Typography>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/**
 * The notification alerts of the barcode, and separately those of its descendants: only alerts
 * whose display window is open now are listed; each expands to its subject and sanitised HTML
 * body.
 */
export function Alerts({ barcodeId }: { barcodeId: string }) {
  const { t } = useTranslation('barcode');
  const errorText = useErrorText();
  const { data, error, isLoading } = useNotifications(barcodeId, true);
  const now = new Date();
  const current = (data?.current ?? []).filter((a) => isAlertShown(a, now));
  const descendants = (data?.descendants ?? []).filter((a) => isAlertShown(a, now));
  const sanitize = useSanitizer(current.length + descendants.length > 0);
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h5" mb="xs">
        {t('alerts.title')}
      </Title>
      {isLoading && <Loader size="sm" aria-label={t('alerts.loading')} />}
      {error !== undefined && (
        <Alert color="red" variant="light">
          {errorText(error)}
        </Alert>
      )}
      {data && (current.length + descendants.length === 0 || sanitize) && (
        <Stack gap="sm">
          <AlertList alerts={current} sanitize={sanitize ?? String} testId="alerts-current" />
          {descendants.length > 0 && (
            <>
              <Title order={3} size="h6">
                {t('alerts.descendants')}
              </Title>
              <AlertList alerts={descendants} sanitize={sanitize ?? String} testId="alerts-descendants" />
            </>
          )}
        </Stack>
      )}
    </Paper>
  );
}
