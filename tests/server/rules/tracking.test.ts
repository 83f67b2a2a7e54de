import { describe, expect, it } from 'vitest';
import {
  editedTrackPoint,
  heldForRecall,
  mayEdit,
  mayUndo,
  nextTrackPoint,
  notActivated,
  trackPointsOf,
  validatedTrackPointForms,
} from '../../../server/rules/tracking';
import { answer, BOX, common, CONFIG, label, OUTSIDER, PROJECT, STAFF } from './fixtures';

const types = CONFIG.barcodeTypes;
const at = (current: string | null, extra: object = {}) => ({
  is_activated: true,
  barcode_type: 'box',
  current_track_point_key: current,
  parent_id: null,
  ...extra,
});
const step = (seq: number, trackPointKey: string, userId: string | null = STAFF.userId) => ({
  seq,
  user_id: userId,
  track_point_key: trackPointKey,
});

describe('the next trackpoint', () => {
  it("is the one after the current trackpoint, in the type's order", () => {
    expect(nextTrackPoint(types, at('packed'), 'hub')).toEqual({ barcodeType: 'box', point: BOX.trackPoints[1] });
    expect(nextTrackPoint(types, at('hub'), 'delivered').point.key).toBe('delivered');
  });

  it('needs an activated barcode (3001)', () => {
    expect(answer(() => nextTrackPoint(types, at('packed', { is_activated: false }), 'hub'))).toEqual(common(3001));
    expect(answer(() => nextTrackPoint(types, at('packed', { barcode_type: null }), 'hub'))).toEqual(common(3001));
  });

  it('refuses a barcode recycled before as recycled: 3001 with the reason beside it', () => {
    const refusal = (extra: object) => {
      try {
        nextTrackPoint(types, at(null, { is_activated: false, barcode_type: null, ...extra }), 'packed');
      } catch (error) {
        const { status, errors, extra: said } = error as { status: number; errors: unknown; extra: unknown };
        return { status, errors, said };
      }
      return 'passed';
    };
    expect(refusal({ cycle: 1 })).toEqual({
      status: 400,
      errors: { $common: [3001] },
      said: { reasons: { $common: 'recycled' } },
    });
    expect(refusal({ cycle: 3 })).toMatchObject({ said: { reasons: { $common: 'recycled' } } });
    // Never recycled (or not said): not activated yet, nothing more.
    expect(refusal({ cycle: 0 })).toEqual({ status: 400, errors: { $common: [3001] }, said: {} });
    expect(refusal({})).toEqual({ status: 400, errors: { $common: [3001] }, said: {} });
  });

  it('says nothing more of an activated barcode without a type, whatever its cycle', () => {
    expect(notActivated({ is_activated: true, cycle: 2 }).extra).toEqual({});
    expect(notActivated({ is_activated: false, cycle: 2 }).extra).toEqual({ reasons: { $common: 'recycled' } });
  });

  it('is refused to a paired child, which travels with its parent (3013)', () => {
    expect(answer(() => nextTrackPoint(types, at('packed', { parent_id: 'BBBBBBBBBBBB' }), 'hub'))).toEqual(
      common(3013),
    );
  });

  it('needs a type the project still has ($common 2207)', () => {
    expect(answer(() => nextTrackPoint(types, at('packed', { barcode_type: 'barrel' }), 'hub'))).toEqual(common(2207));
  });

  it('refuses the current trackpoint again (3005), tracking past the last (3007) and any other trackpoint (3006)', () => {
    expect(answer(() => nextTrackPoint(types, at('hub'), 'hub'))).toEqual(common(3005));
    expect(answer(() => nextTrackPoint(types, at('delivered'), 'delivered'))).toEqual(common(3005));
    expect(answer(() => nextTrackPoint(types, at('delivered'), 'packed'))).toEqual(common(3007));
    expect(answer(() => nextTrackPoint(types, at('packed'), 'delivered'))).toEqual(common(3006));
    expect(answer(() => nextTrackPoint(types, at('hub'), 'packed'))).toEqual(common(3006));
  });

  it('takes a package on hold for a recall only to a quarantine trackpoint, naming the recall', () => {
    const held = at('packed', { hold_reference: 'R-1' });
    expect(answer(() => nextTrackPoint(types, held, 'hub'))).toEqual(common(3027));
    expect(heldForRecall('R-1')).toMatchObject({
      status: 400,
      errors: { $common: [3027] },
      extra: { hold: { reference: 'R-1' } },
    });
    const quarantined = {
      ...types,
      box: { ...BOX, trackPoints: BOX.trackPoints.map((t) => ({ ...t, quarantine: t.key === 'hub' })) },
    };
    expect(nextTrackPoint(quarantined, held, 'hub').point.key).toBe('hub');
    expect(answer(() => nextTrackPoint(quarantined, at('hub', { hold_reference: 'R-1' }), 'delivered'))).toEqual(
      common(3027),
    );
    // No hold, or none recorded: the step goes on.
    expect(nextTrackPoint(types, at('packed', { hold_reference: null }), 'hub').point.key).toBe('hub');
    // Where the package may not go at all, that is said first.
    expect(answer(() => nextTrackPoint(types, held, 'delivered'))).toEqual(common(3006));
  });
});

