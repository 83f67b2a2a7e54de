import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Language } from '@schemas/languages';
import { trackPointName } from '@/shared/barcode/labels';
import { useErrorText } from '@/shared/i18n/error-message';
import { paths } from '@/shared/paths';
import { useCurrentProject } from '@/shared/project/use-project';
import { useUserTrackingSteps } from '../api/tracking';

const pad = (n: number) => String(n).padStart(2, '0');
/** Times as HH:mm (the day is the page's). */
const timeOf = (iso: string) => {
  const d = new Date(iso);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/**
 * The tracking-count page's list of the user's own tracking steps of the chosen day (asked by
 * date, project id and time-zone offset): time, barcode (to its detail page), type and
 * trackpoint, skipped steps marked; newest first, 50 at a time.
 */
export function UserTrackingSteps({ date, utcOffset }: { date: string; utcOffset: number }) {
  const { t, i18n } = useTranslation('barcode');
  const language = i18n.language as Language;
  const errorText = useErrorText();
  const project = useCurrentProject();
  const { steps, total, error, isLoading, hasMore, isLoadingMore, loadMore } = useUserTrackingSteps(
    project.id,
    date,
    utcOffset,
  );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="user-steps-title">
      <Title order={2} size="h5" id="user-steps-title" mb="sm">
        {t('trackingCount.steps.title')}
      </Title>
      {isLoading && <Loader size="sm" aria-label={t('trackingCount.steps.loading')} />}
      {error !== undefined && (
        <Alert color="red" variant="light">
          {errorText(error)}
        </Alert>
      )}
      {!isLoading && error === undefined && total === 0 && (
        <Text size="sm" c="dimmed">
          {t('trackingCount.steps.empty')}
        </Text>
      )}
      {steps.length > 0 && (
        <Stack gap="xs" component="ol" data-testid="user-steps" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {steps.map((step) => {
            const type = step.barcodeType ? project.barcodeTypes[step.barcodeType] : undefined;
            return (
              <Group
                key={`${step.barcodeId}:${step.seq}`}
                component="li"
                gap="sm"
                wrap="nowrap"
                align="flex-start"
                data-testid="user-step"
              >
                <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {timeOf(step.createdAt)}
                </Text>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor
                    component={Link}
                    to={paths.barcode.getHref(project, step.barcodeId)}
                    size="sm"
                    style={{ wordBreak: 'break-all' }}
                  >
                    {step.externalId ?? step.barcodeId}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {[type?.name[language], trackPointName(project, step.barcodeType, step.trackPointKey, language)]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                  {step.skipped && (
                    <Badge size="xs" variant="light" color="gray">
                      {t('trackingCount.steps.skipped')}
                    </Badge>
                  )}
                </Stack>
              </Group>
            );
          })}
        </Stack>
      )}
      {hasMore && (
        <Button variant="light" mt="sm" onClick={loadMore} loading={isLoadingMore}>
          {t('trackingCount.steps.more', { shown: steps.length, total })}
        </Button>
      )}
    </Paper>
  );
}
