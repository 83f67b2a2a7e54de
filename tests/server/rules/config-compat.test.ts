import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CustomField } from '../../../schemas/custom-field';
import type { ProjectConfig } from '../../../schemas/project-config';
import {
  assessChanges,
  changeId,
  describeChange,
  describeVerdict,
  publishRefusal,
  usageKey,
  usageQueries,
} from '../../../server/rules/config-compat';
import { diffConfigs, type ConfigChange } from '../../../server/rules/config-diff';
import { DIFF_MESSAGES } from '../../../server/services/config-words';
import { label } from './fixtures';

const DEMO = JSON.parse(
  readFileSync(new URL('../../../server/projects/demo@1.json', import.meta.url), 'utf8'),
) as ProjectConfig;
const copy = (): ProjectConfig => structuredClone(DEMO);
const receiving = (config: ProjectConfig) =>
  config.barcodeTypes.pallet!.trackPoints.find((p) => p.key === 'distributionCentre')!.trackPointForms[0]!;
const RECEIVING = { barcodeType: 'pallet', trackPoint: 'distributionCentre', form: 'receiving' };
const TEMPERATURE: CustomField = {
  type: 'number',
  key: 'arrivalTemperature',
  label: label('Temperature at arrival (C)'),
  required: true,
};
const counted = (changes: ConfigChange[], count: number) =>
  new Map(usageQueries(changes).map((q) => [usageKey(q), count]));

