import { Button, Group, Radio, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Project } from '@schemas/api/project';
import type { Language } from '@schemas/languages';
import { typesForUser } from '@/shared/barcode/labels';
import { TypeIcon } from '@/shared/barcode/type-icon';

interface TypeStepProps {
  project: Project;
  userType: string;
  value: string | undefined;
  onChange(type: string): void;
  onNext(): void;
}

/** Step 1: the barcode types the user's type may activate, with their icons and colours. */
export function TypeStep({ project, userType, value, onChange, onNext }: TypeStepProps) {
  const { t, i18n } = useTranslation('barcode');
  const language = i18n.language as Language;
  const types = typesForUser(project, userType);
  if (types.length === 0) return <Text c="dimmed">{t('activate.noTypes')}</Text>;
  return (
    <Stack gap="sm">
      <Radio.Group value={value ?? null} onChange={onChange} label={t('activate.chooseType')} name="barcodeType">
        <Stack gap="xs" mt="xs">
          {types.map(([key, type]) => (
            <UnstyledButton
              key={key}
              onClick={() => onChange(key)}
              component="label"
              p="sm"
              style={{
                border: `2px solid ${value === key ? type.color.background : 'var(--mantine-color-gray-3)'}`,
                borderRadius: 'var(--mantine-radius-md)',
              }}
            >
              <Group wrap="nowrap">
                <Radio value={key} aria-label={type.name[language]} />
                <TypeIcon type={type} size={40} />
                <Text fw={600}>{type.name[language]}</Text>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      </Radio.Group>
      <Button size="md" disabled={!value} onClick={onNext}>
        {t('activate.next')}
      </Button>
    </Stack>
  );
}
