import { describe, expect, it } from 'vitest';
import { assertProjectFound, formSourceOf, isProjectId, projectLookup } from '../../../server/rules/projects';
import { answer, common, CONFIG, PROJECT } from './fixtures';

const UUID = '0b7285aa-0000-4000-8000-000000000101';

describe('finding a project', () => {
  it('by id: only a UUID can name one', () => {
    expect(projectLookup({ id: UUID })).toEqual({ id: UUID });
    expect(projectLookup({ id: 'demo' })).toBeNull();
    expect(projectLookup({ id: `${UUID}0` })).toBeNull();
    expect(isProjectId(UUID.toUpperCase())).toBe(true);
  });

  it('by code, with its version or the latest one; the id wins when both are given', () => {
    expect(projectLookup({ code: 'demo', version: 2 })).toEqual({ code: 'demo', version: 2 });
    expect(projectLookup({ code: 'demo' })).toEqual({ code: 'demo', version: undefined });
    expect(projectLookup({ id: UUID, code: 'demo' })).toEqual({ id: UUID });
  });

  it('needs an id or a code (1000), and answers 2304 when there is no such project', () => {
    expect(answer(() => projectLookup({ version: 1 }))).toEqual(common(1000));
    expect(answer(() => assertProjectFound(undefined))).toEqual(common(2304));
    expect(assertProjectFound(PROJECT)).toBe(PROJECT);
  });

  it('compiles its forms from its code, version and barcode types', () => {
    expect(formSourceOf(PROJECT)).toEqual({ code: 'demo', version: 1, barcodeTypes: CONFIG.barcodeTypes });
  });
});
