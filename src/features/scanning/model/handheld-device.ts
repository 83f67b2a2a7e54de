/**
 * Handheld scanner terminals are recognised by user agent: the DX and BT series, whose browsers
 * name the model like `DX-A600` or `BT-W350`. (Its own module: the home page asks before
 * anything else of the scanner loads.)
 */
const HANDHELD_MODEL = /\b((?:DX|BT)-[A-Z]?\d{2,4}[A-Z]?)\b/;

/** The terminal model named in a user agent, or null on any other device. */
export function handheldModel(userAgent: string): string | null {
  return HANDHELD_MODEL.exec(userAgent)?.[1] ?? null;
}

/** The terminal vendor's enterprise browser says so in its user agent. */
export const isEnterpriseBrowser = (userAgent: string) => /EnterpriseBrowser/i.test(userAgent);
