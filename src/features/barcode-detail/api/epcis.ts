import { api } from '@/shared/api';

/**
 * GET /barcode/epcis: the barcode's EPCIS 2.0 document (it and its descendants), saved as a
 * `.jsonld` file through a temporary link (the request goes through the API client, so an
 * expired session is refreshed like for any call).
 */
export async function downloadEpcis(barcodeId: string): Promise<void> {
  const document = await api.getDocument<unknown>('/barcode/epcis', { id: barcodeId });
  const url = URL.createObjectURL(new Blob([JSON.stringify(document, null, 2)], { type: 'application/ld+json' }));
  const link = Object.assign(window.document.createElement('a'), { href: url, download: `epcis-${barcodeId}.jsonld` });
  window.document.body.append(link);
  link.click();
  link.remove();
  // After the browser has taken the file.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
