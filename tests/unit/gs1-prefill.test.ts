import { describe, expect, it } from 'vitest';
import type { Project } from '@schemas/api/project';
import { parseGs1 } from '@gs1';
import { gs1ExternalId, gs1Prefill } from '@/shared/barcode/gs1-scan';

const field = (key: string, type: string) => ({ key, type, label: { en: key, ja: key, 'zh-TW': key, 'zh-CN': key } });
const project = {
  barcodeTypes: {
    pallet: {
      activationFields: [
        field('gtin', 'text'),
        field('lotNumber', 'text'),
        field('expiryDate', 'date'),
        field('netKg', 'number'),
      ],
      gs1Mapping: { '01': 'gtin', '10': 'lotNumber', '17': 'expiryDate', '3103': 'netKg' },
    },
    logger: { activationFields: [field('serialNumber', 'text')], gs1Mapping: { '21': 'serialNumber' } },
    plain: { activationFields: [field('lotNumber', 'text')] },
  },
} as unknown as Project;

const elements = (text: string) => {
  const parsed = parseGs1(text);
  if (parsed.status !== 'ok') throw new Error(JSON.stringify(parsed));
  return parsed;
};

describe('activation prefill from GS1 data, by the types gs1Mapping', () => {
  it('fills text, date (day 00: the month end) and number fields (implied decimal point)', () => {
    expect(gs1Prefill(project, elements('(01)09506000134352(10)L-7(17)290200(3103)012500(21)S9').elements)).toEqual({
      gtin: '09506000134352',
      lotNumber: 'L-7',
      expiryDate: '2029-02-28',
      netKg: 12.5,
      serialNumber: 'S9',
    });
  });

  it('fills nothing a mapping does not name', () => {
    expect(gs1Prefill(project, elements('(01)09506000134352(11)290101').elements)).toEqual({ gtin: '09506000134352' });
  });

  it('knows a logistic unit by its SSCC and a trade item by its canonical Digital Link', () => {
    expect(gs1ExternalId(elements('(00)106141411234567897(01)09506000134352(10)L-7'))).toBe('106141411234567897');
    expect(gs1ExternalId(elements('(01)09506000134352(17)290200(10)L/7'))).toBe(
      'https://id.gs1.org/01/09506000134352/10/L%2F7',
    );
  });
});
