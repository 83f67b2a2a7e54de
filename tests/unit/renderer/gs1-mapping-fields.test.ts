import { describe, expect, it } from 'vitest';
import type { ProjectConfig } from '@schemas/project-config';
import type { CustomField } from '@schemas/custom-field';
import { checkGs1Mapping } from '@renderer/gs1-mapping-check';
import { demoConfig, L } from './fixtures';

/**
 * Which activation field a GS1 AI may fill (gs1Mapping, AI -> field key): a date AI (17, YYMMDD) a
 * date or text field, a whole-number AI (37, a count) or a decimal measure (3103, net weight in
 * kg) a number or text field, any other AI (10, a lot) a text field. The demo pallet's fields
 * include productName (text), expiryDate (date) and caseCount (number).
 */
const checked = (
  mapping: Record<string, string> | undefined,
  edit: (config: ProjectConfig) => void = () => undefined,
) => {
  const config = demoConfig();
  if (mapping) config.barcodeTypes.pallet!.gs1Mapping = mapping;
  else delete config.barcodeTypes.pallet!.gs1Mapping;
  edit(config);
  return checkGs1Mapping(config);
};
const P = '/barcodeTypes/pallet/gs1Mapping';

describe('a gs1Mapping maps GS1 AIs to activation fields that can hold their values', () => {
  it('the demo configuration maps AIs to fields of the right types', () => {
    expect(checkGs1Mapping(demoConfig())).toEqual([]);
  });

  it('a barcode type without a gs1Mapping has nothing to check', () => {
    expect(checked(undefined)).toEqual([]);
  });

  it('a date AI fills a date or a text field; a count or a measure a number or a text field; any other AI a text field', () => {
    expect(
      checked({
        '17': 'expiryDate',
        '11': 'productName',
        '37': 'caseCount',
        '30': 'lotNumber',
        '3103': 'dosesPerCase',
        '3102': 'gtin',
        '10': 'qaNotes',
      }),
    ).toEqual([]);
  });

  it('an AI GS1 does not define', () => {
    expect(checked({ '10': 'lotNumber', '89': 'lotNumber' })).toEqual([
      {
        pointer: `${P}/89`,
        key: 'gs1MappingUnknownAi',
        values: { ai: '89' },
        message: "'89' is not a GS1 Application Identifier",
      },
    ]);
  });

  it('an unknown AI is named as such even when its field is unknown too', () => {
    expect(checked({ '89': 'nope' }).map((p) => p.key)).toEqual(['gs1MappingUnknownAi']);
  });

  it('a field the barcode type does not have among its activation fields', () => {
    expect(checked({ '10': 'lot' })).toEqual([
      {
        pointer: `${P}/10`,
        key: 'gs1MappingUnknownField',
        values: { ai: '10', key: 'lot' },
        message: "GS1 AI (10) maps to 'lot', which is not an activation field of this type",
      },
    ]);
  });

  it('a field of another form (a trackpoint field) is not an activation field', () => {
    expect(checked({ '10': 'releasedBy' }).map((p) => [p.pointer, p.key])).toEqual([
      [`${P}/10`, 'gs1MappingUnknownField'],
    ]);
  });

  it('a date AI into a number field: use a text field or a date field', () => {
    expect(checked({ '17': 'caseCount' })).toEqual([
      {
        pointer: `${P}/17`,
        key: 'gs1MappingFieldType',
        values: { ai: '17', key: 'caseCount', type: 'number', also: ' / date' },
        message: "GS1 AI (17) cannot fill the number field 'caseCount': use a text field / date",
      },
    ]);
  });

  it('a count or a measure into a date field: use a text field or a number field', () => {
    expect(checked({ '37': 'expiryDate', '3103': 'expiryDate' }).map((p) => [p.pointer, p.message])).toEqual([
      [`${P}/37`, "GS1 AI (37) cannot fill the date field 'expiryDate': use a text field / number"],
      [`${P}/3103`, "GS1 AI (3103) cannot fill the date field 'expiryDate': use a text field / number"],
    ]);
  });

  it('a text AI into a number field: only a text field will do', () => {
    expect(checked({ '10': 'caseCount' })).toEqual([
      {
        pointer: `${P}/10`,
        key: 'gs1MappingFieldType',
        values: { ai: '10', key: 'caseCount', type: 'number', also: '' },
        message: "GS1 AI (10) cannot fill the number field 'caseCount': use a text field",
      },
    ]);
  });

  it('a text AI into a select field', () => {
    expect(checked({ '10': 'storageRange' }).map((p) => p.message)).toEqual([
      "GS1 AI (10) cannot fill the singleSelect field 'storageRange': use a text field",
    ]);
  });

  it('every mapping of every barcode type is checked, each problem at its own AI', () => {
    const problems = checked({ '89': 'lotNumber', '10': 'lot', '17': 'caseCount', '37': 'caseCount' }, (c) => {
      c.barcodeTypes.logger!.gs1Mapping = { '21': 'serialNumber', '17': 'serialNumber', '37': 'reading' };
      c.barcodeTypes.logger!.activationFields.push({
        key: 'reading',
        type: 'date',
        label: L('Reading'),
      } as CustomField);
    });
    expect(problems.map((p) => [p.pointer, p.key])).toEqual([
      [`${P}/10`, 'gs1MappingUnknownField'],
      [`${P}/17`, 'gs1MappingFieldType'],
      [`${P}/89`, 'gs1MappingUnknownAi'],
      ['/barcodeTypes/logger/gs1Mapping/37', 'gs1MappingFieldType'],
    ]);
  });
});
