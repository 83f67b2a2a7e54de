import { createStore } from './store';

/** A request for one scan (a text field's barcode reader button), answered by the scanner host. */
export interface ScanRequest {
  /** The screen asking: the scanner remembers its symbology per route name. */
  routeName: string;
  /** The scanned text after OK, or null when the user cancelled. */
  resolve(text: string | null): void;
}

export const scanRequestStore = createStore<ScanRequest | null>(null);

/** Opens the scanner over the current screen; resolves with the confirmed value or null. */
export function requestScan(routeName: string): Promise<string | null> {
  return new Promise((resolve) => {
    scanRequestStore.get()?.resolve(null);
    scanRequestStore.set({ routeName, resolve });
  });
}
