import { useState } from 'react';
import { Alert, Button, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formulaInWords } from '@renderer';
import type { CalculationFieldReview, FormContext } from '../types';

/**
 * The calculation review button of a calculation field, as the GHG field has it
 * (../ghg-emission/calculation-review.tsx): before submit it shows the formula, each input with
 * the value typed so far, and the result. The server computes the result again on submit.
 */
export function FormulaReview({
  id,
  fieldKey,
  review,
  format,
}: {
  id: string;
  fieldKey: string;
  review: NonNullable<FormContext['reviewFormula']>;
  /** The result as the field shows it (with its unit prefix and suffix). */
  format(value: number): string;
}) {
  const { t } = useTranslation('forms');
  const [state, setState] = useState<{ busy: boolean; shown?: CalculationFieldReview }>({ busy: false });
  const run = async () => {
    setState((s) => ({ ...s, busy: true }));
    setState({ busy: false, shown: await review(fieldKey) });
  };
  const { shown } = state;
  const empty = t('calculationReview.empty');
  return (
    <Stack gap="xs">
      <Button variant="light" onClick={() => void run()} loading={state.busy} aria-describedby={`${id}_review`}>
        {t('calculationReview.button')}
      </Button>
      <div id={`${id}_review`} aria-live="polite">
        {shown && 'message' in shown && (
          <Alert color="red" variant="light" title={t('calculationReview.failed')}>
            {shown.message}
          </Alert>
        )}
        {shown && 'inputs' in shown && (
          <Paper withBorder p="sm" radius="md" data-testid="calculation-review">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('calculationReview.formula')}:{' '}
              {formulaInWords(shown.formula, (key) => shown.inputs.find((input) => input.key === key)?.label)}
            </Text>
            <Table mt="xs" withRowBorders={false} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('calculationReview.input')}</Table.Th>
                  <Table.Th>{t('calculationReview.value')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.inputs.map((input) => (
                  <Table.Tr key={input.key}>
                    <Table.Td>{input.label}</Table.Td>
                    <Table.Td>{input.value === undefined ? empty : input.value.toLocaleString()}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text fw={700} mt="xs">
              {t('calculationReview.result')}:{' '}
              <span data-testid="calculation-review-result">
                {shown.result === undefined ? t('calculationReview.incomplete') : format(shown.result)}
              </span>
            </Text>
            <Text size="xs" c="dimmed" mt="xs">
              {t('calculationReview.beforeSubmit')}
            </Text>
          </Paper>
        )}
      </div>
    </Stack>
  );
}
