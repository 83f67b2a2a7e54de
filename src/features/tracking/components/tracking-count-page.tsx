import { Fragment, useState } from 'react';
import { ActionIcon, Alert, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { utcOffsetHours } from '@/shared/api/client';
import { useErrorText } from '@/shared/i18n/error-message';
import { useCurrentProject } from '@/shared/project/use-project';
import { useTrackingCount } from '../api/tracking';
import { UserTrackingSteps } from './user-tracking-steps';

const pad = (n: number) => String(n).padStart(2, '0');
/** Dates are sent as YYYYMMDD and shown as YYYY/MM/DD. */
const paramOf = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;
const shownOf = (d: Date) => `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())}`;
const addDays = (d: Date, days: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);

/**
 * `/{project}/tracking-count` (restricted): how many tracking steps the user added on a day of
 * their own time zone, today by default; one tap to the previous or next day (never the future);
 * below, the steps themselves.
 */
export function TrackingCountPage() {
  const { t } = useTranslation('barcode');
  const errorText = useErrorText();
  const project = useCurrentProject();
  const today = new Date();
  const [day, setDay] = useState(() => new Date(today.getFullYear(), today.getMonth(), today.getDate()));
  const { data, error, isLoading } = useTrackingCount(project.id, paramOf(day), utcOffsetHours(day));
  const isToday = paramOf(day) === paramOf(today);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('trackingCount.title')}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" wrap="nowrap">
          <ActionIcon
            size="xl"
            variant="light"
            onClick={() => setDay(addDays(day, -1))}
            aria-label={t('trackingCount.previousDay')}
          >
            <IconChevronLeft />
          </ActionIcon>
          {/* Between the two day buttons; with large text the date breaks after a slash instead of pushing them off screen. */}
          <Stack gap={0} align="center" miw={0} style={{ flex: 1 }}>
            <Text size="sm" c="dimmed" ta="center">
              {t('trackingCount.date')}
            </Text>
            <Text fw={700} size="lg" ta="center" data-testid="tracking-count-date">
              {shownOf(day)
                .split('/')
                .map((part, i) => (
                  <Fragment key={i}>
                    {i > 0 && (
                      <>
                        /<wbr />
                      </>
                    )}
                    {part}
                  </Fragment>
                ))}
            </Text>
          </Stack>
          <ActionIcon
            size="xl"
            variant="light"
            disabled={isToday}
            onClick={() => setDay(addDays(day, 1))}
            aria-label={t('trackingCount.nextDay')}
          >
            <IconChevronRight />
          </ActionIcon>
        </Group>
        <Center mt="lg" mih={90}>
          {isLoading && <Loader />}
          {error !== undefined && (
            <Alert color="red" variant="light">
              {errorText(error)}
            </Alert>
          )}
          {data && (
            <Stack gap={0} align="center">
              <Text size="3rem" fw={800} lh={1} data-testid="tracking-count">
                {data.count}
              </Text>
              <Text size="sm" c="dimmed">
                {t('trackingCount.count')}
              </Text>
            </Stack>
          )}
        </Center>
      </Paper>
      <UserTrackingSteps date={paramOf(day)} utcOffset={utcOffsetHours(day)} />
    </Stack>
  );
}
