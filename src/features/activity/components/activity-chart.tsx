import { Group, Text, useMantineTheme } from '@mantine/core';
import type { Activity } from '@schemas/api/activity';

const WIDTH = 300;
const HEIGHT = 140;
const SERIES_COLOURS = ['blue', 'teal', 'grape', 'orange', 'indigo', 'lime', 'red', 'cyan'] as const;

/**
 * Steps per day as stacked bars, one colour per trackpoint, drawn as SVG here (no chart library
 * or service: thirty stacks of rectangles). The table beside it carries the same numbers for
 * screen readers, so the drawing is hidden from them; the legend is text, so it wraps.
 */
export function ActivityChart({
  activity,
  name,
  title,
}: {
  activity: Activity;
  name(key: string): string;
  title: string;
}) {
  const theme = useMantineTheme();
  const colour = (i: number) => theme.colors[SERIES_COLOURS[i % SERIES_COLOURS.length]!][7];
  const totals = activity.days.map((_, d) => activity.trackPoints.reduce((sum, p) => sum + (p.counts[d] ?? 0), 0));
  const max = Math.max(...totals, 1);
  const slot = WIDTH / activity.days.length;
  return (
    <figure style={{ margin: 0 }} data-testid="activity-chart">
      <Text component="figcaption" size="sm" fw={600} mb="xs">
        {title}
      </Text>
      <svg
        width="100%"
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 12}`}
        aria-hidden
        focusable="false"
        style={{ display: 'block' }}
      >
        <line x1="0" y1={HEIGHT} x2={WIDTH} y2={HEIGHT} stroke={theme.colors.gray[5]} strokeWidth="0.5" />
        {activity.days.map((day, d) => {
          let top = HEIGHT;
          return (
            <g key={day} data-day={day} data-steps={totals[d]}>
              {activity.trackPoints.map((point, i) => {
                const h = ((point.counts[d] ?? 0) / max) * (HEIGHT - 4);
                top -= h;
                return h > 0 ? (
                  <rect key={point.key} x={d * slot + 1} y={top} width={slot - 2} height={h} fill={colour(i)} />
                ) : null;
              })}
            </g>
          );
        })}
        <text x="0" y={HEIGHT + 10} fontSize="8" fill={theme.colors.gray[7]}>
          {activity.days[0]?.slice(5)}
        </text>
        <text x={WIDTH} y={HEIGHT + 10} fontSize="8" fill={theme.colors.gray[7]} textAnchor="end">
          {activity.days.at(-1)?.slice(5)}
        </text>
        <text x="2" y="8" fontSize="8" fill={theme.colors.gray[7]}>
          {max}
        </text>
      </svg>
      <Group gap="sm" mt="xs" aria-hidden>
        {activity.trackPoints.map((point, i) => (
          <Group key={point.key} gap={4} wrap="nowrap">
            <span style={{ width: 10, height: 10, background: colour(i), display: 'inline-block', flexShrink: 0 }} />
            <Text size="xs">{name(point.key)}</Text>
          </Group>
        ))}
      </Group>
    </figure>
  );
}
