/**
 * The server's pass over a project's custom page (GET /barcode/project-html) before it leaves:
 * the page is rebuilt from what it may hold, so nothing else can come through. Every tag sent is
 * one of PAGE_TAGS written out again by this file with its allowed attributes only; every other
 * '<' goes out as text (`&lt;`); the content of elements that run or load things (script, style,
 * iframe, ...) is dropped whole. Links keep web, mail and phone addresses; images only this
 * site's paths and data: images, so the page cannot make the phone call another site. The
 * client sanitises again with DOMPurify and the browser's own parser before showing it.
 */
import { isPageLink, isSiteImageSource, urlAsParsed } from '../../schemas/html-addresses';
import { ownValue } from '../../schemas/own-keys';

export const PAGE_TAGS = new Set([
  'a',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'dd',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]);
export const PAGE_ATTRIBUTES = new Set(['href', 'src', 'alt', 'title', 'colspan', 'rowspan', 'width', 'height']);

const VOID_TAGS = new Set(['br', 'hr', 'img']);
/** Elements whose content is code or another document, never text to show. */
const DROPPED_WITH_CONTENT =
  /<(script|style|iframe|object|embed|template|noscript|textarea|title|xmp|noembed|noframes|svg|math|select|frameset)\b[\s\S]*?(?:<\/\1\s*>|$)/gi;
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const escapeText = (text: string) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Every '&' is escaped: what the browser reads from the attribute is exactly the value checked. */
const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Named character references decoded before a value is checked: those an address could be
 * disguised with. Any other '&name;' stays as written and goes out escaped (`&amp;name;`), so the
 * browser shows it literally instead of decoding it into something this file did not check.
 */
const NAMED_REFERENCES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  sol: '/',
  bsol: '\\',
  colon: ':',
  period: '.',
  tab: '\t',
  newline: '\n',
  nbsp: '\u00a0',
};

/** An attribute's value as the browser reads it: numeric and the usual named references decoded. */
export function decodeAttribute(raw: string): string {
  return raw.replace(
    /&(?:#[xX]([0-9a-fA-F]{1,6})|#(\d{1,7})|([a-zA-Z]+));?/g,
    (whole, hex?: string, decimal?: string, name?: string) => {
      const point = hex !== undefined ? parseInt(hex, 16) : decimal !== undefined ? parseInt(decimal, 10) : undefined;
      if (point !== undefined)
        return point > 0 && point <= 0x10ffff && (point < 0xd800 || point > 0xdfff)
          ? String.fromCodePoint(point)
          : '\ufffd';
      return ownValue(NAMED_REFERENCES, (name ?? '').toLowerCase()) ?? whole;
    },
  );
}

function attributesOf(tag: string, raw: string): string {
  let out = '';
  for (const [, rawName = '', double, single, bare] of raw.matchAll(ATTRIBUTE)) {
    const name = rawName.toLowerCase();
    if (!PAGE_ATTRIBUTES.has(name)) continue;
    const decoded = decodeAttribute(double ?? single ?? bare ?? '');
    // Addresses are checked (and sent) as the browser will resolve them.
    const value = name === 'href' || name === 'src' ? urlAsParsed(decoded) : decoded.trim();
    if (name === 'href' && (tag !== 'a' || !isPageLink(value))) continue;
    if (name === 'src' && (tag !== 'img' || !isSiteImageSource(value))) continue;
    if ((name === 'width' || name === 'height' || name === 'colspan' || name === 'rowspan') && !/^\d{1,4}$/.test(value))
      continue;
    out += ` ${name}="${escapeAttribute(value)}"`;
  }
  if (tag === 'a' && out.includes(' href=')) out += ' target="_blank" rel="noopener noreferrer"';
  return out;
}

/** The custom page as the server sends it: only PAGE_TAGS with PAGE_ATTRIBUTES, everything else text. */
export function sanitizeCustomPage(html: string): string {
  const source = html.replace(/<!--[\s\S]*?(?:-->|$)/g, '').replace(DROPPED_WITH_CONTENT, '');
  let out = '';
  let at = 0;
  for (const match of source.matchAll(TAG)) {
    out += escapeText(source.slice(at, match.index));
    at = match.index + match[0].length;
    const [, closing, rawTag = '', rawAttributes = ''] = match;
    const tag = rawTag.toLowerCase();
    if (!PAGE_TAGS.has(tag)) continue;
    if (closing) out += VOID_TAGS.has(tag) ? '' : `</${tag}>`;
    else out += `<${tag}${attributesOf(tag, rawAttributes)}>`;
  }
  return out + escapeText(source.slice(at));
}
