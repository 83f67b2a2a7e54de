import DOMPurify from 'dompurify';
import { isSiteImageSource, urlAsParsed } from '@schemas/html-addresses';

/**
 * Notification bodies and the project's custom page are HTML written by project admins: before
 * one is shown, everything that could run (scripts, event handlers, javascript: URLs, iframes,
 * forms, styles that can load content) is removed, and every link opens in a new tab without
 * access to this page. This module (and DOMPurify) loads only with the alert list or the page.
 */
const ALLOWED_TAGS = [
  'a',
  'b',
  'br',
  'code',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'hr',
  'i',
  'li',
  'ol',
  'p',
  'pre',
  'small',
  'span',
  'strong',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
  'img',
];
const ALLOWED_ATTR = ['href', 'title', 'alt', 'src', 'colspan', 'rowspan'];
/** A custom page is a document: a few more structural tags than an alert (server/rules/custom-page.ts allows the same). */
const PAGE_TAGS = [
  ...ALLOWED_TAGS,
  'blockquote',
  'caption',
  'dd',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'h5',
  'h6',
  'section',
  'sub',
  'sup',
  'tfoot',
];
const PAGE_ATTR = [...ALLOWED_ATTR, 'width', 'height'];

let hooked = false;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** HTML that can be shown: an alert body's (default) or the custom page's allowed tags only. */
export function sanitizeHtml(html: string, kind: 'alert' | 'page' = 'alert'): string {
  // DOMPurify hands back its input untouched where it cannot work (no usable DOM): then the
  // body is shown as text, never as unchecked HTML.
  if (!DOMPurify.isSupported) return escapeHtml(html);
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
      // Images only from this site or data: URLs, so an alert cannot make the phone call out. The
      // attribute's entities are decoded already; tabs and newlines go as the URL parser drops them.
      if (node.tagName === 'IMG' && !isSiteImageSource(urlAsParsed(node.getAttribute('src') ?? '')))
        node.removeAttribute('src');
    });
    hooked = true;
  }
  const allowed =
    kind === 'page' ? { ALLOWED_TAGS: PAGE_TAGS, ALLOWED_ATTR: PAGE_ATTR } : { ALLOWED_TAGS, ALLOWED_ATTR };
  return DOMPurify.sanitize(html, {
    ...allowed,
    ALLOW_DATA_ATTR: false,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/|#)/i,
  });
}
