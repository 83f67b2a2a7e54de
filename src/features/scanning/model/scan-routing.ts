import type { Gs1Problem } from '@gs1';
import { barcodeOfUrl } from '@/shared/barcode/barcode-url';
import { gs1ExternalId, parseGs1, type Gs1Data } from '@/shared/barcode/gs1-scan';

/** Where a scanned text leads (handheld scan and scanner). */
export type ScanTarget =
  | { kind: 'barcode'; project: string; barcodeId: string }
  | { kind: 'new'; externalId: string; gs1: Gs1Data | null; scanned: string }
  | { kind: 'invalidGs1'; scanned: string; problems: Gs1Problem[] };

/**
 * A URL of this product's barcode pattern (`…/{project}/qrcode/{barcodeId}`, on any host: labels
 * printed by another installation of the product still name their barcode) opens that barcode.
 * GS1 data (GS1-128, GS1 QR / DataMatrix, the bracketed form, a Digital Link) is looked up by
 * its GS1 external id (an SSCC's digits, else the canonical Digital Link of key and qualifiers)
 * and its other AIs prefill the activation; GS1 data that breaks GS1's rules is refused with the
 * reason. Anything else is a new barcode for the project with the trimmed text as its external id.
 */
export function scanTarget(scanned: string): ScanTarget | null {
  const text = scanned.trim();
  if (!text) return null;
  const named = barcodeOfUrl(text);
  if (named) return { kind: 'barcode', ...named };
  const gs1 = parseGs1(text);
  if (gs1.status === 'invalid') return { kind: 'invalidGs1', scanned: text, problems: gs1.problems };
  if (gs1.status === 'ok') return { kind: 'new', externalId: gs1ExternalId(gs1).slice(0, 200), gs1, scanned: text };
  return { kind: 'new', externalId: text.slice(0, 200), gs1: null, scanned: text };
}
