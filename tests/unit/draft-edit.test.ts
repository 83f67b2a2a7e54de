import { describe, expect, it } from 'vitest';
import type { CustomField } from '@schemas/custom-field';
import { editedField, fieldFromInput, inputFromField } from '@/features/admin-config/model/draft-edit';

const label = (en: string, ja = `${en} (ja)`) => ({ en, ja, 'zh-TW': `${en} (tw)`, 'zh-CN': `${en} (cn)` });
const temperature = {
  key: 'temp',
  type: 'number',
  label: label('Temperature'),
  required: true,
  min: -30,
  max: 40,
  precision: 1,
  unitSuffix: '°C',
  helpText: label('Probe'),
} as CustomField;
const storage = {
  key: 'storage',
  type: 'singleSelect',
  label: label('Storage'),
  visibility: 'visibleWhenLoggedIn',
  options: [
    { value: 'frozen', label: label('Frozen', '冷凍') },
    { value: 'chilled', label: label('Chilled', '冷蔵') },
  ],
} as CustomField;

describe('the builder changes an existing field', () => {
  it('shows a field in its form and gives it back unchanged when nothing is changed', () => {
    expect(inputFromField(storage)).toMatchObject({
      key: 'storage',
      type: 'singleSelect',
      labelJa: 'Storage (ja)',
      required: 'no',
      visibility: 'visibleWhenLoggedIn',
      options: 'frozen=Frozen\nchilled=Chilled',
    });
    expect(editedField(temperature, inputFromField(temperature))).toEqual(temperature);
    expect(editedField(storage, inputFromField(storage))).toEqual(storage);
  });

  it("takes what the form asks (its range and unit too: the type's settings) and keeps the help text it does not ask", () => {
    const changed = editedField(temperature, {
      ...inputFromField(temperature),
      labelEn: 'Core temperature',
      required: 'no',
    });
    expect(changed).toEqual({
      ...temperature,
      label: { ...temperature.label, en: 'Core temperature' },
      required: undefined,
    });
    expect('required' in changed).toBe(false);
  });

  it("keeps an unchanged option's labels in every language, and writes a new or renamed one in all four from English", () => {
    const changed = editedField(storage, {
      ...inputFromField(storage),
      options: 'frozen=Frozen\nchilled=Cool\nambient=Ambient',
    }) as CustomField & { options: { value: string; label: Record<string, string> }[] };
    expect(changed.options[0]).toEqual(storage.type === 'singleSelect' ? storage.options[0] : undefined);
    expect(changed.options[1]!.label).toEqual({ en: 'Cool', ja: 'Cool', 'zh-TW': 'Cool', 'zh-CN': 'Cool' });
    expect(changed.options[2]!.value).toBe('ambient');
  });

  it('keeps only the properties every type has when the type changes', () => {
    const changed = editedField(temperature, { ...inputFromField(temperature), type: 'text' });
    expect(changed).toEqual({
      key: 'temp',
      type: 'text',
      label: temperature.label,
      required: true,
      helpText: temperature.helpText,
    });
    expect(fieldFromInput({ ...inputFromField(temperature), type: 'text' })).not.toHaveProperty('helpText');
  });

  it("keeps a field's form-logic rules through an edit: the builder does not ask them", () => {
    const rules = {
      relevant: 'other > 1',
      requiredIf: 'other == 2',
      readOnlyIf: 'other > 5',
      constraint: '. < 30',
      constraintMessage: label('Too warm'),
    };
    const ruled = { ...temperature, ...rules } as CustomField;
    expect(editedField(ruled, { ...inputFromField(ruled), labelEn: 'Probe temperature' })).toEqual({
      ...ruled,
      label: { ...temperature.label, en: 'Probe temperature' },
    });
    expect(inputFromField(ruled)).not.toHaveProperty('relevant');
    expect(fieldFromInput(inputFromField(ruled))).not.toHaveProperty('constraint');
  });

  it('makes and shows back the settings of the types that need one (files, GHG, weight, reference)', () => {
    const base = { key: 'f', labelEn: 'F', labelJa: 'F', labelZhTw: 'F', labelZhCn: 'F' };
    // A setting of another type (left in the form by a type change) is not taken.
    expect(fieldFromInput({ ...base, type: 'files', fileKind: 'photoOnly', calculationType: 'fuel' })).toEqual({
      key: 'f',
      type: 'files',
      label: { en: 'F', ja: 'F', 'zh-TW': 'F', 'zh-CN': 'F' },
      fileKind: 'photoOnly',
    });
    expect(fieldFromInput({ ...base, type: 'ghgEmission', calculationType: 'tonkilo' })).toMatchObject({
      calculationType: 'tonkilo',
    });
    expect(fieldFromInput({ ...base, type: 'weightMeasurement', mode: 'auto', precision: 2 })).toMatchObject({
      mode: 'auto',
      precision: 2,
    });
    expect(fieldFromInput({ ...base, type: 'reference', referenceKey: ' carriers ' })).toMatchObject({
      referenceKey: 'carriers',
    });
    const weight = {
      key: 'w',
      type: 'weightMeasurement',
      mode: 'auto',
      precision: 2,
      label: label('Weight'),
    } as CustomField;
    expect(inputFromField(weight)).toMatchObject({ mode: 'auto', precision: 2 });
    expect(editedField(weight, inputFromField(weight))).toEqual(weight);
  });
});
