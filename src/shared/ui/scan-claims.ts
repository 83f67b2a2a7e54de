import { useEffect, useRef } from 'react';
import { createStore } from './store';

/**
 * A screen that takes trigger scans itself (the pair and link screens put each scan into their
 * list) instead of the app-wide keyboard-wedge listener opening the scanned barcode. The latest
 * screen to claim wins; releasing hands the trigger back to the listener.
 */
export type ScanClaim = (text: string) => void;

export const scanClaims = createStore<ScanClaim | null>(null);

/** Gives a trigger scan to the screen that claimed it; false when none did. */
export function deliverClaimedScan(text: string): boolean {
  const claim = scanClaims.get();
  if (!claim) return false;
  claim(text);
  return true;
}

/** Claims trigger scans while the calling screen is mounted (and `enabled`). */
export function useScanClaim(onScan: ScanClaim, enabled = true): void {
  const latest = useRef(onScan);
  useEffect(() => {
    latest.current = onScan;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    const claim: ScanClaim = (text) => latest.current(text);
    // A function given to set() is an updater: the claim is what it returns.
    scanClaims.set(() => claim);
    return () => {
      if (scanClaims.get() === claim) scanClaims.set(null);
    };
  }, [enabled]);
}
