import { describe, expect, it } from 'vitest';
import { localDay } from '../../../server/rules/tracking-count';
import { answer, onField } from './fixtures';

describe('the local day of the tracking count', () => {
  it('starts at local midnight: 9 hours east of UTC starts the day before at 15:00 UTC', () => {
    const day = localDay('20260315', 9);
    expect(day.start.toISOString()).toBe('2026-03-14T15:00:00.000Z');
    expect(day.end.toISOString()).toBe('2026-03-15T15:00:00.000Z');
    expect(day.iso).toBe('2026-03-15');
  });

  it('takes offsets west of UTC and half hours', () => {
    expect(localDay('20260315', -4.5).start.toISOString()).toBe('2026-03-15T04:30:00.000Z');
    expect(localDay('20260315', 0).start.toISOString()).toBe('2026-03-15T00:00:00.000Z');
  });

  it('refuses a day that does not exist (1013 on date), and knows leap years', () => {
    expect(answer(() => localDay('20260230', 9))).toEqual(onField('date', 1013));
    expect(answer(() => localDay('20261301', 9))).toEqual(onField('date', 1013));
    expect(answer(() => localDay('20260100', 9))).toEqual(onField('date', 1013));
    expect(answer(() => localDay('20250229', 9))).toEqual(onField('date', 1013));
    // Date.UTC reads years 0-99 as 1900-1999: such a date is no day of the year written.
    expect(answer(() => localDay('00500101', 9))).toEqual(onField('date', 1013));
    expect(localDay('20240229', 0).iso).toBe('2024-02-29');
  });
});