describe('the diff between two configurations', () => {
  it('finds nothing between a configuration and itself', () => {
    expect(diffConfigs(DEMO, copy())).toEqual([]);
    expect(assessChanges([], new Map()).verdict).toBe('inPlace');
  });

  it('names a required field added to a trackpoint form: in place, required for steps from now on', () => {
    const after = copy();
    receiving(after).customFields.push(TEMPERATURE);
    const changes = diffConfigs(DEMO, after);
    expect(changes).toEqual([
      { kind: 'fieldAdded', place: RECEIVING, field: 'arrivalTemperature', fieldType: 'number', required: true },
    ]);
    const report = assessChanges(changes, new Map());
    expect(report.verdict).toBe('inPlace');
    expect(describeChange(report.changes[0]!, DIFF_MESSAGES['en'])).toBe(
      "Field 'arrivalTemperature' (number) added to form 'receiving' of trackpoint 'distributionCentre' of 'pallet', required for steps made from now on.",
    );
    expect(describeChange(report.changes[0]!, DIFF_MESSAGES['ja'])).toContain('arrivalTemperature');
    expect(describeVerdict('inPlace', DIFF_MESSAGES['zh-TW'])).toContain('相容');
  });

  it('a type change number -> date is refused when the field has values, allowed in place when it has none', () => {
    const after = copy();
    const field = receiving(after).customFields.find((f) => f.key === 'receivedTemperature')!;
    receiving(after).customFields[receiving(after).customFields.indexOf(field)] = {
      type: 'date',
      key: field.key,
      label: field.label,
    };
    const changes = diffConfigs(DEMO, after);
    expect(changes).toEqual([
      {
        kind: 'fieldTypeChanged',
        place: RECEIVING,
        field: 'receivedTemperature',
        from: 'number',
        to: 'date',
        usage: { place: RECEIVING, field: 'receivedTemperature' },
      },
    ]);
    const refused = assessChanges(changes, counted(changes, 3));
    expect(refused.verdict).toBe('refused');
    expect(refused.changes[0]!.affected).toBe(3);
    expect(publishRefusal(refused, 'newVersion')).toBe('refused');
    expect(describeChange(refused.changes[0]!, DIFF_MESSAGES['en'])).toContain(
      'Stored records affected: 3; their values cannot be read as the new type',
    );
    expect(assessChanges(changes, counted(changes, 0)).verdict).toBe('inPlace');
    const migrated = assessChanges(changes, counted(changes, 3), { [changeId(changes[0]!)]: 'keepOldValues' });
    expect(migrated.verdict).toBe('newVersion');
    expect(publishRefusal(migrated, 'inPlace')).toBe('needsNewVersion');
    expect(publishRefusal(migrated, 'newVersion')).toBeNull();
  });

  it('a type change to text with values needs only a new version', () => {
    const after = copy();
    const fields = receiving(after).customFields;
    fields[0] = { type: 'text', key: fields[0]!.key, label: fields[0]!.label };
    const changes = diffConfigs(DEMO, after);
    expect(assessChanges(changes, counted(changes, 2)).verdict).toBe('newVersion');
  });

  it('a removed field with stored values needs a new version; without values it may go in place', () => {
    const after = copy();
    receiving(after).customFields = receiving(after).customFields.filter((f) => f.key !== 'dockLocation');
    const changes = diffConfigs(DEMO, after);
    expect(changes.map((c) => c.kind)).toEqual(['fieldRemoved']);
    expect(assessChanges(changes, counted(changes, 1)).verdict).toBe('newVersion');
    expect(assessChanges(changes, counted(changes, 0)).verdict).toBe('inPlace');
  });

  it('a key changed on a field of the same type and English label is a rename', () => {
    const after = copy();
    const fields = receiving(after).customFields;
    fields[0] = { ...fields[0]!, key: 'temperatureOnArrival' } as CustomField;
    const changes = diffConfigs(DEMO, after);
    expect(changes).toEqual([
      {
        kind: 'fieldRenamed',
        place: RECEIVING,
        field: 'temperatureOnArrival',
        from: 'receivedTemperature',
        usage: { place: RECEIVING, field: 'receivedTemperature' },
      },
    ]);
    expect(describeChange(assessChanges(changes, counted(changes, 4)).changes[0]!, DIFF_MESSAGES['en'])).toContain(
      "Field 'receivedTemperature' renamed to 'temperatureOnArrival'",
    );
  });

  it('labels, order and options added are in place; options removed and made required count stored records', () => {
    const after = copy();
    const fields = receiving(after).customFields;
    const select = fields.find((f) => f.type === 'singleSelect');
    if (select?.type !== 'singleSelect') throw new Error('demo changed');
    select.label = label('Cold chain intact?');
    select.options.push({ value: 'unknown', label: label('Unknown') });
    fields.reverse();
    const inPlace = diffConfigs(DEMO, after);
    expect(inPlace.map((c) => c.kind).sort()).toEqual(['labelsChanged', 'optionsAdded', 'orderChanged']);
    expect(assessChanges(inPlace, counted(inPlace, 9)).verdict).toBe('inPlace');

    const narrowed = copy();
    const narrowedSelect = receiving(narrowed).customFields.find((f) => f.type === 'singleSelect');
    if (narrowedSelect?.type !== 'singleSelect') throw new Error('demo changed');
    const removedValue = narrowedSelect.options.pop()!.value;
    const optional = receiving(narrowed).customFields.find((f) => !f.required)!;
    optional.required = true;
    const changes = diffConfigs(DEMO, narrowed);
    expect(changes.find((c) => c.kind === 'optionsRemoved')).toMatchObject({
      values: [removedValue],
      usage: { values: [removedValue] },
    });
    expect(changes.find((c) => c.kind === 'fieldMadeRequired')).toMatchObject({
      field: optional.key,
      usage: { missing: true },
    });
    expect(assessChanges(changes, counted(changes, 0)).verdict).toBe('inPlace');
    expect(assessChanges(changes, counted(changes, 1)).verdict).toBe('newVersion');
  });

  it('rules of a field (min, mask) are rules; its help text is wording', () => {
    const after = copy();
    const field = receiving(after).customFields[0]!;
    if (field.type !== 'number') throw new Error('demo changed');
    field.min = -100;
    field.helpText = label('Probe in the middle of the pallet');
    const changes = diffConfigs(DEMO, after);
    expect(changes).toContainEqual(expect.objectContaining({ kind: 'fieldRulesChanged', properties: ['min'] }));
    expect(changes).toContainEqual(expect.objectContaining({ kind: 'labelsChanged', properties: ['helpText'] }));
  });

  it('trackpoints added, removed and their rules; barcode types; settings', () => {
    const after = copy();
    const pallet = after.barcodeTypes.pallet!;
    pallet.trackPoints.splice(2, 1);
    pallet.trackPoints.push({ key: 'returned', name: label('Returned'), trackPointForms: [] });
    pallet.trackPoints[0]!.allowSkipTracking = true;
    delete after.barcodeTypes.logger;
    after.showTrackingCountPage = false;
    const changes = diffConfigs(DEMO, after);
    const kinds = changes.map((c) => c.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'settingsChanged',
        'trackPointRulesChanged',
        'trackPointAdded',
        'trackPointRemoved',
        'barcodeTypeRemoved',
      ]),
    );
    const removed = changes.find((c) => c.kind === 'trackPointRemoved')!;
    expect(removed).toMatchObject({
      place: { barcodeType: 'pallet', trackPoint: 'carrier' },
      usage: { atTrackPoint: true },
    });
    // The removed trackpoint's fields are part of its removal, not separate changes.
    expect(changes.some((c) => c.kind === 'fieldRemoved' && c.place.trackPoint === 'carrier')).toBe(false);
    expect(assessChanges(changes, counted(changes, 0)).verdict).toBe('inPlace');
    expect(assessChanges(changes, counted(changes, 5)).verdict).toBe('newVersion');
    const report = assessChanges(changes, counted(changes, 5));
    for (const language of ['en', 'ja', 'zh-TW', 'zh-CN'] as const) {
      for (const change of report.changes)
        expect(describeChange(change, DIFF_MESSAGES[language])).not.toMatch(/\{\{|undefined/);
    }
  });
});

