import { describe, expect, it } from 'vitest';
import { assertProjectTrackPoint, noRecentReading } from '../../../server/rules/weight';
import { answer, common, CONFIG, onField } from './fixtures';

describe('scale readings', () => {
  it("are taken at any trackpoint of any of the project's types, else 2200 on trackPointKey", () => {
    expect(answer(() => assertProjectTrackPoint(CONFIG, 'delivered'))).toBe('passed');
    expect(answer(() => assertProjectTrackPoint(CONFIG, 'hub'))).toBe('passed');
    expect(answer(() => assertProjectTrackPoint(CONFIG, 'moon'))).toEqual(onField('trackPointKey', 2200));
  });

  it('answer $common 404 when none is recent', () => {
    expect(
      answer(() => {
        throw noRecentReading();
      }),
    ).toEqual(common(404));
  });
});
