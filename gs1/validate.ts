import { aiEntry, minLength } from './ai-lookup';
import { couponcode, couponposoffer } from './coupon-linters';
import { CSET_PATTERNS, LINTERS as CONTENT_LINTERS } from './linters';
import type { AiEntry, Gs1Element, Gs1Problem, Gs1ProblemCode } from './types';

const LINTERS: Record<string, (value: string) => Gs1ProblemCode | null> = {
  ...CONTENT_LINTERS,
  couponcode,
  couponposoffer,
};

/**
 * Checks one value against its AI's components: length, character set, then each linter
 * (check digits, dates, ...), as the reference engine's validate_ai_val does. Returns the
 * number of characters used, or the problem.
 */
export function checkValue(entry: AiEntry, value: string): { used: number } | { problem: Gs1Problem } {
  const ai = entry.ai;
  if (value === '') return { problem: { code: 'emptyValue', ai } };
  let at = 0;
  for (const part of entry.parts) {
    const length = Math.min(part.max, value.length - at);
    if (part.optional && length === 0) continue;
    if (length < part.min) return { problem: { code: 'tooShort', ai } };
    const component = value.slice(at, at + length);
    if (!CSET_PATTERNS[part.cset].test(component)) return { problem: { code: 'badCharacter', ai } };
    for (const name of part.linters ?? []) {
      const code = LINTERS[name]?.(component);
      if (code) return { problem: { code, ai } };
    }
    at += length;
  }
  return { used: at };
}

/** Whether an AI named in a req/ex list (digits, or a pattern such as 35nn) is among the elements, the AI itself aside. */
function present(pattern: string, elements: readonly Gs1Element[], self: string): Gs1Element | undefined {
  const prefix = /^\d*/.exec(pattern)![0];
  return elements.find((e) => e.ai.length === pattern.length && e.ai.startsWith(prefix) && e.ai !== self);
}

/**
 * The checks over the whole message that GS1's reference engine runs by default: invalid pairs
 * (ex), mandatory associations (req), repeated AIs with different values, and a digital signature
 * (8030) needing a serialised key.
 */
export function checkAssociations(elements: readonly Gs1Element[]): Gs1Problem[] {
  const sorted = [...elements].sort((a, b) => (a.ai < b.ai ? -1 : a.ai > b.ai ? 1 : 0));
  for (const { ai } of sorted) {
    for (const pattern of aiEntry(ai)?.ex ?? []) {
      const other = present(pattern, elements, ai);
      if (other) return [{ code: 'invalidPair', ai, other: other.ai }];
    }
  }
  for (const { ai } of sorted) {
    for (const groups of aiEntry(ai)?.req ?? []) {
      if (!groups.some((group) => group.every((pattern) => present(pattern, elements, ai)))) {
        return [{ code: 'missingAssociation', ai, other: groups.map((g) => g.join('+')).join(', ') }];
      }
    }
  }
  for (let i = 1; i < sorted.length; i += 1) {
    if (sorted[i]!.ai === sorted[i - 1]!.ai && sorted[i]!.value !== sorted[i - 1]!.value)
      return [{ code: 'conflictingValues', ai: sorted[i]!.ai }];
  }
  if (elements.some((e) => e.ai === '8030')) {
    for (const key of ['253', '255', '8003']) {
      const found = elements.find((e) => e.ai === key);
      if (found && found.value.length === minLength(aiEntry(key)!)) return [{ code: 'serialRequired', ai: key }];
    }
  }
  return [];
}
