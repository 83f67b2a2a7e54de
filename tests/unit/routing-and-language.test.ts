import { describe, expect, it } from 'vitest';
import { parseProjectParam } from '@/shared/project/project-route';
import { detectLanguage } from '@/shared/i18n/i18n';
import { formatAccessCode, compareVersions, isValidPassword } from '@schemas/validation';

describe('project route segment', () => {
  it.each([
    ['demo@1', { code: 'demo', version: 1 }],
    ['secure@12', { code: 'secure', version: 12 }],
    ['demo', { code: 'demo' }],
    ['demo@0', null],
    ['demo@x', null],
    ['de mo@1', null],
    ['', null],
  ])('%s -> %j', (segment, expected) => {
    expect(parseProjectParam(segment)).toEqual(expected);
  });
});

describe('interface language from the browser', () => {
  it.each([
    [['ja-JP', 'en'], 'ja'],
    [['zh-TW'], 'zh-TW'],
    [['zh-HK'], 'zh-TW'],
    [['zh-Hant-TW'], 'zh-TW'],
    [['zh-CN'], 'zh-CN'],
    [['zh'], 'zh-CN'],
    [['zh-Hans-SG'], 'zh-CN'],
    [['fr-FR', 'de'], 'en'],
    [['fr-FR', 'ja'], 'ja'],
    [[], 'en'],
  ])('%j -> %s', (languages, expected) => {
    expect(detectLanguage(languages)).toBe(expected);
  });
});

describe('shared validation', () => {
  it('formats access codes in groups of 4 separated by -', () => {
    expect(formatAccessCode('12345678')).toBe('1234-5678');
  });

  it.each([
    ['Abcdefg1', true],
    ['abcdefg1', false],
    ['ABCDEFG1', false],
    ['Abcdefgh', false],
    ['Ab1', false],
    [`Ab1${'x'.repeat(29)}`, true],
    [`Ab1${'x'.repeat(30)}`, false],
  ])('password %s valid: %s', (password, valid) => {
    expect(isValidPassword(password)).toBe(valid);
  });

  it('compares versions numerically', () => {
    expect(compareVersions('1.44.1', '1.44.1')).toBe(0);
    expect(compareVersions('1.45.0', '1.44.10')).toBeGreaterThan(0);
    expect(compareVersions('1.9', '1.10')).toBeLessThan(0);
    expect(compareVersions('1.44', '1.44.0')).toBe(0);
  });
});
