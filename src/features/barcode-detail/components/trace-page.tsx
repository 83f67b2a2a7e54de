import { Alert, Anchor, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconCheck, IconPoint, IconTruck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Barcode } from '@schemas/api/barcode';
import type { Language } from '@schemas/languages';
import { useBarcode } from '@/shared/api/use-barcode';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { trackPointsOf } from '@/shared/barcode/labels';
import { PageTitle } from '@/shared/barcode/page-title';
import { paths } from '@/shared/paths';
import { useCurrentProject } from '@/shared/project/use-project';
import { useChildren } from '../api/children';

/** One barcode above this one, by its label. */
function AncestorItem({ id }: { id: string }) {
  const project = useCurrentProject();
  const { data } = useBarcode(project.code, id);
  return (
    <li>
      <Anchor component={Link} to={paths.barcode.getHref(project, id)}>
        {data?.externalId ?? id}
      </Anchor>
    </li>
  );
}

/**
 * The barcode's place among parents and children: the barcodes it is paired under (the top one
 * first), and its direct children (the first page of the tree; all of them on the children page).
 */
function Hierarchy({ barcode }: { barcode: Barcode }) {
  const { t } = useTranslation('barcode');
  const project = useCurrentProject();
  const { ancestorIds, childrenCount } = barcode.hierarchy;
  const { data } = useChildren(childrenCount > 0 ? barcode.id : null);
  if (ancestorIds.length === 0 && childrenCount === 0) return null;
  const direct = (data?.items ?? []).filter((c) => c.depth === 1);
  return (
    <Paper withBorder p="md" radius="md" data-testid="trace-hierarchy">
      {ancestorIds.length > 0 && (
        <>
          <Title order={2} size="h5" mb={4}>
            {t('trace.parents')}
          </Title>
          <Stack gap={2} component="ol" data-testid="trace-parents" style={{ margin: 0, paddingLeft: 20 }}>
            {[...ancestorIds].reverse().map((id) => (
              <AncestorItem key={id} id={id} />
            ))}
          </Stack>
        </>
      )}
      {childrenCount > 0 && (
        <>
          <Title order={2} size="h5" mb={4} mt={ancestorIds.length > 0 ? 'sm' : 0}>
            {t('trace.childrenTitle')}
          </Title>
          <Stack gap={2} component="ul" data-testid="trace-children" style={{ margin: 0, paddingLeft: 20 }}>
            {direct.map((child) => (
              <li key={child.id}>
                <Anchor component={Link} to={paths.barcode.getHref(project, child.id)}>
                  {child.externalId ?? child.id}
                </Anchor>
              </li>
            ))}
          </Stack>
          {childrenCount > direct.length && (
            <Anchor component={Link} to={paths.barcode.children.getHref(project, barcode.id)} size="sm">
              {t('trace.allChildren', { count: childrenCount })}
            </Anchor>
          )}
        </>
      )}
    </Paper>
  );
}

/**
 * `.../trace` (open): the barcode's journey through its type's trackpoints, which are passed,
 * where it is now, and what comes next. Needs no login: it shows only the configuration's
 * trackpoint names and the barcode's current trackpoint, which the detail page shows anyway;
 * and the barcodes it is paired under and its children (open like the children page).
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
        <Alert variant="light" color="gray">
          {t('trace.notActivated')}
        </Alert>
      ) : (
        <Paper withBorder p="md" radius="md">
          <Timeline active={current} bulletSize={26} lineWidth={3} data-testid="trace">
            {points.map((point, index) => {
              const state = index < current ? 'passed' : index === current ? 'current' : 'upcoming';
              const Icon = state === 'passed' ? IconCheck : state === 'current' ? IconTruck : IconPoint;
              return (
                <Timeline.Item
                  key={point.key}
                  bullet={<Icon size={14} aria-hidden />}
                  title={point.name[language] ?? point.key}
                  data-state={state}
                >
                  <Text size="xs" c="dimmed">
                    {t(`trace.${state}`)}
                  </Text>
                </Timeline.Item>
              );
            })}
          </Timeline>
        </Paper>
      )}
      <Hierarchy barcode={barcode} />
    </Stack>
  );
}
