import { Alert, Button, Loader, SimpleGrid, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Activity } from '@schemas/api/activity';
import type { Language } from '@schemas/languages';
import { utcOffsetHours } from '@/shared/api/client';
import { useErrorText } from '@/shared/i18n/error-message';
import { useCurrentProject } from '@/shared/project/use-project';
import { useActivity } from '../api/activity';
import { ActivityChart } from './activity-chart';

const ACTIONS = ['generated', 'activated', 'tracked', 'paired'] as const;

/** The days with a step, newest first: the table alternative to the chart. */
function StepsTable({ activity, name }: { activity: Activity; name(key: string): string }) {
  const { t } = useTranslation('barcode');
  const rows = activity.days
    .map((day, d) => ({ day, counts: activity.trackPoints.map((p) => p.counts[d] ?? 0) }))
    .filter((row) => row.counts.some((n) => n > 0))
    .reverse();
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table fz="sm" striped data-testid="activity-table">
        <Table.Caption>{t('activity.tableCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('activity.day')}</Table.Th>
            {activity.trackPoints.map((p) => (
              <Table.Th key={p.key} scope="col">
                {name(p.key)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.day}>
              <Table.Th scope="row">{row.day}</Table.Th>
              {row.counts.map((n, i) => (
                <Table.Td key={activity.trackPoints[i]!.key}>{n}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * `/{project}/activity` (restricted, the project's enterprise's staff): the steps made per day
 * at each trackpoint over the last 30 days, as a chart drawn here and as a table, with the key
 * actions' totals. First-party: the numbers come from the server's history (GET /barcode/activity).
 */
export function ActivityPage() {
  const { t, i18n } = useTranslation('barcode');
  const errorText = useErrorText();
  const project = useCurrentProject();
  const language = i18n.language as Language;
  const { data, error, isLoading, mutate } = useActivity(project.id, utcOffsetHours());
  const name = (key: string) =>
    Object.values(project.barcodeTypes)
      .flatMap((type) => type.trackPoints)
      .find((p) => p.key === key)?.name[language] ?? key;
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('activity.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('activity.intro')}
      </Text>
      {isLoading && <Loader aria-label={t('activity.loading')} />}
      {error !== undefined && (
        <Alert color="red" variant="light" title={t('activity.loadFailed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorText(error)}</Text>
            <Button variant="light" onClick={() => void mutate()}>
              {t('activity.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {data && (
        <>
          <SimpleGrid cols={2} spacing="xs">
            {ACTIONS.map((action) => (
              <Paper key={action} withBorder p="xs" radius="md">
                <Text size="xs" c="dimmed">
                  {t(`activity.totals.${action}`)}
                </Text>
                <Text fw={700} size="lg" data-testid={`activity-total-${action}`}>
                  {data.totals[action]}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          {data.trackPoints.length === 0 ? (
            <Text c="dimmed">{t('activity.empty')}</Text>
          ) : (
            <>
              <ActivityChart activity={data} name={name} title={t('activity.chartTitle')} />
              <StepsTable activity={data} name={name} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
