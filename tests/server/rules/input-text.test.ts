import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan, untypeableValues } from '../../../server/rules/input-text';

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

  it('a key and a value of the same object both reported, in the order of the keys', () => {
    expect(untypeableValues({ a: { x: '\u0000', 'y\u0000': 1, z: Infinity } })).toEqual(['a.x', 'a', 'a.z']);
  });

  it('walks any depth without exhausting the call stack', () => {
    const depth = 20_000;
    const deep = JSON.parse(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`) as unknown;
    expect(untypeableValues(deep)).toEqual([Array.from({ length: depth }, () => '0').join('.')]);
    let nested: unknown = { bad: Infinity };
    for (let level = 0; level < depth; level += 1) nested = { a: nested };
    expect(untypeableValues(nested)).toHaveLength(1);
  });
});

describe('jsonNestsDeeperThan: nesting read from the text before it is parsed', () => {
  const nest = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;

  it('counts arrays and objects alike, one level each, and refuses only beyond the limit', () => {
    expect(jsonNestsDeeperThan(nest(3), 3)).toBe(false);
    expect(jsonNestsDeeperThan(nest(4), 3)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":{"b":{"c":1}}}', 3)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":{"b":{"c":{}}}}', 3)).toBe(true);
    expect(jsonNestsDeeperThan('[{"a":[{}]}]', 3)).toBe(true);
    expect(jsonNestsDeeperThan('"text"', 0)).toBe(false);
    expect(jsonNestsDeeperThan('[]', 0)).toBe(true);
  });

  it('counts depth, not the number of containers: closed ones give their level back', () => {
    expect(jsonNestsDeeperThan(`[${Array.from({ length: 50 }, () => '{"a":[1]}').join(',')}]`, 3)).toBe(false);
    expect(jsonNestsDeeperThan('[[],[],[],[[]]]', 2)).toBe(true);
  });

  it('ignores brackets and braces inside strings, escaped quotes and backslashes included', () => {
    expect(jsonNestsDeeperThan(`["${nest(10)}"]`, 1)).toBe(false);
    expect(jsonNestsDeeperThan(`{"${nest(10, '{', '}')}":1}`, 1)).toBe(false);
    expect(jsonNestsDeeperThan(`["a\\"${nest(10)}"]`, 1)).toBe(false);
    expect(jsonNestsDeeperThan(`["a\\\\",[[]]]`, 2)).toBe(true);
    expect(jsonNestsDeeperThan(`["a\\\\"]`, 1)).toBe(false);
  });
});
