import { describe, expect, it } from 'vitest';
import {
  assertProjectFound,
  formSourceOf,
  isProjectId,
  projectLookup,
  revisionForWrite,
} from '../../../server/rules/projects';
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

describe('revisionForWrite', () => {
  const published = new Date('2026-11-23T10:00:00.000Z');
  it('checks a write made before the next revision was published by the revision its form was drawn from', () => {
    expect(revisionForWrite(new Date('2026-11-23T09:59:59.999Z'), published)).toBe('sent');
  });
  it('checks a write made at or after that publish by the revision in service', () => {
    expect(revisionForWrite(published, published)).toBe('current');
    expect(revisionForWrite(new Date('2026-11-23T10:00:00.001Z'), published)).toBe('current');
  });
  it('uses the revision in service when the next revision is not known', () => {
    expect(revisionForWrite(new Date('2020-01-01T00:00:00Z'), undefined)).toBe('current');
  });
});
