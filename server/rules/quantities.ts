import type { AdjustmentQuantity } from '../../schemas/api/stock-state';
import { ownValue } from '../../schemas/own-keys';
import type { BarcodeType, TrackPoint } from '../../schemas/project-config';

/**
 * Running quantities of adjustment fields as plain functions. A barcode has one quantity per
 * activation adjustment field (its key): the activation sets the initial quantity, and adjustment
 * fields of trackpoint forms increase or decrease the quantity their `quantityOf` names (their own
 * key when absent). Everything is derived from the present trip's history, so an undone step or an
 * edited one counts as it stands now.
 */

/** An adjustment value as stored: `{ type, value }`. */
interface Adjustment {
  type: 'increase' | 'decrease';
  value: number;
}

/** A history entry of the present trip that quantities read, oldest first. */
/**
 * A sum of decimal quantities without binary drift (0.3 - 0.1 - 0.2 is -2.8e-17 in floating
 * point): rounded to 9 decimals, far below any adjustment's own precision, so what is exactly
 * used up is 0, not below zero.
 */
const settled = (value: number) => Math.round(value * 1e9) / 1e9 + 0;

export interface QuantityEntry {
  seq: number;
  action: string;
  track_point_key: string | null;
  data: Record<string, unknown> | null;
  created_at: Date | string;
}

/** One adjustment a trackpoint form field makes to a quantity. */
export interface FormAdjustment {
  quantityKey: string;
  /** Signed: a decrease is negative. */
  delta: number;
  type: Adjustment['type'];
  value: number;
  /** Where the value was sent: `<form>.<field>`. */
  field: string;
}

const isAdjustment = (v: unknown): v is Adjustment =>
  typeof v === 'object' &&
  v !== null &&
  ((v as Adjustment).type === 'increase' || (v as Adjustment).type === 'decrease') &&
  typeof (v as Adjustment).value === 'number' &&
  Number.isFinite((v as Adjustment).value);

const signed = (a: Adjustment): number => (a.type === 'decrease' ? -a.value : a.value);

/** The keys of a type's activation adjustment fields: the quantities its barcodes keep. */
export const quantityKeysOf = (type: BarcodeType | undefined): string[] =>
  // Stryker disable next-line ArrayDeclaration: any filler in place of the empty list is no field of type 'adjustment', so the filter drops it
  (type?.activationFields ?? []).filter((f) => f.type === 'adjustment').map((f) => f.key);

/** The adjustments the forms of a trackpoint make, as sent (forms by key, fields by key). */
export function formAdjustments(
  point: TrackPoint | undefined,
  forms: Record<string, unknown> | undefined,
): FormAdjustment[] {
  const out: FormAdjustment[] = [];
  for (const form of point?.trackPointForms ?? []) {
    const values = ownValue(forms, form.key);
    if (typeof values !== 'object' || values === null) continue;
    for (const field of form.customFields) {
      if (field.type !== 'adjustment') continue;
      const value = ownValue(values as Record<string, unknown>, field.key);
      if (!isAdjustment(value)) continue;
      out.push({
        quantityKey: field.quantityOf ?? field.key,
        delta: signed(value),
        type: value.type,
        value: value.value,
        field: `${form.key}.${field.key}`,
      });
    }
  }
  return out;
}

/** Whether a trackpoint's forms have an adjustment field at all (when not, quantities are never read). */
export const hasAdjustmentFields = (point: TrackPoint | undefined): boolean =>
  (point?.trackPointForms ?? []).some((form) => form.customFields.some((f) => f.type === 'adjustment'));

const iso = (at: Date | string): string => new Date(at).toISOString();

/**
 * The running quantities of a barcode of `type` from its present trip's history (oldest first):
 * the latest 'activated' or 'activation-edited' entry gives `initial`; every 'tracked' entry
 * not undone ('tracking-undone' names it by `undoneSeq`) adds its adjustments, as its latest
 * 'tracking-edited' entry (`editedSeq`) says when it was edited.
 */
export function runningQuantities(
  type: BarcodeType | undefined,
  entries: readonly QuantityEntry[],
): AdjustmentQuantity[] {
  const keys = quantityKeysOf(type);
  if (keys.length === 0) return [];
  const undone = new Set<number>();
  const edited = new Map<number, QuantityEntry>();
  let activation: QuantityEntry | undefined;
  for (const e of entries) {
    if (e.action === 'tracking-undone' && typeof e.data?.undoneSeq === 'number') undone.add(e.data.undoneSeq);
    if (e.action === 'tracking-edited' && typeof e.data?.editedSeq === 'number') edited.set(e.data.editedSeq, e);
    if (e.action === 'activated' || e.action === 'activation-edited') activation = e;
  }
  const quantities = new Map(
    keys.map((key) => {
      const initial = ownValue(activation?.data, key);
      return [
        key,
        {
          key,
          initial: isAdjustment(initial) ? signed(initial) : 0,
          increase: 0,
          decrease: 0,
          remaining: 0,
          quantity: null,
          type: null,
          adjustedAt: null,
        } as AdjustmentQuantity,
      ];
    }),
  );
  for (const e of entries) {
    if (e.action !== 'tracked' || undone.has(e.seq)) continue;
    const forms = (edited.get(e.seq) ?? e).data?.forms as Record<string, unknown> | undefined;
    // Stryker disable next-line OptionalChaining: never reached without a type (no quantity keys: the function returned [] above)
    const point = type?.trackPoints.find((t) => t.key === e.track_point_key);
    for (const a of formAdjustments(point, forms)) {
      const q = quantities.get(a.quantityKey);
      if (!q) continue;
      if (a.type === 'increase') q.increase += a.value;
      else q.decrease += a.value;
      q.quantity = a.value;
      q.type = a.type;
      q.adjustedAt = iso(e.created_at);
    }
  }
  return [...quantities.values()].map((q) => ({ ...q, remaining: settled(q.initial + q.increase - q.decrease) }));
}

/**
 * Whether a new tracking step's adjustments keep every quantity at 0 or above (an activation or an
 * edit is not held to it): the first adjustment field that would take its quantity below 0, as
 * `<form>.<field>`, or null. Adjustments of a quantity the barcode's type does not keep start from
 * 0.
 */
export function belowZeroField(
  current: readonly AdjustmentQuantity[],
  adjustments: readonly FormAdjustment[],
): string | null {
  const remaining = new Map(current.map((q) => [q.key, q.remaining]));
  for (const a of adjustments) {
    const after = settled((remaining.get(a.quantityKey) ?? 0) + a.delta);
    if (after < 0) return a.field;
    remaining.set(a.quantityKey, after);
  }
  return null;
}
