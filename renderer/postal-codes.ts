import { POSTCODE_REGEXES } from 'postcode-validator/lib/cjs/postcode-regexes.js';
import type { JsonSchema } from './field-types/field-type';
import { ALPHA2_OF } from './country-names';

/**
 * Postal codes checked where the country's format is known, with the patterns of a maintained
 * library (postcode-validator, keyed by ISO 3166-1 alpha-2) turned into JSON Schema: the address
 * form carries them, so the phone and the server refuse the same codes ("12345" in Japan, whose
 * codes are NNN-NNNN). A country the library does not know takes any postal code.
 */

/**
 * A case-insensitive pattern as one JSON Schema can hold (no flags): each character class takes
 * its letters in both cases, each letter outside a class becomes [Xx].
 */
export function withoutCase(regex: RegExp): string {
  if (!regex.flags.includes('i')) return regex.source;
  // The lower-case twins of a class's capitals and capital ranges (escapes such as \S left alone).
  const lower = (body: string) =>
    (body.match(/\\.|[A-Z]-[A-Z]|[A-Z]/g) ?? [])
      .filter((part) => !part.startsWith('\\'))
      .join('')
      .toLowerCase();
  return regex.source.replace(/\[(\^?)((?:\\.|[^\]])*)\]|\\.|[A-Za-z]/g, (part, negated?: string, body?: string) => {
    if (body !== undefined) return `[${negated}${body}${lower(body)}]`;
    if (part.startsWith('\\')) return part;
    return `[${part.toUpperCase()}${part.toLowerCase()}]`;
  });
}

/** The postal code pattern of a country by its alpha-3 code; undefined where the format is not known. */
export function postalCodePattern(alpha3: string): string | undefined {
  // Only ISO codes are looked up: the library's catch-all (INTL) and its old name for GB (UK) are
  // no country's own format, and no alpha-3 code leads to them.
  const alpha2 = ALPHA2_OF.get(alpha3);
  const regex = alpha2 === undefined ? undefined : POSTCODE_REGEXES.get(alpha2);
  return regex ? withoutCase(regex) : undefined;
}

/** Every pattern with the alpha-3 codes of the countries whose postal codes it describes. */
function countriesByPattern(): Map<string, string[]> {
  const byPattern = new Map<string, string[]>();
  for (const alpha3 of ALPHA2_OF.keys()) {
    const pattern = postalCodePattern(alpha3);
    if (pattern !== undefined) byPattern.set(pattern, [...(byPattern.get(pattern) ?? []), alpha3]);
  }
  return byPattern;
}

/**
 * The address form's postal code rules, for its schema's `allOf`: where the country is one whose
 * format is known and a postal code is given, the code must match that format. Made afresh:
 * postalCodeRules keeps them.
 */
export function makePostalCodeRules(): JsonSchema[] {
  return [...countriesByPattern()].map(([pattern, countries]) => ({
    if: { properties: { country: { enum: countries } }, required: ['country', 'postalCode'] },
    then: { properties: { postalCode: { pattern } } },
  }));
}

let rules: JsonSchema[] | undefined;

/** The address form's postal code rules (makePostalCodeRules), made once. */
export function postalCodeRules(): JsonSchema[] {
  rules ??= makePostalCodeRules();
  return rules;
}

/** Whether a pattern error is a postal code's (its message names the country's format). */
export const isPostalCodePattern = (pattern: string): boolean => postalPatterns().has(pattern);

let patterns: ReadonlySet<string> | undefined;
const postalPatterns = () => (patterns ??= new Set(countriesByPattern().keys()));
