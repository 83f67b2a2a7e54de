import { describe, expect, it } from 'vitest';
import { untypeableValues } from '../../../server/rules/input-text';

describe('untypeableValues: request parts no user could have typed (answered 1001 by path)', () => {
  it('ordinary text, numbers, booleans and null pass, at any depth', () => {
    expect(untypeableValues({ a: 'Lot 7 — 番号 😀', b: 1.5, c: true, d: null, e: [1, 'x', { f: 'y' }] })).toEqual([]);
    expect(untypeableValues('plain')).toEqual([]);
    expect(untypeableValues(undefined)).toEqual([]);
  });

  it('NUL in text, wherever it is', () => {
    expect(untypeableValues('a\u0000b')).toEqual(['$common']);
    expect(untypeableValues({ origin: { address1: 'x\u0000' } })).toEqual(['origin.address1']);
  });

  it('a lone half of a UTF-16 pair, high or low, but not a whole pair', () => {
    expect(untypeableValues({ a: '\ud83d' })).toEqual(['a']);
    expect(untypeableValues({ a: 'x\ud83dy' })).toEqual(['a']);
    expect(untypeableValues({ a: '\ude00' })).toEqual(['a']);
    expect(untypeableValues({ a: 'x\ude00' })).toEqual(['a']);
    expect(untypeableValues({ a: '\ud83d\ude00' })).toEqual([]);
    expect(untypeableValues({ a: '\ude00\ud83d' })).toEqual(['a']);
  });

  it('numbers that are not finite', () => {
    expect(untypeableValues({ weight: Infinity, depth: -Infinity, width: Number.NaN, height: 0 })).toEqual([
      'weight',
      'depth',
      'width',
    ]);
    expect(untypeableValues(Infinity)).toEqual(['$common']);
  });

  it('lists by index, under their parent path', () => {
    expect(untypeableValues({ handling: ['ok', 'bad\u0000'] })).toEqual(['handling.1']);
    expect(untypeableValues(['ok', 'bad\u0000'])).toEqual(['1']);
    expect(untypeableValues({ forms: { check: { pics: [{ name: 'a', url: '\ud800' }] } } })).toEqual([
      'forms.check.pics.0.url',
    ]);
  });

  it('a key holding such text: the object holding it is named, not the key', () => {
    expect(untypeableValues({ 'bad\u0000': 1 })).toEqual(['$common']);
    expect(untypeableValues({ origin: { ['\udc00']: 'x' } })).toEqual(['origin']);
  });

  it('every offending path, each once, in order', () => {
    expect(untypeableValues({ a: '\u0000', b: { c: Infinity, d: 'ok' }, e: ['\ud800'] })).toEqual(['a', 'b.c', 'e.0']);
  });
});
