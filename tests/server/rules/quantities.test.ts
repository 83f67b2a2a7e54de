import { describe, expect, it } from 'vitest';
import type { BarcodeType } from '../../../schemas/project-config';
import {
  belowZeroField,
  formAdjustments,
  hasAdjustmentFields,
  quantityKeysOf,
  runningQuantities,
  type QuantityEntry,
} from '../../../server/rules/quantities';
import { BOX, label, trackPoint } from './fixtures';

/** A box keeps a stock of cases; the hub takes some out (`quantityOf` the stock) and counts pallets on their own key. */
const STOCKED: BarcodeType = {
  ...BOX,
  activationFields: [
    ...BOX.activationFields,
    { type: 'adjustment', key: 'stock', label: label('Stock'), sign: 'increase' },
  ],
  trackPoints: [
    trackPoint('packed'),
    trackPoint('hub', {
      trackPointForms: [
        {
          key: 'receiving',
          customFields: [
            { type: 'adjustment', key: 'taken', label: label('Taken'), sign: 'decrease', quantityOf: 'stock' },
            { type: 'adjustment', key: 'pallets', label: label('Pallets') },
          ],
        },
      ],
    }),
    trackPoint('delivered'),
  ],
};
const hub = STOCKED.trackPoints[1];

let seq = 0;
const entry = (
  action: string,
  data: Record<string, unknown> | null,
  track_point_key: string | null = 'hub',
): QuantityEntry => ({
  seq: (seq += 1),
  action,
  track_point_key,
  data,
  created_at: `2026-11-23T10:00:${String(seq).padStart(2, '0')}.000Z`,
});
const taken = (type: 'increase' | 'decrease', value: number) => ({ forms: { receiving: { taken: { type, value } } } });

describe('quantity keys and form adjustments', () => {
  it('a type keeps one quantity per activation adjustment field', () => {
    expect(quantityKeysOf(STOCKED)).toEqual(['stock']);
    expect(quantityKeysOf(BOX)).toEqual([]);
    expect(quantityKeysOf(undefined)).toEqual([]);
  });

  it("reads the adjustments a step's forms make, signed, with the quantity each changes", () => {
    expect(
      formAdjustments(hub, {
        receiving: { taken: { type: 'decrease', value: 3 }, pallets: { type: 'increase', value: 2 } },
      }),
    ).toEqual([
      { quantityKey: 'stock', delta: -3, type: 'decrease', value: 3, field: 'receiving.taken' },
      { quantityKey: 'pallets', delta: 2, type: 'increase', value: 2, field: 'receiving.pallets' },
    ]);
    expect(formAdjustments(hub, { receiving: { taken: 'lots' } })).toEqual([]);
    expect(formAdjustments(hub, undefined)).toEqual([]);
    expect(hasAdjustmentFields(hub)).toBe(true);
    expect(hasAdjustmentFields(STOCKED.trackPoints[0])).toBe(false);
  });
});

describe('running quantities', () => {
  it("start at the activation's value and add each step's increases and decreases", () => {
    const entries = [
      entry('activated', { stock: { type: 'increase', value: 40 } }, 'packed'),
      entry('tracked', taken('decrease', 15)),
      entry('tracked', taken('increase', 5)),
    ];
    expect(runningQuantities(STOCKED, entries)).toEqual([
      {
        key: 'stock',
        initial: 40,
        increase: 5,
        decrease: 15,
        remaining: 30,
        quantity: 5,
        type: 'increase',
        adjustedAt: entries[2]!.created_at,
      },
    ]);
  });

  it('count an edited activation and an edited step as they stand now, and leave out undone steps', () => {
    const step = entry('tracked', taken('decrease', 15));
    const entries = [
      entry('activated', { stock: { type: 'increase', value: 40 } }, 'packed'),
      step,
      entry('activation-edited', { stock: { type: 'increase', value: 50 } }, 'packed'),
      entry('tracking-edited', { editedSeq: step.seq, ...taken('decrease', 20) }),
      entry('tracked', taken('decrease', 7)),
    ];
    const undo = entry('tracking-undone', { undoneSeq: entries[4]!.seq });
    expect(runningQuantities(STOCKED, [...entries, undo])[0]).toMatchObject({
      initial: 50,
      decrease: 20,
      remaining: 30,
      quantity: 20,
    });
  });

  it('are 0 before any value, and none for a type without adjustment fields', () => {
    expect(runningQuantities(STOCKED, [])).toEqual([
      {
        key: 'stock',
        initial: 0,
        increase: 0,
        decrease: 0,
        remaining: 0,
        quantity: null,
        type: null,
        adjustedAt: null,
      },
    ]);
    expect(runningQuantities(BOX, [entry('activated', {})])).toEqual([]);
  });
});

