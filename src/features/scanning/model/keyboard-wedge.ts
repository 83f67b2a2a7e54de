/**
 * Tells a scanner that "types like a keyboard" (handheld terminals, USB and Bluetooth scanners)
 * from a person typing: a scanner sends a whole code within milliseconds and ends it with Enter.
 */
export interface WedgeOptions {
  /** Longest pause between two characters of one scan (default 50 ms; a person typing pauses longer). */
  maxGapMs?: number;
  /** Shortest code taken as a scan (default 4 characters). */
  minLength?: number;
  /**
   * The character a scanner types for GS1's group separator (FNC1 between values), which a
   * keyboard cannot send as such; it becomes GS (0x1D) in the scan. Default none (GS itself, or
   * Ctrl+] which the adapter turns into GS).
   */
  groupSeparator?: string;
}

/** ASCII GS, FNC1 between GS1 element strings. */
export const GROUP_SEPARATOR = '\u001d';

export function createWedgeDetector({ maxGapMs = 50, minLength = 4, groupSeparator }: WedgeOptions = {}) {
  let buffer = '';
  let last = -Infinity;
  /** Feeds one key; returns the scanned text when this Enter ends a scan. */
  return function key(key: string, at: number): string | null {
    const gap = at - last;
    last = at;
    if (gap > maxGapMs) buffer = '';
    if (key === 'Enter') {
      const text = buffer;
      buffer = '';
      return text.length >= minLength ? text : null;
    }
    if (key.length === 1) buffer += key === groupSeparator ? GROUP_SEPARATOR : key;
    else if (key !== 'Shift') buffer = '';
    return null;
  };
}
