import { barcodeOfUrl } from '@/shared/barcode/barcode-url';
import { parseGs1DigitalLink, type Gs1DigitalLink } from './gs1-digital-link';

/** Where a scanned text leads (spec section 4, handheld scan and scanner). */
export type ScanTarget =
  | { kind: 'barcode'; project: string; barcodeId: string }
  | { kind: 'new'; externalId: string; gs1: Gs1DigitalLink | null };

/**
 * A URL of this product's barcode pattern (`…/{project}/qrcode/{barcodeId}`, on any host: labels
 * printed by another installation of the product still name their barcode) opens that barcode:
 * the last path segment is the barcode id, the third from last the project. Anything else is a
 * new barcode for the project with the trimmed text as its external id; a GS1 Digital Link also
 * gives the GTIN, lot, serial and expiry to prefill the activation fields.
 */
export function scanTarget(scanned: string): ScanTarget | null {
  const text = scanned.trim();
  if (!text) return null;
  const named = barcodeOfUrl(text);
  if (named) return { kind: 'barcode', ...named };
  return { kind: 'new', externalId: text.slice(0, 200), gs1: parseGs1DigitalLink(text) };
}

/** Activation field keys a GS1 Digital Link prefills, when the barcode type has such fields. */
export const GS1_FIELD_KEYS: Record<keyof Gs1DigitalLink, readonly string[]> = {
  gtin: ['gtin'],
  lot: ['lotNumber', 'lot'],
  serial: ['serialNumber', 'serial'],
  expiryDate: ['expiryDate'],
};
