import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Barcode } from '@schemas/api/barcode';
import type { Project } from '@schemas/api/project';
import type { Language } from '@schemas/languages';
import { barcodeTypeOf, isAtEnd, trackPointName } from '@/shared/barcode/labels';
import { TypeIcon } from '@/shared/barcode/type-icon';

/** The barcode's title: where the focus goes when the control that had it is gone (an undone step's Undo button). */
export const BARCODE_TITLE_ID = 'barcode-title';

/** The barcode label: type icon and name, id, external id and tracking number, current state. */
export function BarcodeLabel({ project, barcode }: { project: Project; barcode: Barcode }) {
  const { t, i18n } = useTranslation('barcode');
  const language = i18n.language as Language;
  const type = barcodeTypeOf(project, barcode);
  const state = barcode.isDeactivated
    ? 'deactivated'
    : !barcode.isActivated
      ? 'notActivated'
      : isAtEnd(project, barcode)
        ? 'atEnd'
        : 'activated';
  const colour = { deactivated: 'red', notActivated: 'gray', atEnd: 'teal', activated: 'cyan' }[state];
  return (
    <Paper withBorder p="md" radius="md" data-testid="barcode-label">
      <Group wrap="nowrap" align="flex-start">
        <TypeIcon type={type} size={48} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {type?.name[language] ?? t('detail.noType')}
          </Text>
          <Title order={1} size="h3" id={BARCODE_TITLE_ID} tabIndex={-1} style={{ wordBreak: 'break-all' }}>
            {barcode.externalId ?? barcode.id}
          </Title>
          <Text size="xs" c="dimmed">
            {t('detail.id')}: <span data-testid="barcode-id">{barcode.id}</span>
          </Text>
          {barcode.trackingNumber && (
            <Text size="xs" c="dimmed">
              {t('detail.trackingNumber')}: {barcode.trackingNumber}
            </Text>
          )}
        </Stack>
      </Group>
      <Group mt="sm" gap="xs">
        <Badge color={colour} variant="light" data-testid="barcode-state">
          {t(`state.${state}`)}
        </Badge>
        {barcode.isActivated && barcode.currentTrackPointKey && (
          <Text size="sm" data-testid="current-trackpoint">
            {t('state.currentTrackPoint')}:{' '}
            <strong>{trackPointName(project, barcode.barcodeType, barcode.currentTrackPointKey, language)}</strong>
          </Text>
        )}
      </Group>
    </Paper>
  );
}
