import { describe, expect, it } from 'vitest';
import { assertEntryNotSealed, assertIndexInHistory } from '../../../server/rules/ledger';
import { answer, common, onField } from './fixtures';

describe('the history entry a seal or a check names', () => {
  it("may be any entry up to the barcode's latest, the latest included", () => {
    expect(answer(() => assertIndexInHistory(1, 5))).toBe('passed');
    expect(answer(() => assertIndexInHistory(5, 5))).toBe('passed');
  });

  it('may not lie past the latest entry (1011 on index)', () => {
    expect(answer(() => assertIndexInHistory(6, 5))).toEqual(onField('index', 1011));
    expect(answer(() => assertIndexInHistory(40, 5))).toEqual(onField('index', 1011));
  });
});

describe('taking back or correcting a history entry', () => {
  it('is allowed while the barcode has no seal', () => {
    expect(answer(() => assertEntryNotSealed(null, 1))).toBe('passed');
    expect(answer(() => assertEntryNotSealed(null, 7))).toBe('passed');
    // No activation entry found is seq 0 (repositories/history.ts): still nothing sealed.
    expect(answer(() => assertEntryNotSealed(null, 0))).toBe('passed');
  });

  it('is allowed for an entry made after the seal', () => {
    expect(answer(() => assertEntryNotSealed(3, 4))).toBe('passed');
  });

  it('is refused for the sealed entry itself and any before it: the ledger vouches for them (2000)', () => {
    expect(answer(() => assertEntryNotSealed(3, 3))).toEqual(common(2000));
    expect(answer(() => assertEntryNotSealed(3, 1))).toEqual(common(2000));
  });
});
