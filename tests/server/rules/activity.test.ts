import { describe, expect, it } from 'vitest';
import {
  activityChart,
  activityWindow,
  assertMayReadActivity,
  type ActivityCount,
} from '../../../server/rules/activity';
import { answer, CARRIER, CLIENT, common, OUTSIDER, STAFF } from './fixtures';

/** `count` days from `first` (YYYY-MM-DD), one after another. */
const daysFrom = (first: string, count: number) =>
  Array.from({ length: count }, (_, i) =>
    new Date(Date.parse(`${first}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
  );

describe('who may read the activity chart', () => {
  it('staff users', () => {
    expect(answer(() => assertMayReadActivity(STAFF))).toBe('passed');
    expect(answer(() => assertMayReadActivity(OUTSIDER))).toBe('passed');
  });

  it('not carrier or client users (403)', () => {
    expect(answer(() => assertMayReadActivity(CARRIER))).toEqual(common(403, 403));
    expect(answer(() => assertMayReadActivity(CLIENT))).toEqual(common(403, 403));
  });
});

describe('the days the activity chart covers', () => {
  it("are the 30 days ending today in the caller's zone, oldest first, starting at midnight there", () => {
    const { days, since } = activityWindow(new Date('2026-03-31T20:00:00Z'), 9);
    expect(days).toEqual(daysFrom('2026-03-03', 30));
    expect(days.at(-1)).toBe('2026-04-01');
    expect(since.toISOString()).toBe('2026-03-02T15:00:00.000Z');
  });

  it('west of UTC, today is still yesterday in UTC terms', () => {
    const { days, since } = activityWindow(new Date('2026-04-01T03:00:00Z'), -5);
    expect(days).toEqual(daysFrom('2026-03-02', 30));
    expect(since.toISOString()).toBe('2026-03-02T05:00:00.000Z');
  });

  it('a new day starts at midnight sharp, not a millisecond earlier', () => {
    expect(activityWindow(new Date('2026-04-01T00:00:00Z'), 0)).toEqual({
      days: daysFrom('2026-03-03', 30),
      since: new Date('2026-03-03T00:00:00Z'),
    });
    expect(activityWindow(new Date('2026-03-31T23:59:59.999Z'), 0)).toEqual({
      days: daysFrom('2026-03-02', 30),
      since: new Date('2026-03-02T00:00:00Z'),
    });
  });

  it('zones half an hour off the hour have their own midnight', () => {
    expect(activityWindow(new Date('2026-03-31T18:29:59Z'), 5.5).days.at(-1)).toBe('2026-03-31');
    const { days, since } = activityWindow(new Date('2026-03-31T18:30:00Z'), 5.5);
    expect(days.at(-1)).toBe('2026-04-01');
    expect(since.toISOString()).toBe('2026-03-02T18:30:00.000Z');
  });
});

describe('the activity chart', () => {
  const days = ['2026-04-01', '2026-04-02'];
  const order = ['packed', 'hub', 'delivered'];
  const row = (
    day: string,
    action: ActivityCount['action'],
    track_point_key: string | null,
    n: number,
  ): ActivityCount => ({ day, action, track_point_key, n });

  it('draws activations and tracking steps per trackpoint and day, and totals every action', () => {
    const chart = activityChart(
      [
        row('2026-04-02', 'tracked', 'hub', 3),
        row('2026-04-01', 'activated', 'packed', 2),
        row('2026-04-02', 'paired', 'packed', 5),
        row('2026-04-01', 'generated', null, 7),
      ],
      days,
      order,
    );
    expect(chart).toEqual({
      days,
      trackPoints: [
        { key: 'packed', counts: [2, 0] },
        { key: 'hub', counts: [0, 3] },
      ],
      totals: { generated: 7, activated: 2, tracked: 3, paired: 5 },
    });
  });

  it('adds up the activations and tracking steps made at one trackpoint on one day', () => {
    const chart = activityChart(
      [
        row('2026-04-01', 'activated', 'packed', 2),
        row('2026-04-01', 'tracked', 'packed', 4),
        row('2026-04-02', 'tracked', 'packed', 1),
      ],
      days,
      order,
    );
    expect(chart.trackPoints).toEqual([{ key: 'packed', counts: [6, 1] }]);
    expect(chart.totals).toEqual({ generated: 0, activated: 2, tracked: 5, paired: 0 });
  });

  it('does not draw pairings, generated barcodes, or a step without trackpoint, but totals them', () => {
    const chart = activityChart(
      [
        row('2026-04-01', 'paired', 'hub', 5),
        row('2026-04-01', 'generated', 'hub', 1),
        row('2026-04-02', 'activated', null, 4),
        row('2026-04-02', 'tracked', null, 2),
      ],
      days,
      order,
    );
    expect(chart.trackPoints).toEqual([]);
    expect(chart.totals).toEqual({ generated: 1, activated: 4, tracked: 2, paired: 5 });
  });

  it('leaves out everything done outside the days: it is neither drawn nor totalled', () => {
    const chart = activityChart(
      [
        row('2026-03-31', 'tracked', 'hub', 9),
        row('2026-04-03', 'generated', null, 8),
        row('2026-04-02', 'tracked', 'delivered', 1),
      ],
      days,
      order,
    );
    expect(chart.trackPoints).toEqual([{ key: 'delivered', counts: [0, 1] }]);
    expect(chart.totals).toEqual({ generated: 0, activated: 0, tracked: 1, paired: 0 });
  });

  it("lists trackpoints in the configuration's order, then those it no longer has, alphabetically", () => {
    const chart = activityChart(
      ['zeta', 'delivered', 'alpha', 'hub', 'packed'].map((key) => row('2026-04-01', 'tracked', key, 1)),
      days,
      order,
    );
    expect(chart.trackPoints.map((p) => p.key)).toEqual(['packed', 'hub', 'delivered', 'alpha', 'zeta']);
  });

  it('without any activity: the days, no trackpoint, every total zero', () => {
    const chart = activityChart([], days, order);
    expect(chart).toEqual({ days, trackPoints: [], totals: { generated: 0, activated: 0, tracked: 0, paired: 0 } });
    expect(chart.days).not.toBe(days);
  });
});
