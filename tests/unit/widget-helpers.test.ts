import { describe, expect, it } from 'vitest';
import { INPUT_PATTERNS } from '@schemas/field-constants';
import { filterToPattern } from '@widgets/text/text-widget';
import { applyMask, maskHint } from '@widgets/text/mask';
import { parseTyped } from '@widgets/number/normalise';
import { clampAndRound, roundTo } from '@renderer/numbers';
import { fitWithin, isAllowedImage } from '@widgets/files/image-scale';
import { loadRate, loadRatePercent } from '@renderer';
import { adjustedQuantity } from '@widgets/adjustment/adjustment-widget';

describe('text: input patterns filter while typing', () => {
  it.each([
    ['digits', 'a1-2_3', '123'],
    ['digitsDash', 'a1-2_3', '1-23'],
    ['digitsUnderscore', 'a1-2_3', '12_3'],
    ['letters', 'a1-B_c', 'aBc'],
    ['lettersDash', 'a1-B_c', 'a-Bc'],
    ['lettersUnderscore', 'a1-B_c', 'aB_c'],
    ['lettersDigits', 'a1-B_c', 'a1Bc'],
    ['lettersDigitsDash', 'a1-B_c', 'a1-Bc'],
    ['lettersDigitsUnderscore', 'a1-B_c', 'a1B_c'],
  ] as const)('%s keeps %s -> %s', (pattern, typed, kept) => {
    expect(filterToPattern(typed, pattern)).toBe(kept);
  });
  it('covers all nine patterns', () => expect(INPUT_PATTERNS).toHaveLength(9));
});

describe('text: masks', () => {
  it.each([
    ['999-9999', '1234567', '123-4567'],
    ['999-9999', '123-4567', '123-4567'],
    ['999-9999', '12a3', '123'],
    ['aa-99', 'AB12', 'AB-12'],
    ['aa-99', '12AB', 'AB'],
    ['**/99', 'x1/23', 'x1/23'],
    ['999-9999', '123456789', '123-4567'],
  ])('mask %s: typing %s gives %s', (mask, typed, expected) => {
    expect(applyMask(typed, mask)).toBe(expected);
  });
  it('shows the mask as a hint', () => expect(maskHint('999-aa')).toBe('___-__'));
});

describe('numbers: clamp and precision', () => {
  it.each([
    [12.345, { precision: 1 }, 12.3],
    [12.35, { precision: 1 }, 12.4],
    [1.005, { precision: 2 }, 1.01],
    [1e-7, { precision: 3 }, 0],
    [-2.5, { precision: 0 }, -2],
    [150, { min: 0, max: 100, precision: 0 }, 100],
    [-3, { min: 0, precision: 1 }, 0],
    [2.19, { precision: 1, decimalMode: 'floor' as const }, 2.1],
    [2.11, { precision: 1, decimalMode: 'ceil' as const }, 2.2],
  ])('%s with %j -> %s', (value, rules, expected) => {
    expect(clampAndRound(value, rules)).toBe(expected);
  });
  it('parses what people type', () => {
    expect(parseTyped(' 1,234.5 ')).toBe(1234.5);
    expect(parseTyped('-')).toBeUndefined();
    expect(parseTyped('abc')).toBeUndefined();
    expect(roundTo(0.1 + 0.2, 1)).toBe(0.3);
  });
});

describe('files: images', () => {
  it('accepts only the image extensions an upload allows', () => {
    for (const name of ['a.png', 'b.GIF', 'c.tiff', 'd.bmp', 'e.jpeg', 'f.jpg', 'g.webp'])
      expect(isAllowedImage(name)).toBe(true);
    for (const name of ['a.svg', 'b.pdf', 'c', 'd.heic']) expect(isAllowedImage(name)).toBe(false);
  });
  it('scales to the longest side, never up', () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(900, 1600, 800)).toEqual({ width: 450, height: 800 });
    expect(fitWithin(300, 200, 1600)).toEqual({ width: 300, height: 200 });
  });
});

describe('GHG load rate', () => {
  it('is weight / capacity to 4 decimals, 0 when either is 0 or less; shown as a percent to 2 decimals', () => {
    expect(loadRate(7, 9)).toBe(0.7778);
    expect(loadRatePercent(loadRate(7, 9))).toBe(77.78);
    expect(loadRate(0, 9)).toBe(0);
    expect(loadRate(5, -1)).toBe(0);
  });
});

describe('adjustment', () => {
  it('adds or subtracts at the field precision', () => {
    expect(adjustedQuantity(10, { type: 'increase', value: 2.5 }, 1)).toBe(12.5);
    expect(adjustedQuantity(10, { type: 'decrease', value: 0.3 }, 1)).toBe(9.7);
  });
});
