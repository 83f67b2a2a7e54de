import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CustomField } from '../../../schemas/custom-field';
import type { ProjectConfig } from '../../../schemas/project-config';
import { assessChanges, changeId, describeChange, describeVerdict, publishRefusal, usageKey, usageQueries } from '../../../server/rules/config-compat';
import { diffConfigs, type ConfigChange } from '../../../server/rules/config-diff';
import { DIFF_MESSAGES } from '../../../server/services/config-words';
import { label } from './fixtures';

const DEMO = JSON.parse(readFileSync(new URL('../../../server/projects/demo@1.json', import.meta.url), 'utf8')) as ProjectConfig;
const copy = (): ProjectConfig => structuredClone(DEMO);
const receiving = (config: ProjectConfig) => config.barcodeTypes.pallet!.trackPoints.find((p) => p.key === 'distributionCentre')!.trackPointForms[0]!;
const RECEIVING = { barcodeType: 'pallet', trackPoint: 'distributionCentre', form: 'receiving' };
const TEMPERATURE: CustomField = { type: 'number', key: 'arrivalTemperature', label: label('Temperature at arrival (C)'), required: true };
const counted = (changes: ConfigChange[], count: number) => new Map(usageQueries(changes).map((q) => [usageKey(q), count]));

describe('the diff between two configurations', () => {
  it('finds nothing between a configuration and itself', () => {
    expect(diffConfigs(DEMO, copy())).toEqual([]);
    expect(assessChanges([], new Map()).verdict).toBe('inPlace');
  });

  it('names a required field added to a trackpoint form: in place, required for steps from now on', () => {
    const after = copy();
    receiving(after).customFields.push(TEMPERATURE);
    const changes = diffConfigs(DEMO, after);
    expect(changes).toEqual([{ kind: 'fieldAdded', place: RECEIVING, field: 'arrivalTemperature', fieldType: 'number', required: true }]);
    const report = assessChanges(changes, new Map());
    expect(report.verdict).toBe('inPlace');
    expect(describeChange(report.changes[0]!, DIFF_MESSAGES['en'])).toBe("Field 'arrivalTemperature' (number) added to form 'receiving' of trackpoint 'distributionCentre' of 'pallet', required for steps made from now on.");
    expect(describeChange(report.changes[0]!, DIFF_MESSAGES['ja'])).toContain('arrivalTemperature');
    expect(describeVerdict('inPlace', DIFF_MESSAGES['zh-TW'])).toContain('相容');
  });

  it('a type change number -> date is refused when the field has values, allowed in place when it has none', () => {
    const after = copy();
    const field = receiving(after).customFields.find((f) => f.key === 'receivedTemperature')!;
    receiving(after).customFields[receiving(after).customFields.indexOf(field)] = { type: 'date', key: field.key, label: field.label };
    const changes = diffConfigs(DEMO, after);
    expect(changes).toEqual([{ kind: 'fieldTypeChanged', place: RECEIVING, field: 'receivedTemperature', from: 'number', to: 'date', usage: { place: RECEIVING, field: 'receivedTemperature' } }]);
    const refused = assessChanges(changes, counted(changes, 3));
    expect(refused.verdict).toBe('refused');
    expect(refused.changes[0]!.affected).toBe(3);
    expect(publishRefusal(refused, 'newVersion')).toBe('refused');
    expect(describeChange(refused.changes[0]!, DIFF_MESSAGES['en'])).toContain('Stored records affected: 3; their values cannot be read as the new type');
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
    expect(changes).toEqual([{ kind: 'fieldRenamed', place: RECEIVING, field: 'temperatureOnArrival', from: 'receivedTemperature', usage: { place: RECEIVING, field: 'receivedTemperature' } }]);
    expect(describeChange(assessChanges(changes, counted(changes, 4)).changes[0]!, DIFF_MESSAGES['en'])).toContain("Field 'receivedTemperature' renamed to 'temperatureOnArrival'");
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
    expect(changes.find((c) => c.kind === 'optionsRemoved')).toMatchObject({ values: [removedValue], usage: { values: [removedValue] } });
    expect(changes.find((c) => c.kind === 'fieldMadeRequired')).toMatchObject({ field: optional.key, usage: { missing: true } });
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
    expect(kinds).toEqual(expect.arrayContaining(['settingsChanged', 'trackPointRulesChanged', 'trackPointAdded', 'trackPointRemoved', 'barcodeTypeRemoved']));
    const removed = changes.find((c) => c.kind === 'trackPointRemoved')!;
    expect(removed).toMatchObject({ place: { barcodeType: 'pallet', trackPoint: 'carrier' }, usage: { atTrackPoint: true } });
    // The removed trackpoint's fields are part of its removal, not separate changes.
    expect(changes.some((c) => c.kind === 'fieldRemoved' && c.place.trackPoint === 'carrier')).toBe(false);
    expect(assessChanges(changes, counted(changes, 0)).verdict).toBe('inPlace');
    expect(assessChanges(changes, counted(changes, 5)).verdict).toBe('newVersion');
    const report = assessChanges(changes, counted(changes, 5));
    for (const language of ['en', 'ja', 'zh-TW', 'zh-CN'] as const) {
      for (const change of report.changes) expect(describeChange(change, DIFF_MESSAGES[language])).not.toMatch(/\{\{|undefined/);
    }
  });
});
