import { paths } from '@/shared/paths';

/** A barcode id (the API's BARCODE_ID_PATTERN in schemas/api/barcode.ts; kept here so the scan code loads no schema library). */
const BARCODE_ID = /^[A-Za-z0-9]{12}$/;

export const isBarcodeId = (text: string): boolean => BARCODE_ID.test(text);

/**
 * The barcode a URL of this product's barcode pattern names (`…/{project}/qrcode/{barcodeId}`,
 * http or https, on any host: labels printed by another installation of the product still name
 * their barcode): the last path segment is the barcode id, the third from last the project.
 * Null for any other text (a code printed on the package). `text` is already trimmed.
 */
export function barcodeOfUrl(text: string): { project: string; barcodeId: string } | null {
  try {
    const url = new URL(text);
    const last = url.pathname.split('/').filter(Boolean).slice(-3);
    const [project, , barcodeId] = last;
    if (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      project &&
      barcodeId &&
      paths.barcode.match(`/${last.join('/')}`) &&
      isBarcodeId(barcodeId)
    ) {
      return { project, barcodeId };
    }
  } catch {
    // Not a URL.
  }
  return null;
}
