import { describe, expect, it } from 'vitest';
import { formatProblem, problem } from '@renderer/problems';

/** A configuration problem: where (a JSON pointer), its message key and values, and the English message (locales/en/config.json). */
describe('configuration problems', () => {
  it('carry the pointer, the key, the values and the English message with the values filled in', () => {
    expect(problem('/barcodeTypes/pallet/pairing/childTypes/0', 'unknownChildType', { type: 'crate' })).toEqual({
      pointer: '/barcodeTypes/pallet/pairing/childTypes/0',
      key: 'unknownChildType',
      values: { type: 'crate' },
      message: "child type 'crate' is not a barcode type of this project",
    });
  });

  it('a message without placeholders needs no values', () => {
    expect(problem('/x', 'mandatoryContradiction')).toEqual({
      pointer: '/x',
      key: 'mandatoryContradiction',
      values: {},
      message: 'pairing and unpairing cannot both be mandatory at one trackpoint: a parent could never leave it',
    });
  });

  it('numbers are written as they are, zero included', () => {
    expect(problem('/f/min', 'greaterThan', { low: 'min', high: 'max', a: 0, b: -1 }).message).toBe(
      'min (0) is greater than max (-1)',
    );
  });
});

describe('message templates', () => {
  it('every {{placeholder}} is filled, each time it appears, whatever the length of its name', () => {
    expect(formatProblem('{{a}} and {{type}} and {{a}}: {{field_2}}', { a: 1, type: 'date', field_2: 'x' })).toBe(
      '1 and date and 1: x',
    );
  });

  it('a value not given leaves its placeholder empty; what is not a {{name}} stays as it is', () => {
    expect(formatProblem('[{{missing}}] {{ spaced }} {single} {{}} {{a-b}}', {})).toBe(
      '[] {{ spaced }} {single} {{}} {{a-b}}',
    );
  });

  it('a value may itself look like a placeholder: it is not filled again', () => {
    expect(formatProblem('{{a}}{{b}}', { a: '{{b}}', b: 'B' })).toBe('{{b}}B');
  });
});
