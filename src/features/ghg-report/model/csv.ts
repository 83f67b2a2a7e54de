import type { GhgReport } from '@schemas/api/ghg';

/** Names shown for a row's trackpoint and transport type, in the viewer's language. */
export interface RowNames {
  trackPoint(key: string): string;
  transportType(key: string): string;
}

const cell = (value: string | number): string => {
  const text = String(value);
  // Quoted when it holds a separator, a quote or a line break; a leading = + - @ is neutralised
  // so a spreadsheet never runs a name as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export const CSV_HEADER = [
  'from',
  'to',
  'trackPointKey',
  'trackPoint',
  'transportTypeKey',
  'transportType',
  'count',
  'emission_kg_co2e',
  'co2_kg',
  'ch4_kg',
  'n2o_kg',
] as const;

/**
 * The report as CSV (RFC 4180, CRLF), one line per trackpoint leg and transport type, keys and
 * names both given; a UTF-8 byte-order mark first so that spreadsheet programs read Japanese and
 * Chinese names right.
 */
export function reportCsv(report: GhgReport, names: RowNames): string {
  const lines = [
    CSV_HEADER.join(','),
    ...report.rows.map((r) =>
      [
        report.from,
        report.to,
        r.trackPointKey,
        names.trackPoint(r.trackPointKey),
        r.transportType,
        names.transportType(r.transportType),
        r.count,
        r.emission,
        r.CO2,
        r.CH4,
        r.N2O,
      ]
        .map(cell)
        .join(','),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
