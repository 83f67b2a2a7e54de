import { describe, expect, it } from 'vitest';
import { madeAtOf } from '../../../server/rules/made-at';
import { ApiFailure } from '../../../server/rules/api-failure';
import { answer, onField } from './fixtures';

const now = new Date('2026-11-23T12:00:00.000Z');

describe('madeAtOf (the Made-At header of a write sent later)', () => {
  it('is undefined without the header', () => {
    expect(madeAtOf(undefined, now)).toBeUndefined();
  });

  it('reads an ISO time in the past as that time', () => {
    expect(madeAtOf('2026-11-23T08:15:30.123Z', now)?.toISOString()).toBe('2026-11-23T08:15:30.123Z');
    expect(madeAtOf('2026-11-23T17:15:30+09:00', now)?.toISOString()).toBe('2026-11-23T08:15:30.000Z');
  });

  it('takes a time after now (a clock ahead) as now', () => {
    expect(madeAtOf('2026-11-23T12:30:00.000Z', now)).toEqual(now);
  });

  it.each(['yesterday', '2026-11-23', '2026-13-40T99:99:99Z', '', '1700000000000'])(
    'refuses %j with 1001 on Made-At',
    (header) => {
      expect(answer(() => madeAtOf(header, now))).toEqual(onField('Made-At', 1001));
    },
  );

  it('accepts a write made up to a week ago and refuses an older one with 1011 on Made-At', () => {
    expect(madeAtOf('2026-11-16T12:00:01.000Z', now)?.toISOString()).toBe('2026-11-16T12:00:01.000Z');
    expect(answer(() => madeAtOf('2026-11-16T11:59:59.000Z', now))).toEqual(onField('Made-At', 1011));
  });

  it('refuses a header given twice (an array)', () => {
    expect(() => madeAtOf(['2026-11-23T08:00:00Z', '2026-11-23T09:00:00Z'], now)).toThrow(ApiFailure);
  });
});
