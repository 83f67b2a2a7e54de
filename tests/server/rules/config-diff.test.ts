import { describe, expect, it } from 'vitest';
import type { CustomField } from '../../../schemas/custom-field';
import type { BarcodeType, ProjectConfig } from '../../../schemas/project-config';
import { canonicalJson, diffConfigs, sameMeaning } from '../../../server/rules/config-diff';
import { CONFIG, label, trackPoint } from './fixtures';

// What an admin's edit of a project configuration is reported as: the box of the fixtures has
// activation fields (productName required, handling a list of cold / fragile) and travels
// packed > hub > delivered, the hub with a receiving form (temperature).

const copy = (): ProjectConfig => structuredClone(CONFIG);
const box = (config: ProjectConfig): BarcodeType => config.barcodeTypes.box!;
const point = (config: ProjectConfig, key: string) => box(config).trackPoints.find((p) => p.key === key)!;
const activationField = (config: ProjectConfig, key: string): CustomField =>
  box(config).activationFields.find((f) => f.key === key)!;
const handling = (config: ProjectConfig) => {
  const field = activationField(config, 'handling');
  if (field.type !== 'multiSelect') throw new Error('fixtures changed');
  return field;
};

const BOX = { barcodeType: 'box' };
const HUB = { barcodeType: 'box', trackPoint: 'hub' };
const HUB_RECEIVING = { barcodeType: 'box', trackPoint: 'hub', form: 'receiving' };

describe('project settings and barcode types', () => {
  it('changed project settings are one change naming each setting, in alphabetical order', () => {
    const after = copy();
    after.requirePassword = true;
    after.allowUserSelfRegister = false;
    expect(diffConfigs(CONFIG, after)).toStrictEqual([
      { kind: 'settingsChanged', properties: ['allowUserSelfRegister', 'requirePassword'] },
    ]);
  });

  it('a barcode type added is one change; a barcode type removed counts its barcodes', () => {
    const after = copy();
    after.barcodeTypes.drum = structuredClone(after.barcodeTypes.crate!);
    delete after.barcodeTypes.crate;
    expect(diffConfigs(CONFIG, after)).toStrictEqual([
      { kind: 'barcodeTypeAdded', place: { barcodeType: 'drum' } },
      { kind: 'barcodeTypeRemoved', place: { barcodeType: 'crate' }, usage: { place: { barcodeType: 'crate' } } },
    ]);
  });

  it("a barcode type's new name is a change of its name; its icon and colours are its rules", () => {
    const after = copy();
    box(after).name = label('Carton');
    box(after).icon = 'container';
    box(after).color = { foreground: '#ffffff', background: '#000000' };
    expect(diffConfigs(CONFIG, after)).toStrictEqual([
      { kind: 'labelsChanged', place: BOX, field: '', properties: ['name'] },
      { kind: 'barcodeTypeRulesChanged', place: BOX, properties: ['color', 'icon'] },
    ]);
  });
});

describe('trackpoints', () => {
  it("a trackpoint's new name is a change of its name", () => {
    const after = copy();
    point(after, 'hub').name = label('Regional hub');
    expect(diffConfigs(CONFIG, after)).toStrictEqual([
      { kind: 'labelsChanged', place: HUB, field: '', properties: ['name'] },
    ]);
  });

  it('rules of a trackpoint changed are named, in alphabetical order', () => {
    const after = copy();
    point(after, 'hub').allowSkipTracking = true;
    delete point(after, 'hub').routeNotification;
    expect(diffConfigs(CONFIG, after)).toStrictEqual([
      { kind: 'trackPointRulesChanged', place: HUB, properties: ['allowSkipTracking', 'routeNotification'] },
    ]);
  });

  it('trackpoints swapped are an order change of the barcode type', () => {
    const after = copy();
    const points = box(after).trackPoints;
    [points[0], points[2]] = [points[2]!, points[0]!];
    expect(diffConfigs(CONFIG, after)).toStrictEqual([{ kind: 'orderChanged', place: BOX }]);
  });

  it('a trackpoint added at the end is one change: its form and fields come with it, and the others keep their order', () => {
    const after = copy();
    box(after).trackPoints.push(
      trackPoint('returned', {
        trackPointForms: [
          {
            key: 'inspection',
            customFields: [{ type: 'text', key: 'reason', label: label('Reason'), required: true }],
          },
        ],
      }),
    );
    expect(diffConfigs(CONFIG, after)).toStrictEqual([
      { kind: 'trackPointAdded', place: { barcodeType: 'box', trackPoint: 'returned' } },
    ]);
  });

  it('a trackpoint removed counts the barcodes that are or were there; its form is part of the removal', () => {
    const after = copy();
    box(after).trackPoints = box(after).trackPoints.filter((p) => p.key !== 'hub');
    expect(diffConfigs(CONFIG, after)).toStrictEqual([
      { kind: 'trackPointRemoved', place: HUB, usage: { place: HUB, atTrackPoint: true } },
    ]);
  });
});

describe('forms of a kept trackpoint', () => {
  it('a new form adds each of its fields, required or not', () => {
    const after = copy();
    point(after, 'delivered').trackPointForms.push({
      key: 'handover',
      customFields: [
        { type: 'text', key: 'signer', label: label('Signed by'), required: true },
        { type: 'text', key: 'note', label: label('Note') },
      ],
    });
    const place = { barcodeType: 'box', trackPoint: 'delivered', form: 'handover' };
    expect(diffConfigs(CONFIG, after)).toStrictEqual([
      { kind: 'fieldAdded', place, field: 'signer', fieldType: 'text', required: true },
      { kind: 'fieldAdded', place, field: 'note', fieldType: 'text', required: false },
    ]);
  });

  it('a form removed removes each of its fields, counting the steps that hold a value of it', () => {
    const after = copy();
    point(after, 'hub').trackPointForms = [];
    expect(diffConfigs(CONFIG, after)).toStrictEqual([
      {
        kind: 'fieldRemoved',
        place: HUB_RECEIVING,
        field: 'temperature',
        usage: { place: HUB_RECEIVING, field: 'temperature' },
      },
    ]);
  });
});

