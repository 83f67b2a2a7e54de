import { Stack, Text, useMantineTheme } from '@mantine/core';
import type { GhgReportRow } from '@schemas/api/ghg';
import type { RowNames } from '../model/csv';

/**
 * A horizontal bar per trackpoint leg and transport type, largest first, drawn as SVG here (no
 * chart library: a few rectangles do not need one). Labels are text so they wrap with large
 * fonts; the table below carries the same numbers, so the chart is hidden from screen readers.
 */
export function EmissionChart({
  rows,
  names,
  title,
}: {
  rows: readonly GhgReportRow[];
  names: RowNames;
  title: string;
}) {
  const theme = useMantineTheme();
  const max = Math.max(...rows.map((r) => r.emission), 0);
  return (
    <figure style={{ margin: 0 }} data-testid="ghg-chart">
      <Text component="figcaption" size="sm" fw={600} mb="xs">
        {title}
      </Text>
      <Stack gap={6} aria-hidden>
        {rows.map((row) => (
          <div key={`${row.trackPointKey}-${row.transportType}`}>
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              {names.trackPoint(row.trackPointKey)} · {names.transportType(row.transportType)}:{' '}
              {row.emission.toLocaleString()} kg
            </Text>
            <svg width="100%" height="14" viewBox="0 0 100 14" preserveAspectRatio="none" focusable="false">
              <rect x="0" y="0" width="100" height="14" fill={theme.colors.gray[2]} />
              <rect
                x="0"
                y="0"
                width={max > 0 ? Math.max((row.emission / max) * 100, 0.5) : 0}
                height="14"
                fill={theme.colors.teal[8]}
              />
            </svg>
          </div>
        ))}
      </Stack>
    </figure>
  );
}
