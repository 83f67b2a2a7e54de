import { readSession, removeSession, writeSession } from '../storage/storage';

const prefillKey = (barcodeId: string) => `activation-prefill:${barcodeId}`;

/** Values a scan found for a new barcode (e.g. GTIN and lot of a GS1 Digital Link), kept until its activation starts. */
export function storeActivationPrefill(barcodeId: string, packageData: Record<string, unknown>): void {
  writeSession(prefillKey(barcodeId), packageData);
}

/** The prefill for a barcode's activation, handed over once. */
export function takeActivationPrefill(barcodeId: string): Record<string, unknown> {
  const values = readSession<Record<string, unknown>>(prefillKey(barcodeId)) ?? {};
  removeSession(prefillKey(barcodeId));
  return values;
}
