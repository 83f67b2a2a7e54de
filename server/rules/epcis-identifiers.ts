/**
 * Which identifier a barcode carries in an EPCIS document: a GS1 Digital Link URI when its external
 * id is one, the barcode's own canonical URL otherwise. Element strings (GS1-128, QR), bracketed
 * GS1 data and Digital Link URIs of every primary key are read by the GS1 parser of `gs1/`.
 */

import { hasValidCheckDigit, parseGs1, toDigitalLinkUri } from '../../gs1';

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

/**
 * The external id's GS1 Digital Link URI when it carries a GS1 primary key, or null. External ids
 * are kept as the scanning code stores them (docs/engineers/standards.md): an SSCC as its 18 digits
 * (with a valid check digit), any other key as its Digital Link URI, other GS1 data in the
 * bracketed form; all are read by the one GS1 parser (`gs1/`), and the URI is written with GS1's
 * resolver as its host, the key and its qualifiers in the path.
 */
function gs1DigitalLinkOf(externalId: string): string | null {
  const text = externalId.trim();
  // Stryker disable next-line Regex,LogicalOperator: the guard only adds (00); parseGs1 refuses (00) unless 18 digits with a valid check digit follow, and reads bare digits as no GS1 data, so a looser guard gives the same null
  const parsed = parseGs1(/^\d{18}$/.test(text) && hasValidCheckDigit(text) ? `(00)${text}` : text);
  // Stryker disable next-line ConditionalExpression,LogicalOperator: toDigitalLinkUri itself answers null unless the parse is ok with a primary key
  return parsed.status === 'ok' && parsed.primaryKey ? toDigitalLinkUri(parsed) : null;
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
