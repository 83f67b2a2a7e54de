/**
 * The addresses HTML written by project admins may hold (the custom page and alert bodies),
 * shared by the server's pass over the page (server/rules/custom-page.ts) and the client's
 * sanitiser (src/shared/html/sanitize.ts). Each check takes an address as the browser will
 * resolve it: pass it through `urlAsParsed` first.
 */

/**
 * An address as a URL parser reads it (WHATWG URL): leading and trailing controls and spaces
 * dropped, tabs and newlines removed anywhere ('/\t/host' is '//host', another site).
 */
export const urlAsParsed = (value: string): string =>
  value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');

/** A link target a page may have: web, mail, phone, this site's paths and anchors. */
export const isPageLink = (href: string): boolean => /^(?:https?:|mailto:|tel:|\/(?![/\\])|#)/i.test(href);

/**
 * An image source a page or an alert may use: a path of this site or a data: image other than
 * SVG ('//host' and '/\host' are other hosts), so showing it never makes the phone call out.
 */
export const isSiteImageSource = (src: string): boolean => /^(?:data:image\/(?!svg)|\/(?![/\\]))/i.test(src);
