/**
 * Which identifier a barcode carries in an EPCIS document (issue 15): a GS1 Digital Link URI
 * when its external id is one, the barcode's own canonical URL otherwise.
 *
 * The GS1 syntax parser of issue 15 (deliverable 1) replaces `gs1DigitalLinkOf` below: with it,
 * `epcOf` becomes `const parsed = parseGs1(externalId); if (parsed) return toDigitalLinkUri(parsed);`
 * so element strings (GS1-128, QR) and every primary key get their Digital Link URI too. Until
 * then only a Digital Link URI whose primary key is an SSCC (00) or a GTIN (01, with its key
 * qualifiers and query kept as written) is recognised.
 */

/** A barcode as the EPCIS export names it. */
export interface IdentifiedBarcode {
  id: string;
  /** The external id the barcode had when the event happened (null: none). */
  externalId: string | null;
}

/** Where the export's URIs start: the server's public origin and the project's route segment. */
export interface EpcisBase {
  /** e.g. `https://track.example.com` (no trailing slash). */
  origin: string;
  /** The project as the client's routes name it: `code@version`. */
  projectSegment: string;
}

/** GS1 mod-10 check digit over all but the last digit. */
function hasValidCheckDigit(digits: string): boolean {
  const body = digits.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

/**
 * The external id as a GS1 Digital Link URI when it is one: `http(s)://host/[stem/]01/{14 digits}`
 * or `/00/{18 digits}` with a valid check digit, or null.
 */
function gs1DigitalLinkOf(externalId: string): string | null {
  let url: URL;
  try {
    url = new URL(externalId.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const segments = url.pathname.split('/');
  const at = segments.findIndex((s, i) => (s === '01' && /^\d{14}$/.test(segments[i + 1] ?? '')) || (s === '00' && /^\d{18}$/.test(segments[i + 1] ?? '')));
  if (at < 0 || !hasValidCheckDigit(segments[at + 1] ?? '')) return null;
  return url.href;
}

/** The barcode's canonical URL: its detail page, `{origin}/{code@version}/qrcode/{id}` (what its label encodes). */
export const canonicalBarcodeUrl = (base: EpcisBase, barcodeId: string): string =>
  `${base.origin}/${base.projectSegment}/qrcode/${encodeURIComponent(barcodeId)}`;

/** The EPC of a barcode in EPCIS events: its GS1 Digital Link URI, else its canonical URL. */
export function epcOf(base: EpcisBase, barcode: IdentifiedBarcode): string {
  const digitalLink = barcode.externalId ? gs1DigitalLinkOf(barcode.externalId) : null;
  return digitalLink ?? canonicalBarcodeUrl(base, barcode.id);
}

/** A trackpoint as a read point / business location: `{origin}/{code@version}/epcis/trackpoint/{key}`. */
export const trackPointUri = (base: EpcisBase, key: string): string =>
  `${base.origin}/${base.projectSegment}/epcis/trackpoint/${encodeURIComponent(key)}`;

/** A stock location (bin) as a business location: `{origin}/{code@version}/epcis/location/{id}`. */
export const stockLocationUri = (base: EpcisBase, locationId: string): string =>
  `${base.origin}/${base.projectSegment}/epcis/location/${encodeURIComponent(locationId)}`;

/** The namespace of this product's extension members (`tt:lotNumber`), declared in the document's @context. */
export const vocabularyUri = (base: EpcisBase): string => `${base.origin}/epcis/vocabulary#`;
