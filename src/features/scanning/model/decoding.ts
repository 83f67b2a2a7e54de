import type { ScanFormat } from './symbology';

export interface Point {
  x: number;
  y: number;
}

/** One frame to decode (sent to the worker, its pixels transferred). */
export interface DecodeRequest {
  id: number;
  image: ImageData;
  formats: readonly ScanFormat[];
}

export interface DecodedSymbol {
  text: string;
  format: string;
  /** Top-left, top-right, bottom-right, bottom-left, in frame pixels. */
  corners: [Point, Point, Point, Point];
}

export interface DecodeResponse {
  id: number;
  symbol: DecodedSymbol | null;
  error?: string;
}

/** A scan result: the decoded text with where the code was in the frame. */
export interface ScanResult {
  rawValue: string;
  cornerPoints: Point[];
  boundingBox: { x: number; y: number; width: number; height: number };
  /** The value without surrounding whitespace: what is shown and used. */
  text: string;
  format: string;
}

export function toScanResult(symbol: DecodedSymbol): ScanResult {
  const xs = symbol.corners.map((p) => p.x);
  const ys = symbol.corners.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return {
    rawValue: symbol.text,
    cornerPoints: symbol.corners,
    boundingBox: { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y },
    text: symbol.text.trim(),
    format: symbol.format,
  };
}

/** The least time between two handled scans, unless the project sets its own (`timeBetweenScansMillis`). */
export const DEFAULT_TIME_BETWEEN_SCANS_MS = 500;

/**
 * The scanning loop's rule: a result is handled only when its content differs from the previous
 * one handled, and not sooner than the minimum delay after it.
 */
export function createScanGate(minDelayMs = DEFAULT_TIME_BETWEEN_SCANS_MS) {
  let previous: string | null = null;
  let at = -Infinity;
  return {
    accept(text: string, now: number): boolean {
      if (text === previous || now - at < minDelayMs) return false;
      previous = text;
      at = now;
      return true;
    },
    /** Forget the previous content (e.g. after the value was cleared), so it can be scanned again. */
    reset(): void {
      previous = null;
    },
  };
}

/** Bulk scan: appends a value to the running one with the project's delimiter (default the first). */
export const appendScan = (current: string, value: string, delimiter: string) =>
  current === '' ? value : `${current}${delimiter}${value}`;
