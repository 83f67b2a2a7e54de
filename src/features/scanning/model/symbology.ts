/** The symbology selector of the scanner. */
export const SYMBOLOGIES = ['default', 'qr', 'oneDimensional'] as const;
export type Symbology = (typeof SYMBOLOGIES)[number];

const LINEAR = ['Codabar', 'EAN-8', 'EAN-13', 'Code128', 'Code39', 'UPC-A', 'UPC-E', 'ITF'] as const;
const MATRIX = ['QRCode', 'MicroQRCode'] as const;
export type ScanFormat = (typeof LINEAR)[number] | (typeof MATRIX)[number];

/** The zxing-cpp formats each choice reads: default reads them all. */
export const FORMATS: Record<Symbology, readonly ScanFormat[]> = {
  default: [...MATRIX, ...LINEAR],
  qr: MATRIX,
  oneDimensional: LINEAR,
};

/** A stored choice that is not (or no longer) one of the three resets to default. */
export const asSymbology = (value: string | null | undefined): Symbology =>
  (SYMBOLOGIES as readonly string[]).includes(value ?? '') ? (value as Symbology) : 'default';
