import { useState } from 'react';
import { Alert, Button, List, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GhgInputs } from '@renderer';
import type { GhgResult } from '@schemas/api/ghg';
import type { FormContext } from '../types';

const kg = (value: number | null) =>
  value === null ? '—' : `${value.toLocaleString(undefined, { maximumFractionDigits: 3 })} kg`;

/**
 * The calculation review button and what it shows: the emission the inputs give, per gas (kg
 * and kg-CO2e), the gases left out for want of a factor, and every factor used with its source.
 * The server computes it again on submit.
 */
export function CalculationReview({
  id,
  calculationType,
  input,
  review,
  disabled,
}: {
  id: string;
  calculationType: string;
  input: GhgInputs;
  review: NonNullable<FormContext['reviewCalculation']>;
  disabled: boolean;
}) {
  const { t } = useTranslation('forms');
  const [state, setState] = useState<{ busy: boolean; result?: GhgResult; message?: string }>({ busy: false });
  const run = async () => {
    setState({ busy: true });
    const outcome = await review(calculationType, input);
    setState({ busy: false, ...outcome });
  };
  const { result } = state;
  return (
    <Stack gap="xs">
      <Button
        variant="light"
        onClick={() => void run()}
        loading={state.busy}
        disabled={disabled}
        aria-describedby={`${id}_review`}
      >
        {t('ghg.calculationReview')}
      </Button>
      <div id={`${id}_review`} aria-live="polite">
        {state.message !== undefined && (
          <Alert color="red" variant="light" title={t('ghg.reviewFailed')} style={{ whiteSpace: 'pre-line' }}>
            {state.message}
          </Alert>
        )}
        {result && (
          <Paper withBorder p="sm" radius="md" data-testid="ghg-review">
            <Text fw={700}>
              {t('ghg.reviewTitle')}: <span data-testid="ghg-review-total">{kg(result.emission)}</span> CO2e
            </Text>
            <Text size="sm" data-testid="ghg-review-method">
              {t('ghg.method', {
                method: t(`ghg.methodName.${result.calculationType}`, { defaultValue: result.calculationType }),
              })}
            </Text>
            <Table mt="xs" withRowBorders={false} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('ghg.gas')}</Table.Th>
                  <Table.Th>{t('ghg.amount')}</Table.Th>
                  <Table.Th>{t('ghg.co2e')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(['CO2', 'CH4', 'N2O'] as const).map((gas) => (
                  <Table.Tr key={gas}>
                    <Table.Td>{gas}</Table.Td>
                    <Table.Td>{kg(result.gases[gas])}</Table.Td>
                    <Table.Td>{kg(result.co2e[gas])}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {result.omittedGases.length > 0 && (
              <Text size="sm" c="dimmed">
                {t('ghg.omitted', { gases: result.omittedGases.join(', ') })}
              </Text>
            )}
            <Text size="sm" fw={600} mt="xs">
              {t('ghg.factors')}
            </Text>
            <List size="xs" spacing={2}>
              {result.factors.map((f) => (
                <List.Item key={f.id} style={{ overflowWrap: 'anywhere' }}>
                  {f.id} = {f.value} {f.unit}
                  {f.overridden ? ` (${t('ghg.overridden')})` : ''} — {f.source}
                </List.Item>
              ))}
            </List>
            <Text size="xs" c="dimmed" mt="xs">
              {t('ghg.beforeSubmit')}
            </Text>
          </Paper>
        )}
      </div>
    </Stack>
  );
}
