import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Barcode } from '@schemas/api/barcode';
import type { Project } from '@schemas/api/project';
import type { Language } from '@schemas/languages';
import { trackPointName } from '@/shared/barcode/labels';
import { useErrorText } from '@/shared/i18n/error-message';
import { ghgFieldMethods, hasGhgFields } from '@/shared/project/ghg';
import { useGhgEmissions } from '../api/ghg-emissions';

const kg = (value: number, language: string) =>
  `${value.toLocaleString(language, { maximumFractionDigits: 3 })} kg-CO2e`;

/**
 * The transport emissions stored on the barcode's present trip (computed by the server on
 * activation and tracking), one line per GHG field of a step, and the journey's total. Drawn
 * for users of a project that has a GHG emission field.
 */
export function GhgEmissions({ project, barcode }: { project: Project; barcode: Pick<Barcode, 'id' | 'barcodeType'> }) {
  const { t, i18n } = useTranslation(['barcode', 'forms']);
  const errorText = useErrorText();
  const language = i18n.language as Language;
  const { data, error } = useGhgEmissions(barcode.id, hasGhgFields(project));
  if (error !== undefined)
    return (
      <Alert color="red" variant="light" title={t('emissions.loadFailed')}>
        {errorText(error)}
      </Alert>
    );
  if (!data) return null;
  // Each leg names the method its field calculates with, as the review and the report do.
  const methods = ghgFieldMethods(project, barcode.barcodeType);
  const methodOf = (fieldKey: string) => {
    const method = methods.find((m) => m.key === fieldKey)?.calculationType;
    return method ? t(`ghg.methodName.${method}`, { ns: 'forms', defaultValue: method }) : undefined;
  };
  return (
    <Paper withBorder p="md" radius="md" data-testid="ghg-emissions">
      <Title order={2} size="h5">
        {t('emissions.title')}
      </Title>
      {data.legs.length === 0 ? (
        <Text size="sm" c="dimmed" mt="xs">
          {t('emissions.none')}
        </Text>
      ) : (
        <Stack gap={4} mt="xs">
          {data.legs.map((leg) => (
            <Group key={`${leg.seq}-${leg.fieldKey}`} justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {t('emissions.leg', {
                  trackPoint: trackPointName(project, barcode.barcodeType, leg.trackPointKey, language),
                  transportType: t(`ghg.transport.${leg.transportType}`, {
                    ns: 'forms',
                    defaultValue: leg.transportType,
                  }),
                })}
                {methodOf(leg.fieldKey) && (
                  <Text span size="xs" c="dimmed" data-testid="ghg-leg-method">
                    {' '}
                    ({methodOf(leg.fieldKey)})
                  </Text>
                )}
              </Text>
              <Text size="sm" fw={600}>
                {kg(leg.emission, language)}
              </Text>
            </Group>
          ))}
          <Group justify="space-between" wrap="wrap" gap="xs" mt={4}>
            <Text fw={700}>{t('emissions.total')}</Text>
            <Text fw={700} data-testid="ghg-journey-total">
              {kg(data.total, language)}
            </Text>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
