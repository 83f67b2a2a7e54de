import { Alert, List, Text } from '@mantine/core';
import type { Report } from '@schemas/api/admin-config';

const COLOUR = { inPlace: 'teal', newVersion: 'yellow', refused: 'red' } as const;

/**
 * A compatibility report or a diff: the verdict and each change in words (the server's, or
 * `words`, one per change, where a confirmation says them in the admin's words).
 */
export function ReportView({ report, empty, words }: { report: Report; empty: string; words?: readonly string[] }) {
  return (
    <Alert color={COLOUR[report.verdict]} data-testid="config-report">
      <Text size="sm" fw={700}>
        {report.verdictText}
      </Text>
      {report.changes.length === 0 ? (
        <Text size="sm">{empty}</Text>
      ) : (
        <List size="sm" spacing={2}>
          {report.changes.map((c, i) => (
            <List.Item key={c.id} style={{ overflowWrap: 'anywhere' }}>
              {words?.[i] ?? c.text}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
