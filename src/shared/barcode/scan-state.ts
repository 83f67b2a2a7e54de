import type { ScanFrameSource } from '@widgets/types';
import { onTabDataCleared, readSession, writeSession } from '../storage/storage';
import { createStore } from '../ui/store';
import { reportAction } from '../analytics';

/** One scan: what was read, the barcode it opened (its project route and id; null: none), when. */
export interface ScannedBarcode {
  text: string;
  barcode: { project: string; id: string } | null;
  scannedAt: string;
}

const POOL_KEY = 'scanned-barcodes';
/** The pool keeps the latest scans only: it is a working list, not a log. */
export const POOL_LIMIT = 100;

/**
 * The scanned-barcodes pool: this tab's scans, newest first, kept in sessionStorage so a reload
 * keeps them and a shared phone's next user does not see them.
 */
export const scannedBarcodes = createStore<ScannedBarcode[]>(readSession<ScannedBarcode[]>(POOL_KEY) ?? []);
scannedBarcodes.subscribe(() => writeSession(POOL_KEY, scannedBarcodes.get()));

/** Adds a scan to the pool; every scan of the app comes here, so this is where analytics hears of it. */
export function addScannedBarcode(text: string, barcode: ScannedBarcode['barcode'], at = new Date()): void {
  reportAction('scan');
  scannedBarcodes.set((pool) => [{ text, barcode, scannedAt: at.toISOString() }, ...pool].slice(0, POOL_LIMIT));
}

export const clearScannedBarcodes = () => scannedBarcodes.set([]);

/**
 * The frame each barcode was last scanned from, kept in memory for this page: the
 * barcode-scan-frame files field of that barcode's next form uploads it. A scan that did not
 * come from the camera (a typed value, a keyboard-wedge scanner) has none.
 */
const frames = createStore<Record<string, File>>({});
/** Frames of the latest scanned barcodes only (each is a JPEG of up to 960 px). */
const FRAME_LIMIT = 20;

export function keepScanFrame(barcodeId: string, frame: File): void {
  frames.set((all) => {
    const { [barcodeId]: _replaced, ...others } = all;
    return Object.fromEntries([...Object.entries(others).slice(-(FRAME_LIMIT - 1)), [barcodeId, frame]]);
  });
}

/** A barcode's scan frame as the files widget reads it (FormContext.scanFrame). */
export function scanFrameSource(barcodeId: string): ScanFrameSource {
  return {
    current: () => frames.get()[barcodeId] ?? null,
    subscribe: frames.subscribe,
    used: () => frames.set(({ [barcodeId]: _used, ...rest }) => rest),
  };
}

// A logout forgets the scans and their frames with the rest of the tab's data.
onTabDataCleared(() => {
  scannedBarcodes.set([]);
  frames.set({});
});
