import { createContext, useContext } from 'react';
import type { Barcode } from '@schemas/api/barcode';

export interface BarcodeRouteValue {
  barcode: Barcode;
  /** `/{project}/qrcode/{id}`: the detail page, the base of every screen under it. */
  detailPath: string;
  /** Reloads the barcode and what is derived from it, after a change. */
  reload(): Promise<unknown>;
}

/** The barcode of the current `/qrcode/{id}` route, loaded once by the barcode route. */
export const BarcodeContext = createContext<BarcodeRouteValue | null>(null);

export function useCurrentBarcode(): BarcodeRouteValue {
  const value = useContext(BarcodeContext);
  if (!value) throw new Error('useCurrentBarcode outside a barcode route');
  return value;
}
