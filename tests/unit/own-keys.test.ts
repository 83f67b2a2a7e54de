import { describe, expect, it } from 'vitest';
import { isReservedName, NAME_PATTERN, ownValue, RESERVED_NAMES } from '@schemas/own-keys';

describe('names every object inherits', () => {
  it('are all of Object.prototype’s members, and prototype', () => {
    expect([...RESERVED_NAMES].sort()).toEqual([...Object.getOwnPropertyNames(Object.prototype), 'prototype'].sort());
    expect(RESERVED_NAMES.every(isReservedName)).toBe(true);
    expect(isReservedName('pallet')).toBe(false);
    expect(isReservedName('Constructor')).toBe(false);
  });

  it('are refused by the name pattern, which otherwise takes identifiers', () => {
    const name = new RegExp(NAME_PATTERN);
    for (const reserved of RESERVED_NAMES) expect(name.test(reserved), reserved).toBe(false);
    for (const ok of ['pallet', 'constructorX', 'myToString', 'valueOf2', 'a', 'A'.repeat(64)])
      expect(name.test(ok), ok).toBe(true);
    for (const bad of ['', '1st', '_x', 'a-b', 'bad key', 'A'.repeat(65)]) expect(name.test(bad), bad).toBe(false);
  });
});

describe('ownValue', () => {
  it('finds what a record holds itself', () => {
    const record: Record<string, number> = { pallet: 1, zero: 0 };
    expect(ownValue(record, 'pallet')).toBe(1);
    expect(ownValue(record, 'zero')).toBe(0);
    expect(ownValue(record, 'case')).toBeUndefined();
  });

  it.each(RESERVED_NAMES)('never what a record inherits: %s', (name) => {
    expect(ownValue({ pallet: 1 }, name)).toBeUndefined();
    expect(ownValue(Object.create(null) as Record<string, number>, name)).toBeUndefined();
  });

  it('finds an inherited name when the record holds it itself, as JSON.parse makes it', () => {
    const parsed = JSON.parse('{"__proto__": 1, "constructor": 2, "toString": 3}') as Record<string, number>;
    expect([ownValue(parsed, '__proto__'), ownValue(parsed, 'constructor'), ownValue(parsed, 'toString')]).toEqual([
      1, 2, 3,
    ]);
  });

  it('finds nothing without a record', () => {
    expect(ownValue(null, 'pallet')).toBeUndefined();
    expect(ownValue(undefined, 'constructor')).toBeUndefined();
  });
});
