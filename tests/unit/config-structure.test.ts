import { describe, expect, it } from 'vitest';
import type { ProjectConfig } from '@schemas/project-config';
import { checkProjectConfig } from '@renderer/config-check';
import demo from '../../server/projects/demo@1.json';
import { formChoices } from '@/features/admin-config/model/draft-edit';
import {
  typesInOrder,
  withBarcodeTypeAdded,
  withBarcodeTypeMoved,
  withBarcodeTypeRemoved,
  withTrackPointAdded,
  withTrackPointMoved,
  withTrackPointRemoved,
} from '@/features/admin-config/model/structure';

const config = () => structuredClone(demo) as unknown as ProjectConfig;
const names = { labelEn: 'Inspection', labelJa: '検品', labelZhTw: '檢驗', labelZhCn: '检验' };

describe('the structure builder', () => {
  it('adds a trackpoint with one empty form the field builder can fill; the configuration stays valid', () => {
    const before = config();
    // The case (a pallet's child) and its own children: a child must have its parent's trackpoints.
    let after = before;
    for (const type of ['logger', 'case', 'pallet'])
      after = withTrackPointAdded(after, type, { key: 'inspection', ...names });
    expect(after.barcodeTypes.pallet!.trackPoints.at(-1)).toEqual({
      key: 'inspection',
      name: { en: 'Inspection', ja: '検品', 'zh-TW': '檢驗', 'zh-CN': '检验' },
      trackPointForms: [{ key: 'main', name: expect.any(Object), customFields: [] }],
    });
    expect(formChoices(after).map((c) => `${c.barcodeType} ${c.form}`)).toContain('pallet inspection/main');
    expect(checkProjectConfig(after)).toEqual([]);
    expect(before.barcodeTypes.pallet!.trackPoints.some((p) => p.key === 'inspection')).toBe(false);
    // Added to the pallet alone, the QA check names the child type that lacks it.
    expect(checkProjectConfig(withTrackPointAdded(config(), 'pallet', { key: 'inspection', ...names }))).toEqual([
      expect.objectContaining({ key: 'childTypeTrackPoint' }),
    ]);
  });

  it("reorders and removes trackpoints; a key used twice is the QA check's to name", () => {
    const keys = (c: ProjectConfig) => c.barcodeTypes.pallet!.trackPoints.map((p) => p.key);
    const first = keys(config());
    expect(keys(withTrackPointMoved(config(), 'pallet', 0, 1))).toEqual([first[1], first[0], ...first.slice(2)]);
    expect(keys(withTrackPointRemoved(config(), 'pallet', 1))).toEqual([first[0], ...first.slice(2)]);
    const twice = withTrackPointAdded(config(), 'pallet', { key: first[0], ...names });
    expect(checkProjectConfig(twice).length).toBeGreaterThan(0);
  });

  it('adds a barcode type last, with the end trackpoint every type needs; the configuration stays valid', () => {
    const after = withBarcodeTypeAdded(config(), { key: 'crate', ...names, labelEn: 'Crate' });
    const [lastKey, last] = typesInOrder(after).at(-1)!;
    expect(lastKey).toBe('crate');
    expect(last.trackPoints.map((p) => p.key)).toEqual([after.endTrackPointKey]);
    expect(last.activationFields).toEqual([]);
    expect(checkProjectConfig(after)).toEqual([]);
  });

  it('moves a barcode type by exchanging orders, and removes one', () => {
    const order = (c: ProjectConfig) => typesInOrder(c).map(([key]) => key);
    const first = order(config());
    expect(order(withBarcodeTypeMoved(config(), first[1]!, -1))).toEqual([first[1], first[0], ...first.slice(2)]);
    expect(order(withBarcodeTypeMoved(config(), first[0]!, -1))).toEqual(first);
    expect(order(withBarcodeTypeRemoved(config(), first[0]!))).toEqual(first.slice(1));
  });
});
