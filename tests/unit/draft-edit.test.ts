import { describe, expect, it } from 'vitest';
import type { CustomField } from '@schemas/custom-field';
import { editFieldForm, NEW_FIELD_FORM } from '@/features/admin-config/model/builder-form';
import { editedField, fieldFromInput, inputFromField } from '@/features/admin-config/model/draft-edit';

const label = (en: string, ja = `${en} (ja)`) => ({ en, ja, 'zh-TW': `${en} (tw)`, 'zh-CN': `${en} (cn)` });
const temperature = { key: 'temp', type: 'number', label: label('Temperature'), required: true, min: -30, max: 40, precision: 1, unitSuffix: '°C', helpText: label('Probe') } as CustomField;
const storage = {
  key: 'storage', type: 'singleSelect', label: label('Storage'), visibility: 'visibleWhenLoggedIn',
  options: [{ value: 'frozen', label: label('Frozen', '冷凍') }, { value: 'chilled', label: label('Chilled', '冷蔵') }],
} as CustomField;

describe('the builder changes an existing field', () => {
  it('shows a field in its form and gives it back unchanged when nothing is changed', () => {
    expect(inputFromField(storage)).toMatchObject({ key: 'storage', type: 'singleSelect', labelJa: 'Storage (ja)', required: 'no', visibility: 'visibleWhenLoggedIn', options: 'frozen=Frozen\nchilled=Chilled' });
    expect(editedField(temperature, inputFromField(temperature))).toEqual(temperature);
    expect(editedField(storage, inputFromField(storage))).toEqual(storage);
  });

  it('keeps what the form does not ask (range, unit, help) and takes what it does', () => {
    const changed = editedField(temperature, { ...inputFromField(temperature), labelEn: 'Core temperature', required: 'no' });
    expect(changed).toEqual({ ...temperature, label: { ...temperature.label, en: 'Core temperature' }, required: undefined });
    expect('required' in changed).toBe(false);
  });

  it('keeps an unchanged option\'s labels in every language, and writes a new or renamed one in all four from English', () => {
    const changed = editedField(storage, { ...inputFromField(storage), options: 'frozen=Frozen\nchilled=Cool\nambient=Ambient' }) as CustomField & { options: { value: string; label: Record<string, string> }[] };
    expect(changed.options[0]).toEqual(storage.type === 'singleSelect' ? storage.options[0] : undefined);
    expect(changed.options[1]!.label).toEqual({ en: 'Cool', ja: 'Cool', 'zh-TW': 'Cool', 'zh-CN': 'Cool' });
    expect(changed.options[2]!.value).toBe('ambient');
  });

  it('keeps only the properties every type has when the type changes', () => {
    const changed = editedField(temperature, { ...inputFromField(temperature), type: 'text' });
    expect(changed).toEqual({ key: 'temp', type: 'text', label: temperature.label, required: true, helpText: temperature.helpText });
    expect(fieldFromInput({ ...inputFromField(temperature), type: 'text' })).not.toHaveProperty('helpText');
  });

  it('offers a field\'s own type in the form even when the builder does not make that type', () => {
    const typeOptions = (form: CustomField[]) => (form.find((f) => f.key === 'type') as { options: { value: string }[] }).options.map((o) => o.value);
    expect(typeOptions(NEW_FIELD_FORM)).not.toContain('files');
    expect(typeOptions(editFieldForm('files'))).toContain('files');
    expect(editFieldForm('number')).toBe(NEW_FIELD_FORM);
  });
});
