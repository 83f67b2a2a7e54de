import { aiEntry } from './ai-lookup';
import { checkLength } from './element-strings';
import { checkValue } from './validate';
import type { Gs1Element, Gs1Problem } from './types';

const URI_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;
const BAD_DOMAIN_CHARACTER = /[_~?#@!$&'()*+,;=%]/;
const SCHEME = /^(https?|HTTPS?):\/\//;

/** Whether an AI is a Digital Link primary key. */
export const isPrimaryKey = (ai: string) => Boolean(aiEntry(ai)?.dlpkey);

/** Whether `[key, ...qualifiers]` is a key followed by an ordered choice from one of its qualifier sequences. */
export function isKeyQualifierSequence(ais: readonly string[]): boolean {
  const [key, ...qualifiers] = ais;
  const sequences = key ? aiEntry(key)?.dlpkey : undefined;
  if (!sequences) return false;
  return sequences.some((sequence) => {
    let from = 0;
    for (const q of qualifiers) {
      const at = sequence.indexOf(q, from);
      if (at < 0) return false;
      from = at + 1;
    }
    return true;
  });
}

/** Percent-decoding as the reference engine's URIunescape does (a stray % stays; %00 is refused). */
function unescape(text: string, query: boolean): string | null {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (c === '%' && i < text.length - 2 && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      const code = parseInt(text.slice(i + 1, i + 3), 16);
      if (code === 0) return null;
      out += String.fromCharCode(code);
      i += 2;
    } else out += query && c === '+' ? ' ' : c;
  }
  return out;
}

/** Where the Digital Link path info starts: the last `/AI/value` pairs reaching back to a primary key. */
function pathRoot(segments: readonly string[]): number {
  for (let value = segments.length - 1; value - 1 >= 1; value -= 2) {
    const ai = segments[value - 1]!;
    if (!aiEntry(ai)) return -1;
    if (isPrimaryKey(ai)) return value - 1;
  }
  return -1;
}

export type DigitalLinkParse =
  | { kind: 'notDigitalLink' }
  | { kind: 'invalid'; problem: Gs1Problem }
  | { kind: 'ok'; path: Gs1Element[]; query: Gs1Element[] };

/**
 * Reads a GS1 Digital Link URI as the reference engine (gs1-syntax-engine dl.c) does under its
 * default options: http(s) in one case, any domain and stem, the primary key with its qualifiers
 * in the path, data attributes as numeric query parameters (others ignored). A zero-suppressed
 * GTIN, a convenience alpha (/gtin/) and a trailing slash are refused. A web address without a
 * primary key in its path is not a Digital Link.
 */
export function parseDigitalLink(text: string): DigitalLinkParse {
  const scheme = SCHEME.exec(text);
  if (!scheme) return { kind: 'notDigitalLink' };
  const rest = text.slice(scheme[0].length);
  const slash = rest.indexOf('/');
  const pathAndQuery = slash < 0 ? '' : rest.slice(slash).split('#')[0]!;
  const [pathInfo = '', queryText] = pathAndQuery.split(/\?(.*)/s);
  const segments = pathInfo.split('/');
  const root = pathRoot(segments);
  if (root < 0) return { kind: 'notDigitalLink' };
  const fail = (problem: Gs1Problem) => ({ kind: 'invalid', problem }) as const;
  if (!URI_CHARACTERS.test(text)) return fail({ code: 'syntax' });
  const domain = rest.slice(0, slash);
  if (domain === '' || BAD_DOMAIN_CHARACTER.test(domain)) return fail({ code: 'syntax' });

  const path: Gs1Element[] = [];
  for (let i = root; i < segments.length; i += 2) {
    const ai = segments[i]!;
    const raw = segments[i + 1]!;
    if (raw === '') return fail({ code: 'emptyValue', ai });
    const value = unescape(raw, false);
    if (value === null) return fail({ code: 'badCharacter', ai });
    const length = checkLength(ai, value);
    if (length) return fail(length);
    path.push({ ai, value });
  }
  const query: Gs1Element[] = [];
  for (const parameter of (queryText ?? '').split('&')) {
    const equals = parameter.indexOf('=');
    if (parameter === '' || equals < 0) continue;
    const ai = parameter.slice(0, equals);
    if (!/^\d+$/.test(ai)) continue;
    if (!aiEntry(ai)) return fail({ code: 'unknownAi', ai });
    const raw = parameter.slice(equals + 1);
    if (raw === '') return fail({ code: 'emptyValue', ai });
    const value = unescape(raw, true);
    if (value === null) return fail({ code: 'badCharacter', ai });
    const length = checkLength(ai, value);
    if (length) return fail(length);
    query.push({ ai, value });
  }
  const pathAis = path.map((e) => e.ai);
  if (!isKeyQualifierSequence(pathAis)) return fail({ code: 'keyQualifierOrder', ai: pathAis[0] });
  const all = [...path, ...query];
  const duplicate = all.find((e, i) => all.findIndex((f) => f.ai === e.ai) !== i);
  if (duplicate) return fail({ code: 'conflictingValues', ai: duplicate.ai });
  for (const { ai } of [...query].sort((a, b) => (a.ai < b.ai ? -1 : 1))) {
    if (!aiEntry(ai)!.dlAttribute) return fail({ code: 'notDataAttribute', ai });
    for (let j = 1; j <= pathAis.length; j += 1) {
      if (isKeyQualifierSequence([...pathAis.slice(0, j), ai, ...pathAis.slice(j)]))
        return fail({ code: 'belongsInPath', ai });
    }
  }
  for (const element of all) {
    const checked = checkValue(aiEntry(element.ai)!, element.value);
    if ('problem' in checked) return fail(checked.problem);
  }
  return { kind: 'ok', path, query };
}

/** Percent-encodes a value for a Digital Link path segment or query value (unreserved characters stay). */
export const escapeDigitalLinkValue = (value: string) =>
  value.replace(/[^A-Za-z0-9\-._~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
