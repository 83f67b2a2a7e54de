/**
 * The FSMA 204 sortable spreadsheet of a recall: one row per critical tracking event of each
 * traced package, under the column names of the Produce Traceability Initiative's guidance. The
 * mapping from our data to each column is docs/admins/recall.md.
 */

import type { ProjectConfig } from '../../schemas/project-config';
import { gs1FieldsOf, lotOf, type PairWindow, type StartCandidate } from './recall';

/** The columns, in order: the first row of the file. */
export const FSMA_COLUMNS = [
  'Traceability Lot Code',
  'GTIN',
  'Batch/Lot',
  'Product Description',
  'Quantity',
  'Unit of Measure',
  'Date Code',
  'Date Type',
  'Pallet ID',
  'Critical Tracking Event',
  'Event Date',
  'Location Description',
  'Location ID',
  'Ship-From Location',
  'Ship-From Location ID',
  'Ship-To Location',
  'Ship-To Location ID',
  'Traceability Lot Code Source Reference',
  'Reference Document Type',
  'Reference Document Number',
  'Barcode',
  'Trace Direction',
  'Why Implicated',
] as const;

/** One history entry of a traced package; `at` in milliseconds since the epoch. */
export interface CteEntry {
  seq: number;
  action: string;
  track_point_key: string | null;
  data: unknown;
  at: number;
}

/** What each row needs besides the package's own history. */
export interface CteContext {
  config: Pick<ProjectConfig, 'barcodeTypes' | 'products'>;
  /** Minutes east of UTC of the dates written. */
  offsetMinutes: number;
  /** Every pairing window the trace read, to name the pallet a package was on at each event. */
  pairs: readonly PairWindow[];
  /** How a barcode is named in the file: its external id, else its id. */
  labelOf: (barcodeId: string) => string;
}

/** A traced package with its history, as the spreadsheet reads it. */
export interface CtePackage extends StartCandidate {
  direction: string;
  /** Why it is implicated, in words. */
  why: string;
  history: readonly CteEntry[];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A moment in ISO 8601 with the offset written out (`2026-11-27T10:02:00.000+09:00`). */
export function isoWithOffset(at: number, offsetMinutes: number): string {
  const local = new Date(at + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local.toISOString().slice(0, 23)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The topmost package the barcode was on at the moment (its pallet), or null when it was on none. */
export function palletAt(pairs: readonly PairWindow[], barcodeId: string, at: number): string | null {
  let top: string | null = null;
  let current = barcodeId;
  const seen = new Set([barcodeId]);
  for (;;) {
    const up = pairs.find((p) => p.childId === current && p.from <= at && at < p.to);
    if (!up || seen.has(up.parentId)) return top;
    top = up.parentId;
    current = up.parentId;
    seen.add(current);
  }
}

const record = (data: unknown): Record<string, unknown> => (data ?? {}) as Record<string, unknown>;

/** The history entries that are not later taken back: tracking steps undone, moves with a parent moved back. */
export function standing(history: readonly CteEntry[]): CteEntry[] {
  const sorted = [...history].sort((x, y) => x.seq - y.seq);
  const undone = new Set(
    sorted.filter((e) => e.action === 'tracking-undone').map((e) => Number(record(e.data).undoneSeq)),
  );
  const withParent: CteEntry[] = [];
  const movedBack = new Set<CteEntry | undefined>();
  for (const entry of sorted) {
    if (entry.action === 'moved-with-parent') withParent.push(entry);
    if (entry.action === 'moved-back-with-parent') movedBack.add(withParent.pop());
  }
  return sorted.filter((e) => !undone.has(e.seq) && !movedBack.has(e));
}

/** Receiving steps: a tracking step, or a move with the parent it was on. */
const RECEIVING = new Set(['tracked', 'moved-with-parent']);

/** The rows of one package: its initial packing (activation) and each receiving at a trackpoint, oldest first. */
export function cteRows(pkg: CtePackage, context: CteContext): string[][] {
  const type = context.config.barcodeTypes[String(pkg.barcode_type)];
  const pointName = (key: string | null) =>
    key === null ? '' : (type?.trackPoints.find((t) => t.key === key)?.name.en ?? key);
  const { lot, gtin } = lotOf(context.config, pkg);
  const data = pkg.activation_data ?? {};
  const product = context.config.products?.find((p) => p.code === data.productCode);
  const expiryKey = gs1FieldsOf(context.config, pkg.barcode_type).expiry;
  const expiry = expiryKey === undefined ? undefined : data[expiryKey];
  const unit = type?.name.en ?? pkg.barcode_type ?? '';
  const lotCode = lot === undefined ? '' : gtin === undefined ? lot : `(01)${gtin}(10)${lot}`;
  const history = standing(pkg.history);
  const packing = history.find((e) => e.action === 'activated');
  const source = packing ? pointName(packing.track_point_key) : '';
  const rows: string[][] = [];
  let place: string | null = null;
  for (const entry of history) {
    const event = entry.action === 'activated' ? 'Initial Packing' : RECEIVING.has(entry.action) ? 'Receiving' : null;
    const from = place;
    // Every entry records where the package was when it was made: the place before the next step.
    if (entry.track_point_key !== null) place = entry.track_point_key;
    if (event === null) continue;
    const pallet = palletAt(context.pairs, pkg.id, entry.at);
    const shipped = event === 'Receiving';
    const here = entry.track_point_key ?? '';
    rows.push([
      lotCode,
      gtin ?? '',
      lot ?? '',
      product?.name.en ?? unit,
      '1',
      unit,
      typeof expiry === 'string' ? expiry : '',
      typeof expiry === 'string' ? 'Expiration Date' : '',
      pallet === null ? '' : context.labelOf(pallet),
      event,
      isoWithOffset(entry.at, context.offsetMinutes),
      pointName(entry.track_point_key),
      here,
      shipped ? pointName(from) : '',
      shipped ? (from ?? '') : '',
      shipped ? pointName(entry.track_point_key) : '',
      shipped ? here : '',
      source,
      'Tracking record',
      `${pkg.id}/${entry.seq}`,
      context.labelOf(pkg.id),
      pkg.direction,
      pkg.why,
    ]);
  }
  return rows;
}

/**
 * One line of the CSV file (RFC 4180, CRLF). A cell a spreadsheet program would read as a formula
 * (starting with =, +, -, @, a tab or a carriage return) is written with a leading apostrophe, so
 * data typed on a phone cannot run in the regulator's spreadsheet.
 */
export function csvLine(cells: readonly string[]): string {
  return `${cells
    .map((cell) => {
      const safe = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
      return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    })
    .join(',')}\r\n`;
}
