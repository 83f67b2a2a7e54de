/**
 * Names shared by index.html's inline boot script (vite.config.ts `bootProjectRequest`) and the
 * client that takes its answer over (src/shared/api/boot-request.ts). Plain values only.
 */

/** Where the inline script leaves its requests: `window[BOOT_REQUEST_GLOBAL] = [{ url, response }, ...]`. */
export const BOOT_REQUEST_GLOBAL = '__sbBootRequests';

/** A `{project}` route segment: the project code, then '@' and the version when given. */
export const PROJECT_SEGMENT = /^([A-Za-z0-9_-]{1,32})(?:@([1-9][0-9]{0,5}))?$/;

/** First path segments that are screens of their own, not a project. */
export const TOP_LEVEL_SCREENS = ['admin', 'playground'];

/** The OCR scan page's segment under `qrcode/` (src/shared/paths.ts): not a barcode id. */
export const SCAN_OCR_SEGMENT = 'scan-ocr';

/** The readable cookie the server sets beside the httpOnly session cookies (no secret): a session may exist. */
export const SESSION_HINT = 'sb_session';

/** The screens under a barcode a visitor may open (src/app/router.tsx); the others ask for a login first. */
export const PUBLIC_BARCODE_SCREENS = ['trace', 'children', 'html'];

/**
 * Whether the page on view draws a barcode's screen with the 'barcode' strings: its detail page
 * (`screen` ''), the screens open to visitors, or any screen with a session. A visitor on a
 * restricted screen's link gets the login form first, which needs neither the strings nor the
 * rest of the styles. One rule for index.html's inline script (inlined with toString, so it names
 * nothing outside itself) and the router's prefetch.
 */
export function drawsBarcodeScreen(screen: string, session: boolean, publicScreens: readonly string[]): boolean {
  return !screen || session || publicScreens.indexOf(screen) >= 0;
}

/** Where index.html's inline script leaves the address of the rest of Mantine's styles (src/shared/ui/styles.ts). */
export const REST_STYLES_GLOBAL = '__sbRestStyles';
