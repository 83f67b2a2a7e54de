import type { ScanFrameSource } from '@widgets/types';
import { readSession, writeSession } from '../storage/storage';
import { createStore } from '../ui/store';

/** One scan that led somewhere: what was read, the barcode it opened (null: none), when. */
export interface ScannedBarcode {
  text: string;
  barcodeId: string | null;
  scannedAt: string;
}

const POOL_KEY = 'scanned-barcodes';
/** The pool keeps the latest scans only: it is a working list, not a log. */
export const POOL_LIMIT = 100;

/**
 * The scanned-barcodes pool (spec section 3, scan state): this tab's scans, newest first, kept
 * in sessionStorage so a reload keeps them and a shared phone's next user does not see them.
 */
export const scannedBarcodes = createStore<ScannedBarcode[]>(readSession<ScannedBarcode[]>(POOL_KEY) ?? []);
scannedBarcodes.subscribe(() => writeSession(POOL_KEY, scannedBarcodes.get()));

export function addScannedBarcode(text: string, barcodeId: string | null, at = new Date()): void {
  scannedBarcodes.set((pool) => [{ text, barcodeId, scannedAt: at.toISOString() }, ...pool].slice(0, POOL_LIMIT));
}

export const clearScannedBarcodes = () => scannedBarcodes.set([]);

/**
 * The frame each barcode was last scanned from (spec section 3, scan images), kept in memory
 * for this page: the barcode-scan-frame files field of that barcode's next form uploads it. A
 * scan that did not come from the camera (a typed value, a keyboard-wedge scanner) has none.
 */
const frames = createStore<Record<string, File>>({});

export function keepScanFrame(barcodeId: string, frame: File): void {
  frames.set((all) => ({ ...all, [barcodeId]: frame }));
}

/** A barcode's scan frame as the files widget reads it (FormContext.scanFrame). */
export function scanFrameSource(barcodeId: string): ScanFrameSource {
  return {
    current: () => frames.get()[barcodeId] ?? null,
    subscribe: frames.subscribe,
    used: () => frames.set(({ [barcodeId]: _used, ...rest }) => rest),
  };
}
