import { Alert, Paper, Stack, Text, Timeline } from '@mantine/core';
import { IconCheck, IconPoint, IconTruck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@schemas/languages';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { trackPointsOf } from '@/shared/barcode/labels';
import { PageTitle } from '@/shared/barcode/page-title';
import { useCurrentProject } from '@/shared/project/use-project';

/**
 * `.../trace` (open): the barcode's journey through its type's trackpoints, which are passed,
 * where it is now, and what comes next. Needs no login: it shows only the configuration's
 * trackpoint names and the barcode's current trackpoint, which the detail page shows anyway.
 */
export function TracePage() {
  const { t, i18n } = useTranslation('barcode');
  const language = i18n.language as Language;
  const project = useCurrentProject();
  const { barcode, detailPath } = useCurrentBarcode();
  const { points, current } = trackPointsOf(project, barcode);
  return (
    <Stack gap="md">
      <PageTitle title={t('trace.title')} barcode={barcode} detailPath={detailPath} />
      {!barcode.isActivated ? (
        <Alert variant="light" color="gray">{t('trace.notActivated')}</Alert>
      ) : (
        <Paper withBorder p="md" radius="md">
          <Timeline active={current} bulletSize={26} lineWidth={3} data-testid="trace">
            {points.map((point, index) => {
              const state = index < current ? 'passed' : index === current ? 'current' : 'upcoming';
              const Icon = state === 'passed' ? IconCheck : state === 'current' ? IconTruck : IconPoint;
              return (
                <Timeline.Item key={point.key} bullet={<Icon size={14} aria-hidden />} title={point.name[language] ?? point.key} data-state={state}>
                  <Text size="xs" c="dimmed">{t(`trace.${state}`)}</Text>
                </Timeline.Item>
              );
            })}
          </Timeline>
        </Paper>
      )}
    </Stack>
  );
}
