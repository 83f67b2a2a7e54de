import { describe, expect, it } from 'vitest';
import type { ProjectConfig } from '@schemas/project-config';
import type { CustomField } from '@schemas/custom-field';
import { checkProjectConfig } from '@renderer/config-check';
import demo from '../../server/projects/demo@1.json';
import { applyChoice, mergeDrafts, sameJson } from '@/features/admin-config/model/merge';
import { formChoices, withFields } from '@/features/admin-config/model/draft-edit';

const config = () => structuredClone(demo) as unknown as ProjectConfig;
const label = (en: string) => ({ en, ja: en, 'zh-TW': en, 'zh-CN': en });
const receiving = (c: ProjectConfig) => formChoices(c).find((f) => f.form === 'distributionCentre/receiving')!;
const withField = (c: ProjectConfig, field: Partial<CustomField>) =>
  withFields(c, receiving(c), [...receiving(c).fields, { type: 'text', ...field } as CustomField]);
const keys = (c: unknown) => receiving(c as ProjectConfig).fields.map((f) => f.key);

describe('merging a draft saved meanwhile with the admin unsaved change', () => {
  it('keeps a field added on each side, each after the fields it followed', () => {
    const base = config();
    const mine = withField(base, { key: 'sealNumber', label: label('Seal number') });
    const theirs = withField(base, { key: 'dockDoor', label: label('Dock door') });
    const { merged, conflicts } = mergeDrafts(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(keys(merged)).toEqual([...keys(base), 'sealNumber', 'dockDoor']);
    expect(checkProjectConfig(merged)).toEqual([]);
  });

  it('takes a removal on one side and a change of another field on the other', () => {
    const base = config();
    const [first, second] = receiving(base).fields;
    const mine = withFields(base, receiving(base), receiving(base).fields.slice(1));
    const theirs = withFields(
      base,
      receiving(base),
      receiving(base).fields.map((f) => (f.key === second!.key ? { ...f, label: label('Changed') } : f)),
    );
    const { merged, conflicts } = mergeDrafts(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(keys(merged)).not.toContain(first!.key);
    expect(receiving(merged as ProjectConfig).fields[0]!.label.en).toBe('Changed');
  });

  it('names a value both sides changed differently, takes the server one unless the admin keeps theirs', () => {
    const base = config();
    const field = receiving(base).fields[0]!;
    const relabel = (en: string) =>
      withFields(
        base,
        receiving(base),
        receiving(base).fields.map((f) => (f.key === field.key ? { ...f, label: { ...f.label, en } } : f)),
      );
    const mine = relabel('Mine');
    const theirs = relabel('Theirs');
    const { merged, conflicts } = mergeDrafts(base, mine, theirs);
    expect(conflicts).toEqual([
      {
        id: `barcodeTypes/pallet/trackPoints/[distributionCentre]/trackPointForms/[receiving]/customFields/[${field.key}]/label/en`,
        place: `pallet › distributionCentre › receiving › ${field.key} › label › en`,
        mine: 'Mine',
        theirs: 'Theirs',
      },
    ]);
    expect(receiving(merged as ProjectConfig).fields[0]!.label.en).toBe('Theirs');
    const kept = mergeDrafts(base, mine, theirs, new Set([conflicts[0]!.id]));
    expect(receiving(kept.merged as ProjectConfig).fields[0]!.label.en).toBe('Mine');
    expect(kept.conflicts).toHaveLength(1);
  });

  it('sees a field removed on one side and changed on the other as a conflict', () => {
    const base = config();
    const field = receiving(base).fields[0]!;
    const mine = withFields(base, receiving(base), receiving(base).fields.slice(1));
    const theirs = withFields(
      base,
      receiving(base),
      receiving(base).fields.map((f) => (f.key === field.key ? { ...f, label: label('Changed') } : f)),
    );
    const { conflicts } = mergeDrafts(base, mine, theirs);
    expect(conflicts.map((c) => [c.mine, c.place])).toEqual([
      [undefined, `pallet › distributionCentre › receiving › ${field.key}`],
    ]);
  });

  it('follows a reorder made on one side', () => {
    const base = config();
    const fields = receiving(base).fields;
    const mine = withFields(base, receiving(base), [...fields].reverse());
    const theirs = withField(base, { key: 'dockDoor', label: label('Dock door') });
    const { merged, conflicts } = mergeDrafts(base, mine, theirs);
    expect(conflicts).toEqual([]);
    // The new field follows the one it followed on the server: the last field, first since the reorder.
    const [last, ...rest] = fields.map((f) => f.key).reverse();
    expect(keys(merged)).toEqual([last, 'dockDoor', ...rest]);
  });

  it('compares JSON by meaning: key order is no difference', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
  });
});

describe('choosing a side of a conflict in what is being edited now', () => {
  const relabel = (c: ProjectConfig, key: string, en: string) =>
    withFields(
      c,
      receiving(c),
      receiving(c).fields.map((f) => (f.key === key ? { ...f, label: { ...f.label, en } } : f)),
    );
  const labelOf = (c: unknown, key: string) =>
    receiving(c as ProjectConfig).fields.find((f) => f.key === key)?.label.en;

  it('changes that place only: edits made after the merge, and after a first choice, stay', () => {
    const base = config();
    const [a, b] = receiving(base).fields;
    const mine = relabel(relabel(base, a!.key, 'Mine A'), b!.key, 'Mine B');
    const theirs = relabel(relabel(base, a!.key, 'Theirs A'), b!.key, 'Theirs B');
    const { merged, conflicts } = mergeDrafts(base, mine, theirs);
    const [onA, onB] = conflicts;
    // The admin keeps their A, then adds a field, then keeps their B, then goes back to theirs for A.
    let editing = applyChoice(merged, onA!.id, onA!.mine) as ProjectConfig;
    editing = withField(editing, { key: 'dockDoor', label: label('Dock door') });
    editing = applyChoice(editing, onB!.id, onB!.mine) as ProjectConfig;
    expect(labelOf(editing, b!.key)).toBe('Mine B');
    editing = applyChoice(editing, onA!.id, onA!.theirs) as ProjectConfig;
    expect(labelOf(editing, a!.key)).toBe('Theirs A');
    expect(labelOf(editing, b!.key)).toBe('Mine B');
    expect(keys(editing)).toContain('dockDoor');
    expect(checkProjectConfig(editing)).toEqual([]);
    // What it was given is not changed.
    expect(labelOf(merged, a!.key)).toBe('Theirs A');
  });

  it('removes or brings back a whole list item, and leaves a place whose item is gone', () => {
    const base = config();
    const field = receiving(base).fields[0]!;
    const mine = withFields(base, receiving(base), receiving(base).fields.slice(1));
    const theirs = relabel(base, field.key, 'Changed');
    const { merged, conflicts } = mergeDrafts(base, mine, theirs);
    const [conflict] = conflicts;
    const removed = applyChoice(merged, conflict!.id, conflict!.mine);
    expect(keys(removed)).not.toContain(field.key);
    const back = applyChoice(removed, conflict!.id, conflict!.theirs);
    expect(labelOf(back, field.key)).toBe('Changed');
    // A value inside the removed field has nowhere to go: nothing changes.
    expect(applyChoice(removed, `${conflict!.id}/label/en`, 'X')).toEqual(removed);
    // A value whose object is missing is put in a new one; undefined removes the value.
    expect(applyChoice({ a: 1 }, 'b/c', 2)).toEqual({ a: 1, b: { c: 2 } });
    expect(applyChoice({ a: 1, b: 2 }, 'b', undefined)).toEqual({ a: 1 });
    expect(applyChoice({ a: 1 }, '', { z: 1 })).toEqual({ z: 1 });
    expect(applyChoice({ a: 1 }, 'a/b', 2)).toEqual({ a: 1 });
    expect(applyChoice({ list: 'x' }, 'list/[k]', 2)).toEqual({ list: 'x' });
  });
});
