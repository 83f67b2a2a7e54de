import { describe, expect, it } from 'vitest';
import type { ProjectConfig } from '@schemas/project-config';
import { checkProjectConfig } from '@renderer/config-check';
import { demoConfig } from './fixtures';

/** A barcode type's gs1Mapping (AI -> activation field) is checked by `npm run validate` and the server's project loading. */
const told = (mapping: Record<string, string>) => {
  const config = demoConfig() as ProjectConfig;
  config.barcodeTypes.pallet!.gs1Mapping = mapping;
  return checkProjectConfig(config).map((p) => [p.pointer, p.message]);
};
const P = '/barcodeTypes/pallet/gs1Mapping';

describe('gs1Mapping in the project configuration', () => {
  it('accepts AIs mapped to fields that can hold them', () => {
    expect(told({ '01': 'gtin', '10': 'lotNumber', '17': 'expiryDate', '37': 'caseCount' })).toEqual([]);
  });

  it('names an unknown AI, a field the type lacks and a field of the wrong type', () => {
    expect(told({ '89': 'lotNumber' })).toEqual([[`${P}/89`, "'89' is not a GS1 Application Identifier"]]);
    expect(told({ '10': 'lot' })).toEqual([
      [`${P}/10`, "GS1 AI (10) maps to 'lot', which is not an activation field of this type"],
    ]);
    expect(told({ '17': 'caseCount' })).toEqual([
      [`${P}/17`, "GS1 AI (17) cannot fill the number field 'caseCount': use a text field / date"],
    ]);
  });

  it('refuses a key that is not an AI by the format', () => {
    expect(told({ lot: 'lotNumber' })).toContainEqual([P, expect.stringContaining('lot')]);
  });
});
