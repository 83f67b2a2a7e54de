/** What a GS1 Digital Link URI says about a package (the identifiers this product uses). */
export interface Gs1DigitalLink {
  /** 14 digits (GTIN-8/12/13 are padded with leading zeros). */
  gtin: string;
  lot?: string;
  serial?: string;
  /** Expiry date (AI 17) as YYYY-MM-DD; day 00 means the month's last day. */
  expiryDate?: string;
}

/** GS1 mod-10 check digit over all but the last digit. */
export function hasValidCheckDigit(digits: string): boolean {
  if (!/^\d{8,14}$/.test(digits)) return false;
  const body = digits.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const digit = Number(body[body.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

function expiryOf(value: string): string | undefined {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [, yy, mm, dd] = match as unknown as [string, string, string, string];
  const year = 2000 + Number(yy);
  const month = Number(mm);
  if (month < 1 || month > 12) return undefined;
  const day = dd === '00' ? new Date(Date.UTC(year, month, 0)).getUTCDate() : Number(dd);
  if (day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return undefined;
  return `${year}-${mm}-${String(day).padStart(2, '0')}`;
}

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * Parses a GS1 Digital Link URI, `https://host/[stem]/01/{gtin}[/22/{cpv}][/10/{lot}][/21/{serial}]`
 * with data attributes such as `?17=YYMMDD` in the query. Returns null for anything else,
 * including a GTIN whose check digit is wrong (a misread, not a product).
 */
export function parseGs1DigitalLink(text: string): Gs1DigitalLink | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const segments = url.pathname.split('/').filter(Boolean).map(decode);
  const at = segments.lastIndexOf('01');
  const gtinText = segments[at + 1];
  if (at < 0 || !gtinText || !/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(gtinText)) return null;
  const gtin = gtinText.padStart(14, '0');
  if (!hasValidCheckDigit(gtin)) return null;
  const result: Gs1DigitalLink = { gtin };
  const rest = segments.slice(at + 2);
  if (rest.length % 2 !== 0) return null;
  for (let i = 0; i < rest.length; i += 2) {
    const [ai, value] = [rest[i], rest[i + 1] ?? ''];
    if (ai === '10') result.lot = value;
    else if (ai === '21') result.serial = value;
    else if (ai !== '22' && ai !== '235') return null;
  }
  const expiry = url.searchParams.get('17');
  if (expiry) {
    const date = expiryOf(expiry);
    if (date) result.expiryDate = date;
  }
  return result;
}
