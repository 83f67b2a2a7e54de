import { aiAtStart, aiEntry, maxLength, minLength } from './ai-lookup';
import { checkValue } from './validate';
import type { Gs1Element, Gs1Problem } from './types';

/** The FNC1 separator as scanners transmit it (ASCII GS). */
export const GS = '\u001d';

type Parsed = { elements: Gs1Element[] } | { problem: Gs1Problem };

/**
 * Element strings as a GS1 symbol carries them (after the symbology identifier): AIs and values
 * run on, a GS ends each value whose AI has no predefined length. Mirrors the reference engine's
 * processAIdata: a predefined-length AI takes exactly its length, any other runs to GS or the end.
 */
export function parseElementStrings(data: string): Parsed {
  const elements: Gs1Element[] = [];
  let at = data.startsWith(GS) ? 1 : 0;
  if (at >= data.length) return { problem: { code: 'syntax' } };
  while (at < data.length) {
    const entry = aiAtStart(data.slice(at));
    if (!entry)
      return { problem: { code: 'unknownAi', ai: /^\d{0,4}/.exec(data.slice(at))![0] || data.slice(at, at + 2) } };
    at += entry.ai.length;
    let end = data.indexOf(GS, at);
    if (end < 0) end = data.length;
    if (entry.fixed) end = Math.min(end, at + maxLength(entry));
    const checked = checkValue(entry, data.slice(at, end));
    if ('problem' in checked) return checked;
    elements.push({ ai: entry.ai, value: data.slice(at, at + checked.used) });
    at += checked.used;
    if (!entry.fixed && at < data.length && data[at] !== GS) return { problem: { code: 'tooLong', ai: entry.ai } };
    if (data[at] === GS) at += 1;
  }
  return { elements };
}

/** Checks a value's whole length before its components, as the reference engine does for bracketed and Digital Link input. */
export function checkLength(ai: string, value: string): Gs1Problem | null {
  const entry = aiEntry(ai)!;
  if (value.length < minLength(entry)) return { code: 'tooShort', ai };
  if (value.length > maxLength(entry)) return { code: 'tooLong', ai };
  return null;
}

/**
 * The human-readable form, `(01)09506000134352(10)ABC`: each AI in brackets, a bracket inside a
 * value escaped as `\(`.
 */
export function parseBracketed(text: string): Parsed {
  const elements: Gs1Element[] = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] !== '(') return { problem: { code: 'syntax' } };
    const close = text.indexOf(')', at);
    if (close < 0) return { problem: { code: 'syntax' } };
    const ai = text.slice(at + 1, close);
    const entry = aiEntry(ai);
    if (!entry) return { problem: { code: 'unknownAi', ai } };
    if (close + 1 >= text.length) return { problem: { code: 'syntax' } };
    let value = '';
    at = close + 1;
    for (;;) {
      let next = text.indexOf('(', at);
      if (next < 0) next = text.length;
      if (next < text.length && text[next - 1] === '\\') {
        value += `${text.slice(at, next - 1)}(`;
        at = next + 1;
        continue;
      }
      value += text.slice(at, next);
      at = next;
      break;
    }
    const length = checkLength(ai, value);
    if (length) return { problem: length };
    elements.push({ ai, value });
  }
  for (const element of elements) {
    const checked = checkValue(aiEntry(element.ai)!, element.value);
    if ('problem' in checked) return checked;
    if (checked.used < element.value.length) return { problem: { code: 'tooLong', ai: element.ai } };
  }
  return { elements };
}
