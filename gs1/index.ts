import { aiEntry } from './ai-lookup';
import { escapeDigitalLinkValue, isPrimaryKey, parseDigitalLink } from './digital-link';
import { GS, parseBracketed, parseElementStrings } from './element-strings';
import { checkAssociations } from './validate';
import type { Gs1Element, Gs1Parse, Gs1Problem, Gs1Syntax } from './types';

export type { Gs1Element, Gs1Parse, Gs1Problem } from './types';
export { GS } from './element-strings';
export { hasValidCheckDigit } from './linters';

/** Symbology identifiers (ISO/IEC 15424) of symbols whose data are GS1 element strings. */
const GS1_SYMBOLOGIES = new Set([']C1', ']e0', ']d2', ']Q3', ']J1']);
const SYMBOLOGY = /^\][A-Za-z][0-9A-Za-z]/;

/**
 * Splits the elements into the primary key (SSCC first when a logistics label carries one, else
 * the first Digital Link primary key in the data), its key qualifiers in Digital Link order (the
 * longest choice of its qualifier sequences the data carry) and every other element.
 */
function keyed(syntax: Gs1Syntax, elements: Gs1Element[]): Gs1Parse {
  const primaryKey = elements.find((e) => e.ai === '00') ?? elements.find((e) => isPrimaryKey(e.ai)) ?? null;
  let qualifiers: Gs1Element[] = [];
  for (const sequence of (primaryKey && aiEntry(primaryKey.ai)?.dlpkey) || []) {
    const found = sequence.map((ai) => elements.find((e) => e.ai === ai)).filter((e): e is Gs1Element => Boolean(e));
    if (found.length > qualifiers.length) qualifiers = found;
  }
  const attributes = elements.filter((e) => e !== primaryKey && !qualifiers.includes(e));
  return { status: 'ok', syntax, elements, primaryKey, qualifiers, attributes };
}

function verdict(syntax: Gs1Syntax, parsed: { elements: Gs1Element[] } | { problem: Gs1Problem }): Gs1Parse {
  if ('problem' in parsed) return { status: 'invalid', syntax, problems: [parsed.problem] };
  const problems = checkAssociations(parsed.elements);
  return problems.length > 0 ? { status: 'invalid', syntax, problems } : keyed(syntax, parsed.elements);
}

/**
 * Reads a scanned or typed text as GS1 data, validated as the GS1 General Specifications and
 * GS1's reference implementation (gs1-syntax-engine, default options) say:
 * - element strings after a GS1 symbology identifier (`]C1` GS1-128, `]d2` GS1 DataMatrix,
 *   `]Q3` GS1 QR Code, `]e0` DataBar, `]J1` DotCode) or containing GS (0x1D) separators;
 * - the bracketed human-readable form `(01)09506000134352(10)ABC`;
 * - a GS1 Digital Link URI (`https://any.host/stem/01/09506000134352/10/ABC?17=290101`).
 * Anything else (plain text, ordinary web addresses) is `notGs1`.
 */
export function parseGs1(text: string): Gs1Parse {
  const symbology = SYMBOLOGY.exec(text)?.[0];
  const data = symbology ? text.slice(3) : text;
  if ((symbology && GS1_SYMBOLOGIES.has(symbology)) || (!symbology && data.includes(GS)))
    return verdict('elementString', parseElementStrings(data));
  const trimmed = data.trim();
  if (/^\(\d{2,4}\)/.test(trimmed)) return verdict('bracketed', parseBracketed(trimmed));
  const link = parseDigitalLink(trimmed);
  if (link.kind === 'notDigitalLink') return { status: 'notGs1' };
  if (link.kind === 'invalid') return { status: 'invalid', syntax: 'digitalLink', problems: [link.problem] };
  return verdict('digitalLink', { elements: [...link.path, ...link.query] });
}

/**
 * The GS1 Digital Link URI of parsed GS1 data: `{base}/{key AI}/{key}/{qualifier AI}/{value}...`
 * with the data attributes (AIs GS1 permits as such) in the query, values percent-encoded.
 * Null when the data carry no primary key. Default base: `https://id.gs1.org`.
 */
export function toDigitalLinkUri(parsed: Gs1Parse, base = 'https://id.gs1.org'): string | null {
  if (parsed.status !== 'ok' || !parsed.primaryKey) return null;
  const path = [parsed.primaryKey, ...parsed.qualifiers]
    .map((e) => `/${e.ai}/${escapeDigitalLinkValue(e.value)}`)
    .join('');
  const query = parsed.attributes
    .filter((e) => aiEntry(e.ai)?.dlAttribute)
    .map((e) => `${e.ai}=${escapeDigitalLinkValue(e.value)}`)
    .join('&');
  return `${base.replace(/\/+$/, '')}${path}${query ? `?${query}` : ''}`;
}

/** The bracketed human-readable form of element strings, `(01)09506000134352(10)ABC` (brackets in values escaped). */
export const toBracketed = (elements: readonly Gs1Element[]) =>
  elements.map((e) => `(${e.ai})${e.value.replace(/\(/g, '\\(')}`).join('');

/** The title GS1 gives an AI (e.g. "BATCH/LOT"), for messages. */
export const aiTitle = (ai: string) => aiEntry(ai)?.title ?? ai;

export { fieldValueOf } from './ai-kind';
