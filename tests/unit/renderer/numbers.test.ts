import { describe, expect, it } from 'vitest';
import { clampAndRound, roundTo } from '@renderer/numbers';

describe('roundTo: a number brought to its precision, as the field says', () => {
  it('rounds half up by default, also where binary floating point would round down (1.005 -> 1.01)', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(2.345, 2)).toBe(2.35);
    expect(roundTo(2.344, 2)).toBe(2.34);
    expect(roundTo(12.5, 0)).toBe(13);
  });

  it('floor and ceil go down and up whatever the next digit', () => {
    expect(roundTo(2.349, 2, 'floor')).toBe(2.34);
    expect(roundTo(2.341, 2, 'ceil')).toBe(2.35);
    expect(roundTo(7.9, 0, 'floor')).toBe(7);
    expect(roundTo(7.1, 0, 'ceil')).toBe(8);
    expect(roundTo(2.349, 2, 'round')).toBe(2.35);
  });

  it('works on numbers JavaScript writes with an exponent', () => {
    expect(roundTo(1.23456e-7, 9)).toBe(1.23e-7);
    expect(roundTo(1e21, 2)).toBe(1e21);
    expect(roundTo(4.56e-5, 4, 'ceil')).toBe(0.0001);
  });

  it('a precision of 0 gives whole numbers; negative values round towards +infinity at the half', () => {
    expect(roundTo(3.4, 0)).toBe(3);
    expect(roundTo(-2.5, 0)).toBe(-2);
    expect(roundTo(-2.51, 1, 'floor')).toBe(-2.6);
  });
});

describe('clampAndRound: what a number input keeps of what was typed', () => {
  it('a value below the minimum becomes the minimum, above the maximum the maximum', () => {
    expect(clampAndRound(-5, { min: 0, max: 10, precision: 0 })).toBe(0);
    expect(clampAndRound(15, { min: 0, max: 10, precision: 0 })).toBe(10);
    expect(clampAndRound(7, { min: 0, max: 10, precision: 0 })).toBe(7);
  });

  it('the bounds themselves are kept; without bounds nothing is clamped', () => {
    expect(clampAndRound(0, { min: 0, max: 10, precision: 0 })).toBe(0);
    expect(clampAndRound(10, { min: 0, max: 10, precision: 0 })).toBe(10);
    expect(clampAndRound(-1e6, { precision: 0 })).toBe(-1e6);
    expect(clampAndRound(1e6, { precision: 0 })).toBe(1e6);
    expect(clampAndRound(-3, { max: 10, precision: 0 })).toBe(-3);
    expect(clampAndRound(30, { min: 0, precision: 0 })).toBe(30);
  });

  it('then rounds to the precision with the decimal mode', () => {
    expect(clampAndRound(3.14159, { precision: 2 })).toBe(3.14);
    expect(clampAndRound(3.14159, { precision: 2, decimalMode: 'ceil' })).toBe(3.15);
    expect(clampAndRound(10.56, { max: 10.5, precision: 1, decimalMode: 'floor' })).toBe(10.5);
  });
});
