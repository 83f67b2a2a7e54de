import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../schemas/error-codes';
import { assertMayReadReport, assertReportRange, reportRows, standingEmissions } from '../../../server/rules/ghg';
import type { EmissionEntry } from '../../../server/rows/history';
import { answer, CARRIER, CLIENT, common, onField, STAFF } from './fixtures';

// A barcode's history as the repository reads it, and the emissions the journey page and the
// project's GHG report take from it (server/rules/ghg.ts). tests/server/rules/ghg.test.ts states
// the main cases; these state what a damaged or unusual history gives.

const day = (n: number) => new Date(Date.UTC(2026, 10, n));
/** A GHG value as the server stores it after computing it. */
const ghg = (
  emission: number,
  transportType = 'diesel',
  gases = { CO2: emission, CH4: null as number | null, N2O: null as number | null },
) => ({ transportType, fuelConsumption: 1, emission, gases, factorTableVersion: 'v' });
const entry = (
  seq: number,
  action: string,
  data: unknown,
  trackPointKey: string | null = 'carrier',
): EmissionEntry => ({ barcode_id: 'B', seq, action, track_point_key: trackPointKey, created_at: day(seq), data });
const summary = (entries: EmissionEntry[], wholeHistory = false) =>
  standingEmissions(entries, wholeHistory).map((l) => [l.seq, l.trackPointKey, l.fieldKey, l.emission]);

describe('standingEmissions: a history whose stored data is damaged', () => {
  it('an activation or step whose data is missing, text or a list has no emission, and the steps after it still count', () => {
    expect(
      summary([
        entry(1, 'activated', null, null),
        entry(2, 'activation-edited', [ghg(1)], null),
        entry(3, 'tracked', 'truckEmission'),
        entry(4, 'tracked', [{ forms: { pickup: { e: ghg(2) } } }]),
        entry(5, 'tracking-undone', null),
        entry(6, 'tracked', { forms: { pickup: { e: ghg(3) } } }),
      ]),
    ).toEqual([[6, 'carrier', 'e', 3]]);
  });

  it('an activation stored as a list of values is not read as fields', () => {
    expect(summary([entry(1, 'activated', [ghg(1)], null)])).toEqual([]);
  });

  it('forms stored empty, as text or as a list are skipped, and empty answers beside an emission are not emissions', () => {
    expect(
      summary([
        entry(1, 'tracked', { forms: null }),
        entry(2, 'tracked', { forms: 'pickup' }),
        entry(3, 'tracked', { forms: [{ e: ghg(1) }] }),
        entry(4, 'tracked', { forms: { pickup: null, receiving: 'done', delivery: [{ e: ghg(2) }] } }),
        entry(5, 'tracked', { forms: { pickup: { vehicleId: null, note: 'late', e: ghg(4), photos: [] } } }),
      ]),
    ).toEqual([[5, 'carrier', 'e', 4]]);
  });

  it('a GHG value counts only when whole as the server writes it: a number emission, its transport type and factor table version', () => {
    const { emission: _e, ...noEmission } = ghg(5);
    const { transportType: _t, ...noType } = ghg(6);
    expect(
      summary([
        entry(1, 'tracked', {
          forms: {
            pickup: {
              noEmission,
              textEmission: { ...ghg(7), emission: '7' },
              noType,
              good: ghg(8),
            },
          },
        }),
      ]),
    ).toEqual([[1, 'carrier', 'good', 8]]);
  });
});

