import { useCallback } from 'react';
import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlacedProblem } from '../model/problem-place';

/** A problem in the admin's words: what it concerns (label and key), then what is wrong, in their language. */
export function useProblemText(): (placed: PlacedProblem) => string {
  const { t } = useTranslation('admin');
  return useCallback(
    ({ problem, subject, property }: PlacedProblem) => {
      const message = t(problem.key, { ns: 'config', ...problem.values, defaultValue: problem.message });
      if (subject && property) return t('config.problemIn', { subject, property, message });
      if (subject || property) return t('config.problemOf', { subject: subject || property, message });
      return t('config.problemOfProject', { message });
    },
    [t],
  );
}

/** The problems as a list (beside a field, in the QA section, at the publish buttons). */
export function ProblemList({ problems, testId }: { problems: PlacedProblem[]; testId?: string }) {
  const text = useProblemText();
  return (
    <List size="sm" spacing={2} data-testid={testId}>
      {problems.map((p, i) => (
        <List.Item key={`${p.problem.pointer} ${p.problem.key} ${i}`}>
          <Text size="sm" c="red.9" style={{ overflowWrap: 'anywhere' }}>
            {text(p)}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
