import { describe, expect, it } from 'vitest';
import type { CustomField } from '@schemas/custom-field';
import { shownValue } from '@renderer/display';
import { L } from './fixtures';

const field = (f: Partial<CustomField> & { type: CustomField['type'] }) =>
  ({ key: 'f', label: L('Field'), ...f }) as CustomField;
const shown = (f: Partial<CustomField> & { type: CustomField['type'] }, value: unknown, language: 'en' | 'ja' = 'en') =>
  shownValue(field(f), value, language);
const options = [
  { value: 'a', label: L('Alpha') },
  { value: 'b', label: L('Beta') },
];

describe('shownValue: a stored value as the detail page shows it', () => {
  it('nothing stored (undefined, null, empty text, empty list) is shown as empty, whatever the type', () => {
    for (const value of [undefined, null, '', []]) expect(shown({ type: 'text' }, value)).toEqual({ kind: 'empty' });
    expect(shown({ type: 'files', fileKind: 'image' }, [])).toEqual({ kind: 'empty' });
    expect(shown({ type: 'text' }, 0)).toEqual({ kind: 'text', text: '0' });
    expect(shown({ type: 'text' }, ' ')).toEqual({ kind: 'text', text: ' ' });
  });

  it('text, phone numbers, e-mails and reference values as they are', () => {
    expect(shown({ type: 'text' }, 'Lot 7')).toEqual({ kind: 'text', text: 'Lot 7' });
    expect(shown({ type: 'phoneNumber' }, '+81 3 1234')).toEqual({ kind: 'text', text: '+81 3 1234' });
    expect(shown({ type: 'email' }, 'a@example.com')).toEqual({ kind: 'text', text: 'a@example.com' });
    expect(shown({ type: 'reference', referenceKey: 'po' }, 'PO-1')).toEqual({ kind: 'text', text: 'PO-1' });
  });

  it('numbers and calculations with their units: prefix glued, suffix after a space', () => {
    expect(shown({ type: 'number', unitPrefix: '¥' }, 1200)).toEqual({ kind: 'text', text: '¥1200' });
    expect(shown({ type: 'number', unitSuffix: 'cases' }, 3)).toEqual({ kind: 'text', text: '3 cases' });
    expect(shown({ type: 'number' }, 2.5)).toEqual({ kind: 'text', text: '2.5' });
    expect(shown({ type: 'calculation', formula: 'a * b', unitPrefix: '$', unitSuffix: 'total' }, 7)).toEqual({
      kind: 'text',
      text: '$7 total',
    });
  });

  it('a weight in kg', () => {
    expect(shown({ type: 'weightMeasurement', mode: 'auto' }, 12.5)).toEqual({ kind: 'text', text: '12.5 kg' });
  });

  it('an adjustment with its sign and units; another shape as text', () => {
    expect(shown({ type: 'adjustment', unitSuffix: 'pcs' }, { type: 'decrease', value: 4 })).toEqual({
      kind: 'text',
      text: '−4 pcs',
    });
    expect(shown({ type: 'adjustment' }, { type: 'increase', value: 4 })).toEqual({ kind: 'text', text: '+4' });
    expect(shown({ type: 'adjustment' }, 4)).toEqual({ kind: 'text', text: '4' });
  });

  it('dates stored as YYYY-MM-DD shown as YYYY/MM/DD; anything else as stored', () => {
    expect(shown({ type: 'date' }, '2024-03-09')).toEqual({ kind: 'text', text: '2024/03/09' });
    expect(shown({ type: 'date' }, 'x2024-03-09')).toEqual({ kind: 'text', text: 'x2024-03-09' });
    expect(shown({ type: 'date' }, '2024-03-09T10:00')).toEqual({ kind: 'text', text: '2024-03-09T10:00' });
  });

  it("selects show the option labels in the viewer's language; a value no longer offered as stored", () => {
    expect(shown({ type: 'singleSelect', options }, 'b', 'ja')).toEqual({ kind: 'text', text: 'Beta (ja)' });
    expect(shown({ type: 'singleSelect', options }, 'gone')).toEqual({ kind: 'text', text: 'gone' });
    expect(shown({ type: 'multiSelect', options }, ['b', 'a', 'gone'])).toEqual({
      kind: 'text',
      text: 'Beta, Alpha, gone',
    });
    expect(shown({ type: 'multiSelect', options }, 'a')).toEqual({ kind: 'text', text: 'Alpha' });
  });

  it('a place with 5 decimals; another shape as text', () => {
    expect(shown({ type: 'location' }, { latitude: 35.6812362, longitude: 139.7671248, accuracy: 5 })).toEqual({
      kind: 'text',
      text: '35.68124, 139.76712',
    });
    expect(shown({ type: 'location' }, 'Tokyo')).toEqual({ kind: 'text', text: 'Tokyo' });
  });

  it('a signature as its image; files by name and URL, leaving out what is not a file', () => {
    expect(shown({ type: 'eSign' }, '/api/barcode/file/b/s.png')).toEqual({
      kind: 'image',
      url: '/api/barcode/file/b/s.png',
    });
    expect(
      shown({ type: 'files', fileKind: 'image' }, [{ name: 'a.png', url: '/u/a.png' }, 'junk', null, ['x']]),
    ).toEqual({ kind: 'files', files: [{ name: 'a.png', url: '/u/a.png' }] });
    expect(shown({ type: 'files', fileKind: 'image' }, 'a.png')).toEqual({ kind: 'empty' });
  });

  it('a GHG emission by its computed emission in kg-CO2e; none computed yet is empty', () => {
    expect(
      shown({ type: 'ghgEmission', calculationType: 'fuel' }, { transportType: 'diesel', emission: 12.345 }),
    ).toEqual({ kind: 'text', text: '12.345 kg-CO2e' });
    expect(shown({ type: 'ghgEmission', calculationType: 'fuel' }, { transportType: 'diesel' })).toEqual({
      kind: 'empty',
    });
    expect(shown({ type: 'ghgEmission', calculationType: 'fuel' }, 'x')).toEqual({ kind: 'empty' });
  });
});