describe('below zero', () => {
  const current = runningQuantities(STOCKED, [
    entry('activated', { stock: { type: 'increase', value: 10 } }, 'packed'),
  ]);
  it('refuses the field whose decrease would take its quantity below 0', () => {
    expect(
      belowZeroField(current, formAdjustments(hub, { receiving: { taken: { type: 'decrease', value: 10 } } })),
    ).toBeNull();
    expect(
      belowZeroField(current, formAdjustments(hub, { receiving: { taken: { type: 'decrease', value: 10.5 } } })),
    ).toBe('receiving.taken');
  });
  it('uses a decimal quantity up to exactly 0 without floating-point drift (0.3 - 0.1 - 0.2)', () => {
    const decimals = runningQuantities(STOCKED, [
      entry('activated', { stock: { type: 'increase', value: 0.3 } }, 'packed'),
      entry('tracked', taken('decrease', 0.1)),
    ]);
    expect(decimals[0]!.remaining).toBe(0.2);
    expect(
      belowZeroField(decimals, formAdjustments(hub, { receiving: { taken: { type: 'decrease', value: 0.2 } } })),
    ).toBeNull();
    expect(
      belowZeroField(decimals, formAdjustments(hub, { receiving: { taken: { type: 'decrease', value: 0.201 } } })),
    ).toBe('receiving.taken');
  });
  it('a quantity the type does not keep starts at 0', () => {
    expect(
      belowZeroField(current, formAdjustments(hub, { receiving: { pallets: { type: 'decrease', value: 1 } } })),
    ).toBe('receiving.pallets');
    expect(
      belowZeroField(current, formAdjustments(hub, { receiving: { pallets: { type: 'increase', value: 1 } } })),
    ).toBeNull();
  });
});

describe('what counts as an adjustment', () => {
  /** A receiving form that records the temperature besides the cases taken out of stock. */
  const receiving = trackPoint('hub', {
    trackPointForms: [
      {
        key: 'receiving',
        customFields: [
          { type: 'number', key: 'temperature', label: label('Temperature') },
          { type: 'adjustment', key: 'taken', label: label('Taken'), sign: 'decrease', quantityOf: 'stock' },
        ],
      },
    ],
  });

  it('only an increase or a decrease by a number', () => {
    expect(formAdjustments(hub, { receiving: { taken: null, pallets: { type: 'reset', value: 3 } } })).toEqual([]);
    expect(
      formAdjustments(hub, { receiving: { taken: { type: 'decrease', value: Number.POSITIVE_INFINITY } } }),
    ).toEqual([]);
  });

  it('only from an adjustment field: a number field changes no quantity, even sent like an adjustment', () => {
    expect(
      formAdjustments(receiving, {
        receiving: { temperature: { type: 'increase', value: 5 }, taken: { type: 'decrease', value: 2 } },
      }),
    ).toEqual([{ quantityKey: 'stock', delta: -2, type: 'decrease', value: 2, field: 'receiving.taken' }]);
  });

  it('none from a form sent empty, nor at a trackpoint the type does not have', () => {
    expect(formAdjustments(hub, { receiving: null })).toEqual([]);
    expect(formAdjustments(undefined, { receiving: { taken: { type: 'decrease', value: 2 } } })).toEqual([]);
  });

  it('a trackpoint has adjustment fields when any field of its forms is one', () => {
    expect(hasAdjustmentFields(receiving)).toBe(true);
    expect(hasAdjustmentFields(BOX.trackPoints[1])).toBe(false);
    expect(hasAdjustmentFields(undefined)).toBe(false);
  });
});

describe('running quantities, step by step', () => {
  const activated = (value: number) => entry('activated', { stock: { type: 'increase', value } }, 'packed');

  it('a stock used up exactly is 0, not minus 0 (0.3 - 0.1 - 0.2)', () => {
    const [stock] = runningQuantities(STOCKED, [
      activated(0.3),
      entry('tracked', taken('decrease', 0.1)),
      entry('tracked', taken('decrease', 0.2)),
    ]);
    expect(stock!.remaining).toBe(0);
  });

  it("a history starting with the label's generation (no data) counts from the activation", () => {
    const entries = [entry('generated', null, null), activated(40), entry('tracked', taken('decrease', 15))];
    expect(runningQuantities(STOCKED, entries)[0]).toMatchObject({ initial: 40, decrease: 15, remaining: 25 });
  });

  it('an activation without data starts the stock at 0', () => {
    expect(runningQuantities(STOCKED, [entry('activated', null, 'packed')])[0]).toMatchObject({
      initial: 0,
      remaining: 0,
    });
  });

  it('an undo or edit entry without data takes nothing back', () => {
    const entries = [
      activated(40),
      entry('tracked', taken('decrease', 15)),
      entry('tracking-undone', null),
      entry('tracking-edited', null),
    ];
    expect(runningQuantities(STOCKED, entries)[0]).toMatchObject({ decrease: 15, remaining: 25 });
  });

  it('a step at a trackpoint the type does not have changes nothing', () => {
    const entries = [activated(40), entry('tracked', taken('decrease', 15), 'warehouse')];
    expect(runningQuantities(STOCKED, entries)[0]).toMatchObject({
      decrease: 0,
      remaining: 40,
      quantity: null,
      adjustedAt: null,
    });
  });

  it("a step's adjustment of a quantity the type does not keep changes no kept quantity", () => {
    const entries = [
      activated(40),
      entry('tracked', { forms: { receiving: { pallets: { type: 'increase', value: 2 } } } }),
    ];
    expect(runningQuantities(STOCKED, entries)).toEqual([
      {
        key: 'stock',
        initial: 40,
        increase: 0,
        decrease: 0,
        remaining: 40,
        quantity: null,
        type: null,
        adjustedAt: null,
      },
    ]);
  });

  it('activation fields named like history bookkeeping (undoneSeq, editedSeq) undo and edit no step', () => {
    const step = entry('tracked', taken('decrease', 15));
    const edit = entry(
      'activation-edited',
      { stock: { type: 'increase', value: 40 }, undoneSeq: step.seq, editedSeq: step.seq },
      'packed',
    );
    expect(runningQuantities(STOCKED, [activated(40), step, edit])[0]).toMatchObject({
      decrease: 15,
      remaining: 25,
      quantity: 15,
    });
  });
});