describe('standingEmissions: edits and undos', () => {
  it('an edit of a step already undone does not bring its emission back', () => {
    expect(
      summary([
        entry(1, 'tracked', { forms: { pickup: { e: ghg(10) } } }),
        entry(2, 'tracking-undone', { undoneSeq: 1 }),
        entry(3, 'tracking-edited', { editedSeq: 1, forms: { pickup: { e: ghg(20) } } }),
      ]),
    ).toEqual([]);
  });

  it('an edit of a step the history does not have, or an activation edit after a recycle, is ignored', () => {
    expect(
      summary(
        [
          entry(1, 'activated', { e: ghg(1) }, null),
          entry(2, 'tracking-edited', { editedSeq: 99, forms: { pickup: { e: ghg(20) } } }),
          entry(3, 'recycled', {}),
          entry(4, 'activation-edited', { e: ghg(30) }, null),
        ],
        true,
      ),
    ).toEqual([[1, '', 'e', 1]]);
  });

  it('an activation has no trackpoint: its emission is on the empty trackpoint key, with the time it was made', () => {
    const [leg] = standingEmissions([entry(1, 'activated', { e: ghg(2, 'gasoline') }, null)], false);
    expect(leg).toEqual({
      seq: 1,
      trackPointKey: '',
      at: day(1).toISOString(),
      fieldKey: 'e',
      transportType: 'gasoline',
      emission: 2,
      gases: { CO2: 2, CH4: null, N2O: null },
    });
  });

  it('lists the legs in step order even when the history is read out of order', () => {
    expect(
      summary([
        entry(3, 'tracked', { forms: { pickup: { e: ghg(3) } } }),
        entry(1, 'tracked', { forms: { pickup: { e: ghg(1) } } }),
        entry(4, 'tracked', { forms: { pickup: { e: ghg(4) } } }),
        entry(2, 'tracked', { forms: { pickup: { e: ghg(2) } } }),
      ]).map(([seq]) => seq),
    ).toEqual([1, 2, 3, 4]);
  });
});

describe('reportRows: methane and nitrous oxide', () => {
  it('sums CH4 and N2O where the factors gave them, a missing gas counting as 0', () => {
    const legs = standingEmissions(
      [
        entry(1, 'tracked', { forms: { a: { e: ghg(10.09, 'diesel', { CO2: 10, CH4: 0.003, N2O: 0.006 }) } } }),
        entry(2, 'tracked', { forms: { a: { e: ghg(20.09, 'diesel', { CO2: 20, CH4: 0.002, N2O: 0.004 }) } } }),
        entry(3, 'tracked', { forms: { a: { e: ghg(5) } } }),
      ],
      true,
    );
    expect(reportRows(legs)).toEqual([
      { trackPointKey: 'carrier', transportType: 'diesel', count: 3, emission: 35.18, CO2: 35, CH4: 0.005, N2O: 0.01 },
    ]);
  });
});

describe('assertReportRange (at most 366 days, `to` after `from`: 1011 on to)', () => {
  const from = new Date('2026-01-01T00:00:00Z');
  const after = (ms: number) => new Date(from.getTime() + ms);
  const DAY = 86_400_000;

  it('accepts a day, and a year and a day to the millisecond', () => {
    expect(answer(() => assertReportRange(from, after(1)))).toBe('passed');
    expect(answer(() => assertReportRange(from, after(DAY)))).toBe('passed');
    expect(answer(() => assertReportRange(from, after(366 * DAY)))).toBe('passed');
  });

  it('refuses an empty or backward range, and one a millisecond longer than 366 days', () => {
    expect(answer(() => assertReportRange(from, from))).toEqual(onField('to', ErrorCode.valueOutOfRange));
    expect(answer(() => assertReportRange(from, after(-DAY)))).toEqual(onField('to', ErrorCode.valueOutOfRange));
    expect(answer(() => assertReportRange(from, after(366 * DAY + 1)))).toEqual(
      onField('to', ErrorCode.valueOutOfRange),
    );
  });
});

describe('assertMayReadReport', () => {
  it("the enterprise's staff read the project's report; carriers and clients are refused with 403", () => {
    expect(answer(() => assertMayReadReport(STAFF))).toBe('passed');
    expect(answer(() => assertMayReadReport(CARRIER))).toEqual(common(ErrorCode.forbidden, 403));
    expect(answer(() => assertMayReadReport(CLIENT))).toEqual(common(ErrorCode.forbidden, 403));
  });
});
