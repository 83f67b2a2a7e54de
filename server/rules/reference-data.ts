/** A barcode as its reference fields read it. */
export interface ReferencedBarcode {
  external_id: string | null;
  tracking_number: string | null;
  barcode_type: string | null;
  current_track_point_key: string | null;
}

/**
 * The values 'reference' fields show, by referenceKey: the imported rows (matched by the
 * barcode's project and external id) plus the built-in keys barcodeId, externalId,
 * trackingNumber, barcodeType and currentTrackPoint, which win over an imported key of the same
 * name; keys without a value are left out.
 */
export function referenceValues(
  barcodeId: string,
  barcode: ReferencedBarcode,
  imported: { key: string; value: string }[],
): Record<string, string> {
  const builtIn = {
    barcodeId,
    externalId: barcode.external_id,
    trackingNumber: barcode.tracking_number,
    barcodeType: barcode.barcode_type,
    currentTrackPoint: barcode.current_track_point_key,
  };
  return Object.fromEntries([
    ...imported.map((r) => [r.key, r.value] as const),
    ...Object.entries(builtIn).filter((entry): entry is [string, string] => entry[1] !== null),
  ]);
}