describe('fields', () => {
  it('an activation field whose key changed, of the same type and English label, is renamed; its place names only the barcode type', () => {
    const after = copy();
    const fields = box(after).activationFields;
    fields[0] = { ...fields[0]!, key: 'product' } as CustomField;
    expect(diffConfigs(CONFIG, after)).toStrictEqual([
      {
        kind: 'fieldRenamed',
        place: BOX,
        field: 'product',
        from: 'productName',
        usage: { place: BOX, field: 'productName' },
      },
    ]);
  });

  it('a new key with another English label, or another type, is a field removed and a field added', () => {
    const relabelled = copy();
    const notes = box(relabelled).activationFields;
    notes[notes.length - 1] = { type: 'text', key: 'qaRemarks', label: label('QA remarks') };
    expect(diffConfigs(CONFIG, relabelled)).toStrictEqual([
      { kind: 'fieldAdded', place: BOX, field: 'qaRemarks', fieldType: 'text', required: false },
      { kind: 'fieldRemoved', place: BOX, field: 'qaNotes', usage: { place: BOX, field: 'qaNotes' } },
    ]);

    const retyped = copy();
    const scores = box(retyped).activationFields;
    scores[scores.length - 1] = { type: 'number', key: 'qaScore', label: label('QA notes') };
    expect(diffConfigs(CONFIG, retyped)).toStrictEqual([
      { kind: 'fieldAdded', place: BOX, field: 'qaScore', fieldType: 'number', required: false },
      { kind: 'fieldRemoved', place: BOX, field: 'qaNotes', usage: { place: BOX, field: 'qaNotes' } },
    ]);
  });

  it('a required field made optional touches no stored record', () => {
    const after = copy();
    delete activationField(after, 'productName').required;
    expect(diffConfigs(CONFIG, after)).toStrictEqual([{ kind: 'fieldMadeOptional', place: BOX, field: 'productName' }]);
  });

  it('a field made required counts the records without a value of it', () => {
    const after = copy();
    activationField(after, 'caseCount').required = true;
    expect(diffConfigs(CONFIG, after)).toStrictEqual([
      {
        kind: 'fieldMadeRequired',
        place: BOX,
        field: 'caseCount',
        usage: { place: BOX, field: 'caseCount', missing: true },
      },
    ]);
  });

  it('options added are named, in the order written, and are not a change of words', () => {
    const after = copy();
    handling(after).options.push(
      { value: 'upright', label: label('This side up') },
      { value: 'dry', label: label('Keep dry') },
    );
    expect(diffConfigs(CONFIG, after)).toStrictEqual([
      { kind: 'optionsAdded', place: BOX, field: 'handling', values: ['upright', 'dry'] },
    ]);
  });

  it('options removed count the records holding one of them, and are not a change of words', () => {
    const after = copy();
    handling(after).options = handling(after).options.filter((o) => o.value !== 'fragile');
    expect(diffConfigs(CONFIG, after)).toStrictEqual([
      {
        kind: 'optionsRemoved',
        place: BOX,
        field: 'handling',
        values: ['fragile'],
        usage: { place: BOX, field: 'handling', values: ['fragile'] },
      },
    ]);
  });

  it("new words for an option, with the same values, are a change of the field's words", () => {
    const after = copy();
    handling(after).options[0]!.label = label('Keep cold');
    expect(diffConfigs(CONFIG, after)).toStrictEqual([
      { kind: 'labelsChanged', place: BOX, field: 'handling', properties: ['options'] },
    ]);
  });

  it("a field's new position number is an order change of its form", () => {
    const before = copy();
    activationField(before, 'caseCount').order = 1;
    const after = structuredClone(before);
    activationField(after, 'caseCount').order = 2;
    expect(diffConfigs(before, after)).toStrictEqual([{ kind: 'orderChanged', place: BOX }]);
  });
});

describe('what a configuration means, whatever the order of its keys', () => {
  /** The same value with every object's keys in reverse order, as another editor may write it. */
  const reversedKeys = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(reversedKeys)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .reverse()
              .map(([k, v]) => [k, reversedKeys(v)]),
          )
        : value;

  it('a configuration with every key in another order is no change', () => {
    const reordered = reversedKeys(CONFIG) as ProjectConfig;
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(CONFIG));
    expect(diffConfigs(CONFIG, reordered)).toStrictEqual([]);
    expect(diffConfigs(reordered, CONFIG)).toStrictEqual([]);
    expect(sameMeaning(CONFIG, reordered)).toBe(true);
    expect(canonicalJson(reordered)).toBe(canonicalJson(CONFIG));
  });

  it('a reordering beside a real change reports the real change only', () => {
    const after = copy();
    activationField(after, 'productName').label = label('Product name');
    const changes = diffConfigs(CONFIG, reversedKeys(after) as ProjectConfig);
    expect(changes).toStrictEqual([{ kind: 'labelsChanged', place: BOX, field: 'productName', properties: ['label'] }]);
  });

  it('canonical JSON sorts keys at every depth, keeps array order and has no whitespace', () => {
    expect(canonicalJson({ b: [{ z: 1, a: 2 }, 3], a: { y: null, x: 'w v' } })).toBe(
      '{"a":{"x":"w v","y":null},"b":[{"a":2,"z":1},3]}',
    );
    expect(sameMeaning([1, 2], [2, 1])).toBe(false);
    expect(sameMeaning({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
});
