import { createContext, useContext } from 'react';
import type { Barcode } from '@schemas/api/barcode';

export interface BarcodeRouteValue {
  barcode: Barcode;
  /** The barcode's detail page (paths.barcode), where its screens lead back to. */
  detailPath: string;
}

/** The barcode of the current `/qrcode/{id}` route, loaded once by the barcode route. */
export const BarcodeContext = createContext<BarcodeRouteValue | null>(null);

export function useCurrentBarcode(): BarcodeRouteValue {
  const value = useContext(BarcodeContext);
  if (!value) throw new Error('useCurrentBarcode outside a barcode route');
  return value;
}