describe('the compatibility report of each change', () => {
  const BOX = { barcodeType: 'box' };
  const HUB = { barcodeType: 'box', trackPoint: 'hub' };
  const HUB_RECEIVING = { barcodeType: 'box', trackPoint: 'hub', form: 'receiving' };
  const en = DIFF_MESSAGES['en'];
  /** Each change that may touch stored records, each with a usage query of its own. */
  const TOUCHING: ConfigChange[] = [
    { kind: 'fieldRemoved', place: BOX, field: 'qaNotes', usage: { place: BOX, field: 'qaNotes' } },
    {
      kind: 'fieldRenamed',
      place: BOX,
      field: 'product',
      from: 'productName',
      usage: { place: BOX, field: 'productName' },
    },
    {
      kind: 'fieldMadeRequired',
      place: BOX,
      field: 'caseCount',
      usage: { place: BOX, field: 'caseCount', missing: true },
    },
    {
      kind: 'fieldRulesChanged',
      place: HUB_RECEIVING,
      field: 'temperature',
      properties: ['min'],
      usage: { place: HUB_RECEIVING, field: 'temperature' },
    },
    {
      kind: 'optionsRemoved',
      place: BOX,
      field: 'handling',
      values: ['fragile'],
      usage: { place: BOX, field: 'handling', values: ['fragile'] },
    },
    { kind: 'trackPointRemoved', place: HUB, usage: { place: HUB, atTrackPoint: true } },
    { kind: 'barcodeTypeRemoved', place: { barcodeType: 'crate' }, usage: { place: { barcodeType: 'crate' } } },
  ];
  /** Changes that touch no stored record by their nature. */
  const HARMLESS: ConfigChange[] = [
    { kind: 'settingsChanged', properties: ['requirePassword'] },
    { kind: 'barcodeTypeAdded', place: { barcodeType: 'drum' } },
    { kind: 'trackPointAdded', place: { barcodeType: 'box', trackPoint: 'returned' } },
    { kind: 'fieldAdded', place: BOX, field: 'note', fieldType: 'text', required: true },
    { kind: 'fieldMadeOptional', place: BOX, field: 'productName' },
    { kind: 'optionsAdded', place: BOX, field: 'handling', values: ['dry'] },
    { kind: 'labelsChanged', place: BOX, field: 'handling', properties: ['label'] },
    { kind: 'orderChanged', place: BOX },
  ];
  const retyped = (to: string): ConfigChange => ({
    kind: 'fieldTypeChanged',
    place: HUB_RECEIVING,
    field: 'temperature',
    from: 'number',
    to,
    usage: { place: HUB_RECEIVING, field: 'temperature' },
  });
  const one = (change: ConfigChange, count: number) => assessChanges([change], counted([change], count)).changes[0]!;

  it('each change that touches stored records needs a new version, and goes in place when it touches none', () => {
    expect(
      assessChanges(TOUCHING, counted(TOUCHING, 2)).changes.map((c) => [c.change.kind, c.impact, c.affected]),
    ).toEqual(TOUCHING.map((c) => [c.kind, 'newVersion', 2]));
    expect(
      assessChanges(TOUCHING, counted(TOUCHING, 0)).changes.map((c) => [c.change.kind, c.impact, c.affected]),
    ).toEqual(TOUCHING.map((c) => [c.kind, 'inPlace', 0]));
    expect(assessChanges(TOUCHING, new Map()).changes.map((c) => c.affected)).toEqual(TOUCHING.map(() => 0));
  });

  it('changes that touch no stored record go in place and count nothing', () => {
    const report = assessChanges(HARMLESS, new Map());
    expect(report.changes.map((c) => [c.change.kind, c.impact, c.affected])).toEqual(
      HARMLESS.map((c) => [c.kind, 'inPlace', null]),
    );
    expect(report.verdict).toBe('inPlace');
    expect(usageQueries(HARMLESS)).toEqual([]);
  });

  it('a type change of a field without stored values goes in place; with values it is refused, unless it is to text', () => {
    expect([one(retyped('date'), 0).impact, one(retyped('date'), 1).impact, one(retyped('text'), 1).impact]).toEqual([
      'inPlace',
      'refused',
      'newVersion',
    ]);
  });

  it('the verdict is the worst impact, wherever the change stands in the list', () => {
    const removal = TOUCHING[0]!;
    const addition = HARMLESS[3]!;
    const changes = [removal, addition];
    expect(assessChanges(changes, counted(changes, 2)).verdict).toBe('newVersion');
    expect(assessChanges([retyped('date'), removal], counted([retyped('date'), removal], 2)).verdict).toBe('refused');
    expect(assessChanges([addition, removal, addition], counted([removal], 2)).verdict).toBe('newVersion');
  });

  it('a choice to keep old values only turns a refused change into a new version', () => {
    const changes = [...HARMLESS, TOUCHING[0]!];
    const keepAll = Object.fromEntries(changes.map((c) => [changeId(c), 'keepOldValues' as const]));
    const report = assessChanges(changes, counted(changes, 0), keepAll);
    expect(report.changes.map((c) => c.impact)).toEqual(changes.map(() => 'inPlace'));
    expect(report.verdict).toBe('inPlace');
  });

  it('a change is identified by its kind and place: barcode type / trackpoint / form / field', () => {
    expect([...HARMLESS, ...TOUCHING, retyped('date')].map(changeId)).toEqual([
      'settingsChanged',
      'barcodeTypeAdded:drum///',
      'trackPointAdded:box/returned//',
      'fieldAdded:box///note',
      'fieldMadeOptional:box///productName',
      'optionsAdded:box///handling',
      'labelsChanged:box///handling',
      'orderChanged:box///',
      'fieldRemoved:box///qaNotes',
      'fieldRenamed:box///product',
      'fieldMadeRequired:box///caseCount',
      'fieldRulesChanged:box/hub/receiving/temperature',
      'optionsRemoved:box///handling',
      'trackPointRemoved:box/hub//',
      'barcodeTypeRemoved:crate///',
      'fieldTypeChanged:box/hub/receiving/temperature',
    ]);
  });

  it('the service is asked to count each query once, and only the queries of changes that have one', () => {
    const unused: ConfigChange = { kind: 'trackPointAdded', place: HUB, usage: undefined };
    const queries = usageQueries([TOUCHING[0]!, unused, ...HARMLESS, TOUCHING[0]!, TOUCHING[5]!]);
    expect(queries).toEqual([
      { place: BOX, field: 'qaNotes' },
      { place: HUB, atTrackPoint: true },
    ]);
  });

  it('publishing is refused for a refused report, and in place for one that needs a new version', () => {
    const report = (verdict: 'inPlace' | 'newVersion' | 'refused') => ({ verdict, changes: [] });
    expect(
      [report('inPlace'), report('newVersion'), report('refused')].map((r) => [
        publishRefusal(r, 'inPlace'),
        publishRefusal(r, 'newVersion'),
      ]),
    ).toEqual([
      [null, null],
      ['needsNewVersion', null],
      ['refused', 'refused'],
    ]);
  });

  it('each change in English, naming its place and its effect on stored records', () => {
    const report = assessChanges([...HARMLESS, ...TOUCHING, retyped('date')], counted(TOUCHING, 2));
    expect(report.changes.map((c) => describeChange(c, en))).toEqual([
      'Project settings changed: requirePassword.',
      "Barcode type added: 'drum'.",
      "Trackpoint added: trackpoint 'returned' of 'box'.",
      "Field 'note' (text) added to activation of 'box', required for steps made from now on.",
      "Field 'productName' in activation of 'box' made optional.",
      "Options added to field 'handling' in activation of 'box': dry.",
      "Words of field 'handling' in activation of 'box' changed: label.",
      "Order changed in activation of 'box'.",
      "Field 'qaNotes' removed from activation of 'box'. Stored records affected: 2; they would no longer match the form, so this needs a new version.",
      "Field 'productName' renamed to 'product' in activation of 'box'. Stored records affected: 2; they would no longer match the form, so this needs a new version.",
      "Field 'caseCount' in activation of 'box' made required. Stored records affected: 2; they would no longer match the form, so this needs a new version.",
      "Rules of field 'temperature' in form 'receiving' of trackpoint 'hub' of 'box' changed: min. Stored records affected: 2; they would no longer match the form, so this needs a new version.",
      "Options removed from field 'handling' in activation of 'box': fragile. Stored records affected: 2; they would no longer match the form, so this needs a new version.",
      "Trackpoint removed: trackpoint 'hub' of 'box'. Stored records affected: 2; they would no longer match the form, so this needs a new version.",
      "Barcode type removed: 'crate'. Stored records affected: 2; they would no longer match the form, so this needs a new version.",
      "Field 'temperature' in form 'receiving' of trackpoint 'hub' of 'box' changed type from number to date. Stored records affected: 2; their values cannot be read as the new type, so this is refused unless you choose to keep the old values under the current version.",
    ]);
    expect(describeVerdict(report.verdict, en)).toBe(
      'Refused: a change would make stored values unreadable; choose a migration for it or undo it.',
    );
  });

  it('several names or values in a message are separated by commas; an optional field added says so', () => {
    const changes: ConfigChange[] = [
      { kind: 'fieldAdded', place: HUB_RECEIVING, field: 'note', fieldType: 'text', required: false },
      { kind: 'optionsAdded', place: BOX, field: 'handling', values: ['upright', 'dry'] },
      { kind: 'trackPointRulesChanged', place: HUB, properties: ['allowSkipTracking', 'routeNotification'] },
    ];
    expect(assessChanges(changes, new Map()).changes.map((c) => describeChange(c, en))).toEqual([
      "Field 'note' (text) added to form 'receiving' of trackpoint 'hub' of 'box', optional.",
      "Options added to field 'handling' in activation of 'box': upright, dry.",
      "Rules of trackpoint 'hub' of 'box' changed: allowSkipTracking, routeNotification (applies to steps made from now on).",
    ]);
  });

  it('a new name of a trackpoint reads as such, not as words of a field', () => {
    const renamed: ConfigChange = { kind: 'labelsChanged', place: HUB, field: '', properties: ['name'] };
    expect(describeChange(assessChanges([renamed], new Map()).changes[0]!, en)).toBe(
      "Name of trackpoint 'hub' of 'box' changed.",
    );
  });

  it('a barcode type is named as a type, not by its activation form: its new name, its rules', () => {
    const changes: ConfigChange[] = [
      { kind: 'labelsChanged', place: BOX, field: '', properties: ['name'] },
      { kind: 'barcodeTypeRulesChanged', place: BOX, properties: ['icon', 'color'] },
    ];
    expect(assessChanges(changes, new Map()).changes.map((c) => describeChange(c, en))).toEqual([
      "Name of barcode type 'box' changed.",
      "Rules of barcode type 'box' changed: icon, color.",
    ]);
  });

  it('a translation naming a value the change does not have leaves it empty', () => {
    const messages = { ...en, orderChanged: 'Order changed in {{place}}{{field}}.' };
    expect(describeChange(assessChanges([HARMLESS[7]!], new Map()).changes[0]!, messages)).toBe(
      "Order changed in activation of 'box'.",
    );
  });
});
