import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiError, normaliseError } from '@/shared/api/errors';
import { translateError } from '@/shared/i18n/error-message';
import {
  checkHoldForm,
  EMPTY_HOLD,
  holdBodyOf,
  holdOutcome,
  releaseBodyOf,
  skipGroups,
} from '@/features/recall/model/hold';

const PROJECT = '11111111-2222-4333-8444-555555555555';

describe('the hold and release forms', () => {
  it('trims and sends the reference and the reason', () => {
    expect(checkHoldForm({ reference: ' R-1 ', reason: ' Temperature excursion\n' })).toEqual({
      ok: { reference: 'R-1', reason: 'Temperature excursion' },
    });
  });

  it('asks for both, each with its own problem', () => {
    expect(checkHoldForm(EMPTY_HOLD)).toEqual({
      problems: { reference: 'referenceRequired', reason: 'reasonRequired' },
    });
    expect(checkHoldForm({ reference: '   ', reason: 'why' })).toEqual({
      problems: { reference: 'referenceRequired', reason: undefined },
    });
    expect(checkHoldForm({ reference: 'R-1', reason: ' ' })).toEqual({
      problems: { reference: undefined, reason: 'reasonRequired' },
    });
  });

  it('refuses what the server would: too long, invisible characters', () => {
    expect(checkHoldForm({ reference: 'R'.repeat(64), reason: 'x'.repeat(500) })).toEqual({
      ok: { reference: 'R'.repeat(64), reason: 'x'.repeat(500) },
    });
    expect(checkHoldForm({ reference: 'R'.repeat(65), reason: 'x'.repeat(501) })).toEqual({
      problems: { reference: 'tooLongReference', reason: 'tooLongReason' },
    });
    expect(checkHoldForm({ reference: 'R-\u200b1', reason: 'a\u0007b' })).toEqual({
      problems: { reference: 'characters', reason: 'characters' },
    });
    // Line breaks of a reason are the only control characters taken: they become spaces.
    expect(checkHoldForm({ reference: 'R-1', reason: 'Probe 3\r\n  out of range\n' })).toEqual({
      ok: { reference: 'R-1', reason: 'Probe 3 out of range' },
    });
  });

  it('checks the reason alone for a release (the recall is known)', () => {
    expect(checkHoldForm({ reference: '', reason: 'Tested: within range' }, false)).toEqual({
      ok: { reference: '', reason: 'Tested: within range' },
    });
    expect(checkHoldForm({ reference: '', reason: '' }, false)).toEqual({
      problems: { reference: undefined, reason: 'reasonRequired' },
    });
  });
});

describe('the hold and release bodies', () => {
  it('hold the trace start, the recall and why; a dry run says so', () => {
    const form = { reference: 'R-1', reason: 'Excursion' };
    expect(holdBodyOf(PROJECT, { lot: 'L-1', gtin: '04012345000009' }, form, true)).toEqual({
      projectId: PROJECT,
      lot: 'L-1',
      gtin: '04012345000009',
      reference: 'R-1',
      reason: 'Excursion',
      dryRun: true,
    });
    expect(holdBodyOf(PROJECT, { barcodeId: 'AbCdEf123456' }, form, false)).toEqual({
      projectId: PROJECT,
      barcodeId: 'AbCdEf123456',
      reference: 'R-1',
      reason: 'Excursion',
    });
  });

  it('release one package by its id, or every package of the recall by naming none', () => {
    expect(releaseBodyOf(PROJECT, 'R-1', 'Tested', ['AbCdEf123456'])).toEqual({
      projectId: PROJECT,
      reference: 'R-1',
      reason: 'Tested',
      barcodeIds: ['AbCdEf123456'],
    });
    expect(releaseBodyOf(PROJECT, 'R-1', 'Tested')).toEqual({ projectId: PROJECT, reference: 'R-1', reason: 'Tested' });
    expect(releaseBodyOf(PROJECT, 'R-1', 'Tested', [])).toEqual({
      projectId: PROJECT,
      reference: 'R-1',
      reason: 'Tested',
    });
  });
});

describe('what a hold says', () => {
  it('gathers the skipped packages by why: each other recall, then those not activated', () => {
    const groups = skipGroups([
      { id: 'A', externalId: null, why: 'notActivated' },
      { id: 'B', externalId: 'B-1', why: 'heldForAnother', reference: 'R-0' },
      { id: 'C', externalId: null, why: 'heldForAnother', reference: 'R-9' },
      { id: 'D', externalId: null, why: 'heldForAnother', reference: 'R-0' },
    ]);
    expect(groups.map((g) => [g.why, g.reference, g.packages.map((p) => p.id)])).toEqual([
      ['heldForAnother', 'R-0', ['B', 'D']],
      ['heldForAnother', 'R-9', ['C']],
      ['notActivated', undefined, ['A']],
    ]);
    expect(skipGroups([])).toEqual([]);
  });

  it('counts the new holds, those held before for the same recall, and the skipped', () => {
    const answer = {
      reference: 'R-1',
      dryRun: false,
      implicated: 6,
      held: 4,
      added: 3,
      skipped: [{ id: 'A', externalId: null, why: 'notActivated' as const }],
    };
    expect(holdOutcome(answer)).toEqual({ added: 3, already: 1, skipped: 1 });
    expect(holdOutcome({ ...answer, held: 4, added: 0, skipped: [] })).toEqual({ added: 0, already: 4, skipped: 0 });
  });
});

describe('a refusal for a hold names the recall', () => {
  const t = ((key: string, options?: Record<string, unknown>) =>
    key === 'heldForRecall'
      ? `${String(options?.message)} (recall ${String(options?.reference)})`
      : `text of ${key}`) as unknown as TFunction;

  it('keeps the recall the server named beside the code', () => {
    const refused = normaliseError(400, { errors: { $common: [3027] }, hold: { reference: 'R-1' } });
    expect(refused.code).toBe('3027');
    expect(refused.hold).toEqual({ reference: 'R-1' });
    expect(normaliseError(400, { errors: { $common: [3027] }, hold: { reference: 7 } }).hold).toBeUndefined();
    expect(normaliseError(400, { errors: { $common: [3027] }, hold: 'R-1' }).hold).toBeUndefined();
    expect(normaliseError(400, { errors: { $common: [3027] } }).hold).toBeUndefined();
  });

  it('adds the reference to the message, only for that refusal', () => {
    expect(translateError(t, normaliseError(400, { errors: { $common: [3027] }, hold: { reference: 'R-1' } }))).toBe(
      'text of 3027 (recall R-1)',
    );
    expect(translateError(t, normaliseError(400, { errors: { $common: [3027] } }))).toBe('text of 3027');
    const other = new ApiError('3001', 400, {}, undefined, undefined, {}, {}, { reference: 'R-1' });
    expect(translateError(t, other)).toBe('text of 3001');
  });
});
