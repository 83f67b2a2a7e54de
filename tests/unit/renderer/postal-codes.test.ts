import { describe, expect, it } from 'vitest';
import { ALPHA2_OF, countryLabel } from '@renderer/country-names';
import {
  isPostalCodePattern,
  makePostalCodeRules,
  postalCodePattern,
  postalCodeRules,
  withoutCase,
} from '@renderer/postal-codes';

const matches = (alpha3: string, code: string) => new RegExp(postalCodePattern(alpha3)!).test(code);

describe("a country's postal code pattern", () => {
  it("is the library's pattern as it is where the library's is case-sensitive (Japan: NNN-NNNN)", () => {
    expect(postalCodePattern('JPN')).toBe('^\\d{3}-\\d{4}$');
    expect(postalCodePattern('USA')).toBe('^([0-9]{5})(?:-([0-9]{4}))?$');
    expect(matches('JPN', '559-0034')).toBe(true);
    expect(matches('JPN', '12345')).toBe(false);
    expect(matches('JPN', 'ABC-DEFG')).toBe(false);
  });

  it('takes both cases in each class of a case-insensitive pattern, escapes kept, as JSON Schema has no flags', () => {
    expect(postalCodePattern('CAN')).toBe(
      '^([ABCEGHJKLMNPRSTVXYabceghjklmnprstvxy][0-9][ABCEGHJKLMNPRSTVWXYZabceghjklmnprstvwxyz])\\s*' +
        '([0-9][ABCEGHJKLMNPRSTVWXYZabceghjklmnprstvwxyz][0-9])$',
    );
    expect(postalCodePattern('GBR')).toBe(
      '^([A-Za-z]){1}([0-9][0-9]|[0-9]|[A-Za-z][0-9][A-Za-z]|[A-Za-z][0-9][0-9]|[A-Za-z][0-9]|[0-9][A-Za-z]){1}' +
        '([ ])?([0-9][A-Za-z][A-Za-z]){1}$',
    );
    for (const code of ['K1A 0B1', 'k1a 0b1', 'K1A0B1']) expect(matches('CAN', code)).toBe(true);
    for (const code of ['D1A 0B1', '123 456']) expect(matches('CAN', code)).toBe(false);
    for (const code of ['SW1A 1AA', 'sw1a 1aa', 'M1 1AE']) expect(matches('GBR', code)).toBe(true);
  });

  it('is unknown for a code that is no country, and for a country whose format the library does not know', () => {
    expect(postalCodePattern('XXX')).toBeUndefined();
    expect(postalCodePattern('ATA')).toBeUndefined();
  });
});

describe('a case-insensitive pattern as JSON Schema can hold it', () => {
  it('is the source as it is when the pattern minds case', () => {
    expect(withoutCase(/^AD\d{3}$/)).toBe('^AD\\d{3}$');
  });

  it('takes each letter in both cases, in classes (ranges too, negated or not) and outside; escapes stay', () => {
    expect(withoutCase(/^AB\d[C-EX][^QZ]\s$/i)).toBe('^[Aa][Bb]\\d[C-EXc-ex][^QZqz]\\s$');
    expect(withoutCase(/^[\dA-C]x$/i)).toBe('^[\\dA-Ca-c][Xx]$');
    const made = new RegExp(withoutCase(/^SW[1-9][A-Z] ?\d[A-Z]{2}$/i));
    for (const code of ['SW1A 1AA', 'sw1a1aa', 'Sw1a 1Aa']) expect(made.test(code)).toBe(true);
    expect(made.test('SW1A 1A')).toBe(false);
  });
});

describe("the address form's postal code rules", () => {
  it('are made afresh the same each time, and kept once made', () => {
    expect(makePostalCodeRules()).toEqual(postalCodeRules());
    expect(makePostalCodeRules()).not.toBe(makePostalCodeRules());
  });

  type Rule = {
    if: { properties: { country: { enum: string[] } }; required: string[] };
    then: { properties: { postalCode: { pattern: string } } };
  };
  // Made in each test, not once for the file: what is checked is what each call makes.
  const ruleOf = (alpha3: string) =>
    (makePostalCodeRules() as Rule[]).filter((rule) => rule.if.properties.country.enum.includes(alpha3));

  it('hold one rule per pattern, naming every country that shares it, once the country and a code are given', () => {
    expect(ruleOf('DEU')).toHaveLength(1);
    const [fiveDigits] = ruleOf('DEU');
    expect(fiveDigits!.if.properties.country.enum).toEqual(expect.arrayContaining(['DEU', 'ITA', 'KOR', 'MEX']));
    expect(fiveDigits!.if.properties.country.enum).not.toContain('JPN');
    expect(fiveDigits!.if.required).toEqual(['country', 'postalCode']);
    expect(fiveDigits!.then.properties.postalCode.pattern).toBe('^\\d{5}$');
    expect(ruleOf('JPN')[0]!.then.properties.postalCode.pattern).toBe(postalCodePattern('JPN'));
    expect(ruleOf('ATA')).toEqual([]);
    expect(ruleOf('JPN')[0]!.if.properties.country.enum).toEqual(['JPN']);
    const patterns = (makePostalCodeRules() as Rule[]).map((rule) => rule.then.properties.postalCode.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    for (const pattern of patterns) expect(typeof pattern).toBe('string');
  });

  it('are made once', () => {
    expect(postalCodeRules()).toBe(postalCodeRules());
  });

  it("tell a postal code's pattern from any other", () => {
    expect(isPostalCodePattern(postalCodePattern('JPN')!)).toBe(true);
    expect(isPostalCodePattern(postalCodePattern('CAN')!)).toBe(true);
    expect(isPostalCodePattern('^\\d{3}$-x')).toBe(false);
    expect(isPostalCodePattern('^[A-Z]{3}$')).toBe(false);
  });
});

describe('a country as the picker lists it', () => {
  it("is its name in the viewer's language beside the stored code", () => {
    expect(countryLabel('JPN', 'en')).toBe('Japan (JPN)');
    expect(countryLabel('JPN', 'ja')).toBe('日本 (JPN)');
    expect(countryLabel('DEU', 'ja')).toBe('ドイツ (DEU)');
    expect(countryLabel('JPN', 'zh-TW')).toBe('日本 (JPN)');
    expect(countryLabel('USA', 'zh-CN')).toBe('美国 (USA)');
    expect(countryLabel('USA', 'zh-TW')).toBe('美國 (USA)');
  });

  it('is the code alone for a code that is no country', () => {
    expect(countryLabel('XXX', 'en')).toBe('XXX');
  });

  it('maps each alpha-3 code to its alpha-2 code', () => {
    expect(ALPHA2_OF.get('JPN')).toBe('JP');
    expect(ALPHA2_OF.get('GBR')).toBe('GB');
    expect(ALPHA2_OF.get('ZWE')).toBe('ZW');
    expect(ALPHA2_OF.size).toBeGreaterThan(240);
  });
});
