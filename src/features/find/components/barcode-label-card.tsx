import { memo } from 'react';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Project } from '@schemas/api/project';
import type { BarcodeLabel } from '@schemas/api/search';
import type { Language } from '@schemas/languages';
import { displayLabel, formatDateTime, trackPointName } from '@/shared/barcode/labels';
import { TypeIcon } from '@/shared/barcode/type-icon';
import { paths } from '@/shared/paths';

/** The words a label uses, translated once for a whole list (a card has no hooks of its own). */
export interface LabelTexts {
  notActivated: string;
  deactivated: string;
  createdAt(date: string): string;
  lastStepAt(date: string): string;
  id(id: string): string;
}

export interface BarcodeLabelCardProps {
  project: Project;
  label: BarcodeLabel;
  language: Language;
  texts: LabelTexts;
}

/**
 * A found barcode as a label: its type's icon and colours, its title (the type's
 * `listViewTitleLabelField`, else its display label), its id, type and trackpoint, when it was
 * generated or last stepped. The whole card is the link to its detail.
 */
export const BarcodeLabelCard = memo(function BarcodeLabelCard({
  project,
  label,
  language,
  texts,
}: BarcodeLabelCardProps) {
  const type = label.barcodeType ? project.barcodeTypes[label.barcodeType] : undefined;
  const title = label.title ?? displayLabel(label);
  const point = trackPointName(project, label.barcodeType, label.currentTrackPointKey, language);
  return (
    <Paper
      component={Link}
      to={paths.barcode.getHref(project, label.id)}
      withBorder
      p="sm"
      radius="md"
      data-testid="barcode-label"
      style={{
        display: 'block',
        overflow: 'visible',
        textDecoration: 'none',
        color: 'inherit',
        borderLeft: `6px solid ${type?.color.background ?? 'var(--mantine-color-gray-4)'}`,
      }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <TypeIcon type={type} size={36} />
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {[type?.name[language], texts.id(label.id), label.title && label.externalId ? label.externalId : null]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {/* Plain text, not badges: at 200 % text a badge's one line would be cut. */}
          <Text size="sm" fw={600} c={label.isDeactivated ? 'red.8' : undefined} style={{ overflowWrap: 'anywhere' }}>
            {[point, !label.isActivated ? texts.notActivated : null, label.isDeactivated ? texts.deactivated : null]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Text size="xs" c="dimmed">
            {label.lastStepAt
              ? texts.lastStepAt(formatDateTime(label.lastStepAt))
              : texts.createdAt(formatDateTime(label.createdAt))}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
});
