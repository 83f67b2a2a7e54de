import { ErrorCode } from '../../schemas/error-codes';
import { ownValue } from '../../schemas/own-keys';
import type { BarcodeType, TrackPoint } from '../../schemas/project-config';
import { ApiFailure } from './api-failure';
import type { BulkBarcode } from '../rows/barcodes';
import { assertMayLeaveTrackPoint, listedVerdict, type ListContext } from './pairing';
import { assertRecyclable } from './recycle';
import type { ProjectConfig } from '../../schemas/project-config';
import { nextTrackPoint } from './tracking';

/**
 * The rules of bulk requests as plain functions. Each listed barcode gets a verdict (a catalogue
 * code, or null: ready) from the same rule functions single tracking and recycle use
 * (`nextTrackPoint`, `assertMayLeaveTrackPoint`, `assertRecyclable`), so a barcode is refused in
 * bulk exactly when it would be refused alone.
 */

type BarcodeTypes = Record<string, BarcodeType>;

/** What every listed barcode is checked against: the screen's project and the viewer's permission there. */
export interface BulkContext extends ListContext {
  found: ReadonlyMap<string, BulkBarcode>;
  /** The viewer has the permission the action needs (add tracking; activate for recycle). */
  permitted: boolean;
}

/**
 * Over the project's maximum: ErrorCode.bulkOverMaximum on the list ('Bulk tracking over {count}
 * barcodes is not allowed'), with the maximum beside the errors for the message's {count}.
 */
export class BulkOverMaximum extends ApiFailure {
  constructor(readonly maxCount: number) {
    super(400, { barcodeIds: [ErrorCode.bulkOverMaximum] }, {}, { maxCount });
  }
}

export function assertWithinMaximum(count: number, maxCount: number): void {
  if (count > maxCount) throw new BulkOverMaximum(maxCount);
}

/** The catalogue code a rule function throws for the request as a whole, or null when it passes. */
export function codeOf(rule: () => unknown): number | null {
  try {
    rule();
    return null;
  } catch (error) {
    const code = error instanceof ApiFailure ? error.errors.$common?.[0] : undefined;
    if (code === undefined) throw error;
    return code;
  }
}

/**
 * The checks every listed barcode goes through first (pairing's `listedVerdict`), then the
 * viewer's permission (403).
 */
export function listVerdict(id: string, index: number, ids: readonly string[], ctx: BulkContext): number | null {
  return listedVerdict(id, index, ids, ctx) ?? (ctx.permitted ? null : ErrorCode.forbidden);
}

/**
 * Whether a listed barcode (past `listVerdict`) may be tracked to `trackPointKey`, with the
 * checks of a single step: where it may go (`nextTrackPoint`), then a mandatory pairing,
 * unpairing or link at the trackpoint it leaves (`assertMayLeaveTrackPoint`). With `skip`, the
 * trackpoint must also allow skipping.
 */
export function trackingVerdict(
  types: BarcodeTypes,
  barcode: BulkBarcode,
  trackPointKey: string,
  skip: boolean,
): number | null {
  let point: TrackPoint | undefined;
  const code =
    codeOf(() => {
      point = nextTrackPoint(types, barcode, trackPointKey).point;
    }) ??
    codeOf(() =>
      assertMayLeaveTrackPoint(types, barcode, {
        childrenCount: barcode.children_count,
        linkCount: barcode.link_count,
      }),
    );
  if (code !== null) return code;
  return skip && point?.allowSkipTracking !== true ? ErrorCode.skipNotAllowed : null;
}

/** Each listed barcode's verdict for bulk tracking or skip-tracking, in the order listed. */
export function bulkTrackingVerdicts(
  types: BarcodeTypes,
  ids: readonly string[],
  trackPointKey: string,
  skip: boolean,
  ctx: BulkContext,
): (number | null)[] {
  return ids.map(
    (id, index) =>
      listVerdict(id, index, ids, ctx) ?? trackingVerdict(types, ctx.found.get(id) as BulkBarcode, trackPointKey, skip),
  );
}

/** Each listed barcode's verdict for recycling: the list checks, then `assertRecyclable`. */
export function recycleVerdicts(config: ProjectConfig, ids: readonly string[], ctx: BulkContext): (number | null)[] {
  return ids.map((id, index) => {
    const code = listedVerdict(id, index, ids, ctx);
    // The list checks refuse a not-activated barcode with the same code the recycle rule gives it.
    if (code !== null) return code;
    if (!ctx.permitted) return ErrorCode.forbidden;
    const b = ctx.found.get(id) as BulkBarcode;
    return codeOf(() => assertRecyclable(config, b, b.children_count > 0, b.link_count > 0));
  });
}

/** The trackpoint each distinct barcode type goes to, for the forms and required information checked once per type. */
export function trackPointsByType(
  types: BarcodeTypes,
  barcodes: readonly BulkBarcode[],
  trackPointKey: string,
): Map<string, { point: TrackPoint; firstBarcodeId: string }> {
  const byType = new Map<string, { point: TrackPoint; firstBarcodeId: string }>();
  for (const b of barcodes) {
    if (!b.barcode_type || byType.has(b.barcode_type)) continue;
    const point = ownValue(types, b.barcode_type)?.trackPoints.find((t) => t.key === trackPointKey);
    if (point) byType.set(b.barcode_type, { point, firstBarcodeId: b.id });
  }
  return byType;
}

/**
 * What a history entry of bulk work adds for GET /barcode/history: a skipped step says so
 * ('tracked' with `skipped`), a stock entry names its bin.
 */
export function bulkHistoryMarks(action: string, data: unknown): { skipped?: true; locationId?: string } {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  if (action === 'tracked' && record.skipped === true) return { skipped: true };
  if ((action === 'stocked-in' || action === 'stocked-out') && typeof record.locationId === 'string')
    return { locationId: record.locationId };
  return {};
}
