import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@schemas/languages';
import type { TrackPoint } from '@schemas/project-config';

interface TrackPointStepProps {
  points: TrackPoint[];
  value: string | undefined;
  onChange(key: string): void;
  onBack(): void;
  onNext(): void;
}

/** Step 2: where the barcode's journey starts (its type's first trackpoint unless chosen). */
export function TrackPointStep({ points, value, onChange, onBack, onNext }: TrackPointStepProps) {
  const { t, i18n } = useTranslation('barcode');
  const language = i18n.language as Language;
  return (
    <Stack gap="sm">
      <Radio.Group
        value={value ?? points[0]?.key ?? null}
        onChange={onChange}
        label={t('activate.chooseTrackPoint')}
        name="trackPointKey"
      >
        <Stack gap="sm" mt="xs">
          {points.map((point) => {
            const needs = [
              point.requireOrigin && t('activate.step.origin'),
              point.requireDestination && t('activate.step.destination'),
              point.requirePackageInfo && t('activate.step.package'),
            ].filter(Boolean);
            return (
              <Radio
                key={point.key}
                value={point.key}
                size="md"
                label={point.name[language] ?? point.key}
                description={needs.length > 0 ? t('activate.needs', { items: needs.join(', ') }) : undefined}
              />
            );
          })}
        </Stack>
      </Radio.Group>
      <Group grow mt="md">
        <Button variant="default" size="md" onClick={onBack}>
          {t('common.back', { ns: 'common' })}
        </Button>
        <Button size="md" onClick={onNext}>
          {t('activate.next')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('activate.trackPointHint')}
      </Text>
    </Stack>
  );
}
