import { describe, expect, it } from 'vitest';
import { reportCsv } from '@/features/ghg-report/model/csv';

describe('reportCsv', () => {
  const names = {
    trackPoint: (k: string) => (k === 'carrier' ? 'Carrier, "North"' : k),
    transportType: (k: string) => (k === 'diesel' ? '=cmd' : k),
  };
  const report = {
    from: '2026-11-01',
    to: '2026-11-23',
    total: 186.513,
    rows: [
      { trackPointKey: 'carrier', transportType: 'diesel', count: 2, emission: 186.513, CO2: 186.513, CH4: 0, N2O: 0 },
    ],
  };

  it('writes one CRLF line per row after a BOM and the header, quoting separators and neutralising formulas', () => {
    const csv = reportCsv(report, names);
    expect(
      csv.startsWith(
        '\uFEFFfrom,to,trackPointKey,trackPoint,transportTypeKey,transportType,count,emission_kg_co2e,co2_kg,ch4_kg,n2o_kg\r\n',
      ),
    ).toBe(true);
    expect(csv.split('\r\n')[1]).toBe(
      '2026-11-01,2026-11-23,carrier,"Carrier, ""North""",diesel,\'=cmd,2,186.513,186.513,0,0',
    );
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('neutralises a name that starts with a tab or a carriage return too (OWASP CSV injection)', () => {
    for (const lead of ['\t', '\r', '+', '-', '@']) {
      const line = reportCsv(report, { ...names, trackPoint: () => `${lead}HYPERLINK("x")` }).split('\r\n')[1] ?? '';
      expect(line, JSON.stringify(lead)).toContain(`'${lead}HYPERLINK`);
    }
  });

  it('writes only the header for an empty report', () => {
    expect(reportCsv({ ...report, rows: [] }, names).split('\r\n')).toHaveLength(2);
  });
});