describe('undoing a step', () => {
  it('takes back the latest step for whoever added it, back to the trackpoint before', () => {
    expect(mayUndo(types, at('hub'), step(3, 'hub'), STAFF, 3)).toEqual({
      step: step(3, 'hub'),
      previous: BOX.trackPoints[0],
    });
    expect(mayUndo(types, at('delivered'), step(5, 'delivered'), STAFF, 5).previous.key).toBe('hub');
  });

  it('can be done only by whoever added it (3009)', () => {
    expect(answer(() => mayUndo(types, at('hub'), step(3, 'hub', 'u-other'), STAFF, 3))).toEqual(common(3009));
    // The step named must be the latest: an older or later one is nothing to undo.
    expect(answer(() => mayUndo(types, at('hub'), step(3, 'hub'), STAFF, 2))).toEqual(common(3008));
    expect(answer(() => mayUndo(types, at('hub'), step(3, 'hub', null), STAFF, 3))).toEqual(common(3009));
  });

  it('has nothing to take back without a step at the current trackpoint (3008)', () => {
    expect(answer(() => mayUndo(types, at('packed'), undefined, STAFF, 0))).toEqual(common(3008));
    expect(answer(() => mayUndo(types, at('delivered'), step(3, 'hub'), STAFF, 3))).toEqual(common(3008));
  });

  it('cannot go back before the first trackpoint, or along a type that is gone (3008)', () => {
    expect(answer(() => mayUndo(types, at('packed'), step(3, 'packed'), STAFF, 3))).toEqual(common(3008));
    expect(answer(() => mayUndo(types, at('hub', { barcode_type: 'barrel' }), step(3, 'hub'), STAFF, 3))).toEqual(
      common(3008),
    );
    expect(answer(() => mayUndo(types, at('hub', { barcode_type: null }), step(3, 'hub'), STAFF, 3))).toEqual(
      common(3008),
    );
  });
});

describe('editing a step', () => {
  it('corrects the step at the current trackpoint, which must be the one sent (3006)', () => {
    expect(editedTrackPoint(types, at('hub'), 'hub')).toEqual({ barcodeType: 'box', point: BOX.trackPoints[1] });
    expect(answer(() => editedTrackPoint(types, at('hub'), 'packed'))).toEqual(common(3006));
    expect(answer(() => editedTrackPoint(types, at('hub', { barcode_type: 'barrel' }), 'hub'))).toEqual(common(3006));
  });

  it('needs an activated barcode (3001)', () => {
    expect(answer(() => editedTrackPoint(types, at('hub', { is_activated: false }), 'hub'))).toEqual(common(3001));
    expect(answer(() => editedTrackPoint(types, at('hub', { barcode_type: null }), 'hub'))).toEqual(common(3001));
  });

  it('is for whoever added the step (3009), which must be at that trackpoint (3014)', () => {
    const hub = BOX.trackPoints[1]!;
    expect(mayEdit(step(3, 'hub'), hub, STAFF)).toEqual(step(3, 'hub'));
    expect(answer(() => mayEdit(step(3, 'hub'), hub, OUTSIDER))).toEqual(common(3009));
    expect(answer(() => mayEdit(undefined, hub, STAFF))).toEqual(common(3014));
    expect(answer(() => mayEdit(step(2, 'packed'), hub, STAFF))).toEqual(common(3014));
  });
});

it("knows a type's trackpoints in order, and none of an unknown type", () => {
  expect(trackPointsOf(types, 'box').map((t) => t.key)).toEqual(['packed', 'hub', 'delivered']);
  expect(trackPointsOf(types, 'barrel')).toEqual([]);
  expect(trackPointsOf(types, null)).toEqual([]);
});

describe('trackpoint forms', () => {
  const hub = BOX.trackPoints[1]!;

  it('are validated with the renderer and stored as it computes them (numbers rounded)', () => {
    expect(validatedTrackPointForms(PROJECT, 'box', hub, { receiving: { temperature: 4.6 } }, 'AAAAAAAAAAAA')).toEqual({
      receiving: { temperature: 5 },
    });
  });

  it('answer errors under forms.<form>.<field>, an unknown form as 2200 and a missing one as empty', () => {
    expect(answer(() => validatedTrackPointForms(PROJECT, 'box', hub, { bogus: {} }, 'AAAAAAAAAAAA'))).toEqual({
      status: 400,
      errors: { 'forms.bogus': [2200], 'forms.receiving.temperature': [1000] },
    });
    expect(
      answer(() =>
        validatedTrackPointForms(PROJECT, 'box', hub, { receiving: { temperature: 'cold' } }, 'AAAAAAAAAAAA'),
      ),
    ).toEqual({
      status: 400,
      errors: { 'forms.receiving.temperature': [1001] },
    });
  });

  it('are checked each, at a trackpoint with several', () => {
    const field = (key: string) => ({ type: 'text' as const, key, label: label(key) });
    const twoForms = {
      ...hub,
      trackPointForms: [
        { key: 'receiving', customFields: [field('dock')] },
        { key: 'inspection', customFields: [field('inspector')] },
      ],
    };
    // Another code: compiled forms are cached by project code and version.
    const project = {
      ...PROJECT,
      code: 'two-forms',
      config: { ...CONFIG, barcodeTypes: { box: { ...BOX, trackPoints: [BOX.trackPoints[0]!, twoForms] } } },
    };
    expect(
      validatedTrackPointForms(
        project,
        'box',
        twoForms,
        { receiving: { dock: 'D1' }, inspection: { inspector: 'Mai' } },
        'AAAAAAAAAAAA',
      ),
    ).toEqual({ receiving: { dock: 'D1' }, inspection: { inspector: 'Mai' } });
    expect(
      answer(() => validatedTrackPointForms(project, 'box', twoForms, { inspection: { dock: 'D1' } }, 'AAAAAAAAAAAA')),
    ).toEqual({ status: 400, errors: { 'forms.inspection.dock': [2200] } });
  });

  it('are none at a trackpoint without forms', () => {
    expect(validatedTrackPointForms(PROJECT, 'box', BOX.trackPoints[2]!, {}, 'AAAAAAAAAAAA')).toEqual({});
  });
});
