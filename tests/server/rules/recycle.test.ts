import { describe, expect, it } from 'vitest';
import { assertRecyclable, hasArrived, recycleAnswer } from '../../../server/rules/recycle';
import { answer, common, CONFIG } from './fixtures';

const delivered = {
  is_activated: true,
  barcode_type: 'box',
  current_track_point_key: 'delivered',
  parent_id: null,
  is_sealed: false,
};

describe('a barcode has finished its trip', () => {
  it("at the project's end trackpoint", () => {
    expect(hasArrived(CONFIG, delivered)).toBe(true);
  });

  it("at the last trackpoint of its type, which may stop before the project's end", () => {
    expect(hasArrived(CONFIG, { barcode_type: 'crate', current_track_point_key: 'hub' })).toBe(true);
    expect(hasArrived(CONFIG, { barcode_type: 'box', current_track_point_key: 'hub' })).toBe(false);
  });

  it("not while it is at its start or has no trackpoint; a type gone from the configuration ends nowhere but the project's end", () => {
    expect(hasArrived(CONFIG, { barcode_type: 'box', current_track_point_key: 'packed' })).toBe(false);
    expect(hasArrived(CONFIG, { barcode_type: 'box', current_track_point_key: null })).toBe(false);
    expect(hasArrived(CONFIG, { barcode_type: 'barrel', current_track_point_key: 'hub' })).toBe(false);
    expect(hasArrived(CONFIG, { barcode_type: null, current_track_point_key: 'delivered' })).toBe(true);
  });
});

describe('recycling', () => {
  it('is allowed for a delivered barcode without parent, children or seal', () => {
    expect(answer(() => assertRecyclable(CONFIG, delivered, false))).toBe('passed');
  });

  it('needs an activated barcode (3001)', () => {
    expect(answer(() => assertRecyclable(CONFIG, { ...delivered, is_activated: false }, true))).toEqual(common(3001));
  });

  it('is refused while paired, as child or as parent: 3011', () => {
    expect(answer(() => assertRecyclable(CONFIG, { ...delivered, parent_id: 'BBBBBBBBBBBB' }, false))).toEqual(
      common(3011),
    );
    expect(answer(() => assertRecyclable(CONFIG, delivered, true))).toEqual(common(3011));
  });

  it('is refused for a sealed barcode (3012), before asking whether it arrived', () => {
    expect(answer(() => assertRecyclable(CONFIG, { ...delivered, is_sealed: true }, false))).toEqual(common(3012));
    expect(
      answer(() => assertRecyclable(CONFIG, { ...delivered, is_sealed: true, current_track_point_key: 'hub' }, false)),
    ).toEqual(common(3012));
  });

  it('is refused while the barcode still travels (3010)', () => {
    expect(answer(() => assertRecyclable(CONFIG, { ...delivered, current_track_point_key: 'hub' }, false))).toEqual(
      common(3010),
    );
  });

  it('keeps a package on hold for a recall as it is: never recycled, after the other rules', () => {
    expect(answer(() => assertRecyclable(CONFIG, { ...delivered, hold_reference: 'R-1' }, false))).toEqual(
      common(3027),
    );
    expect(answer(() => assertRecyclable(CONFIG, { ...delivered, hold_reference: null }, false))).toBe('passed');
    expect(
      answer(() =>
        assertRecyclable(CONFIG, { ...delivered, hold_reference: 'R-1', current_track_point_key: 'hub' }, false),
      ),
    ).toEqual(common(3010));
  });

  it('answers what it resets; a dry run only when asked', () => {
    expect(recycleAnswer('AAAAAAAAAAAA', undefined, delivered, 5)).toEqual({
      dryRun: false,
      barcodeId: 'AAAAAAAAAAAA',
      barcodeType: 'box',
      currentTrackPointKey: 'delivered',
      historySteps: 5,
    });
    expect(recycleAnswer('AAAAAAAAAAAA', true, delivered, 5).dryRun).toBe(true);
    expect(recycleAnswer('AAAAAAAAAAAA', false, delivered, 5).dryRun).toBe(false);
  });
});
