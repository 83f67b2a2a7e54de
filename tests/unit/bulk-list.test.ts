import { describe, expect, it } from 'vitest';
import {
  bulkListReducer,
  emptyBulkList,
  entriesToCheck,
  listedIds,
  outcomesOf,
  refusalsOf,
  summarise,
  type BulkListAction,
  type BulkListState,
} from '@/shared/scan-list/bulk-list';
import { newEntries, restoredEntries, splitScans } from '@/shared/scan-list/scan-list';

const ID_A = 'AAAAAAAAAAA1';
const ID_B = 'BBBBBBBBBBB2';
const ID_C = 'CCCCCCCCCCC3';

const run = (...actions: BulkListAction[]) => actions.reduce(bulkListReducer, emptyBulkList);
const add = (...texts: string[]): BulkListAction => ({ type: 'added', entries: newEntries(texts) });
const verdicts = (state: BulkListState) =>
  state.entries.map((e) => (e.verdict.state === 'refused' ? e.verdict.code : e.verdict.state));
const keyOf = (state: BulkListState, index: number) => state.entries[index]!.key;

describe('pasting and scanning into a bulk list', () => {
  it('splits a pasted list at the delimiters, new lines and spreadsheet tabs', () => {
    expect(splitScans(`${ID_A}\t${ID_B}\r\n${ID_C}, CASE-1 ;`, [',', ';'])).toEqual([ID_A, ID_B, ID_C, 'CASE-1']);
    expect(splitScans('\n\t ,', [','])).toEqual([]);
  });

  it('lists every scan as waiting for its check; adding nothing changes nothing', () => {
    const state = run(add(ID_A, ID_B));
    expect(verdicts(state)).toEqual(['pending', 'pending']);
    expect(bulkListReducer(state, { type: 'added', entries: [] })).toBe(state);
  });
});

describe('duplicates ("already in the list")', () => {
  it('refuses a second scan of the same barcode with 3017 at once, without asking the server', () => {
    const state = run(add(ID_A, ID_B), add(ID_A));
    expect(verdicts(state)).toEqual(['pending', 'pending', 3017]);
    expect(entriesToCheck(state, new Set(), 10).map((e) => e.id)).toEqual([ID_A, ID_B]);
  });

  it('finds a duplicate once a looked-up code turns out to be a listed barcode', () => {
    let state = run(add(ID_A, 'CASE-1'));
    expect(entriesToCheck(state, new Set(), 10).map((e) => e.id)).toEqual([ID_A]);
    state = bulkListReducer(state, { type: 'resolved', key: keyOf(state, 1), id: ID_A });
    expect(verdicts(state)).toEqual(['pending', 3017]);
  });

  it('checks the second entry again when the first of the pair is removed', () => {
    let state = run(add(ID_A), add(ID_A));
    state = bulkListReducer(state, { type: 'checked', results: [{ key: keyOf(state, 0), code: null }] });
    expect(verdicts(state)).toEqual(['ready', 3017]);
    state = bulkListReducer(state, { type: 'removed', key: keyOf(state, 0) });
    expect(verdicts(state)).toEqual(['pending']);
  });
});

describe('verdicts from the dry run', () => {
  it('records ready and refused entries with what the server told about them', () => {
    let state = run(add(ID_A, ID_B, ID_C));
    state = bulkListReducer(state, {
      type: 'checked',
      results: [
        { key: keyOf(state, 0), code: null, barcodeType: 'pallet', externalId: 'PO-1' },
        { key: keyOf(state, 1), code: 3006 },
      ],
    });
    expect(verdicts(state)).toEqual(['ready', 3006, 'pending']);
    expect(state.entries[0]).toMatchObject({ barcodeType: 'pallet', externalId: 'PO-1' });
    expect(summarise(state)).toEqual({
      total: 3,
      ready: 1,
      refused: 1,
      pending: 1,
      unchecked: 0,
      canSubmit: false,
      canQueue: false,
    });
  });

  it('ignores an answer about an entry removed or re-judged meanwhile', () => {
    let state = run(add(ID_A, ID_B));
    const [a, b] = [keyOf(state, 0), keyOf(state, 1)];
    state = bulkListReducer(state, { type: 'removed', key: a });
    state = bulkListReducer(state, {
      type: 'checked',
      results: [
        { key: a, code: null },
        { key: b, code: 2303 },
      ],
    });
    expect(state.entries.map((e) => e.key)).toEqual([b]);
    expect(verdicts(state)).toEqual([2303]);
    state = bulkListReducer(state, { type: 'checked', results: [{ key: b, code: null }] });
    expect(verdicts(state)).toEqual([2303]);
  });

  it('sends checks in batches of at most `max`, skipping those already under way', () => {
    const state = run(add(...Array.from({ length: 25 }, (_, i) => `ID${String(i).padStart(10, '0')}`)));
    const first = entriesToCheck(state, new Set(), 10);
    expect(first).toHaveLength(10);
    const second = entriesToCheck(state, new Set(first.map((e) => e.key)), 10);
    expect(second[0]!.key).toBe(state.entries[10]!.key);
  });

  it('allows Submit only when every entry is ready; removing the refused ones unblocks it', () => {
    let state = run(add(ID_A, ID_B));
    expect(summarise(emptyBulkList).canSubmit).toBe(false);
    state = bulkListReducer(state, {
      type: 'checked',
      results: [
        { key: keyOf(state, 0), code: null },
        { key: keyOf(state, 1), code: 3013 },
      ],
    });
    expect(summarise(state).canSubmit).toBe(false);
    state = bulkListReducer(state, { type: 'removedNotReady' });
    expect(summarise(state)).toMatchObject({ total: 1, ready: 1, canSubmit: true });
    expect(listedIds(state)).toEqual([ID_A]);
  });

  it('checks everything again on recheck (a failed check, a refused submit), duplicates staying refused', () => {
    let state = run(add(ID_A, ID_B), add(ID_A));
    state = bulkListReducer(state, {
      type: 'checked',
      results: [
        { key: keyOf(state, 0), code: 'network' },
        { key: keyOf(state, 1), code: null },
      ],
    });
    state = bulkListReducer(state, { type: 'recheck' });
    expect(verdicts(state)).toEqual(['pending', 'pending', 3017]);
    expect(bulkListReducer(state, { type: 'cleared' })).toEqual(emptyBulkList);
  });
});

describe('a bulk request the server refused', () => {
  it('marks the entries it names under barcodeIds.<index>, whatever their verdict was, and blocks Submit', () => {
    let state = run(add(ID_A, ID_B, ID_C));
    state = bulkListReducer(state, {
      type: 'checked',
      results: state.entries.map((e) => ({ key: e.key, code: null })),
    });
    const results = refusalsOf(state, { 'barcodeIds.2': [3006], 'barcodeIds.9': [3006], $common: [1000], other: [] });
    expect(results).toEqual([{ key: keyOf(state, 2), code: 3006 }]);
    state = bulkListReducer(state, { type: 'refused', results });
    expect(verdicts(state)).toEqual(['ready', 'ready', 3006]);
    expect(summarise(state).canSubmit).toBe(false);
  });
});

describe('a refusal that says more than its code', () => {
  it("shows a recycled barcode as recycled, as the dry run's verdict does, and the others by their code", () => {
    const state = run(add(ID_A, ID_B, ID_C));
    expect(
      refusalsOf(
        state,
        { 'barcodeIds.0': [3001], 'barcodeIds.1': [3001], 'barcodeIds.2': [3006] },
        { 'barcodeIds.1': 'recycled', 'barcodeIds.2': 'recycled', other: 'recycled' },
      ).map((r) => r.code),
    ).toEqual([3001, 'recycled', 'recycled']);
    expect(refusalsOf(state, { 'barcodeIds.0': [3001] }).map((r) => r.code)).toEqual([3001]);
  });
});

describe('a list sent later from the outbox', () => {
  it('once taken, shows every entry taken, whatever it showed while it waited (not checked, checking)', () => {
    let state = run(add(ID_A, ID_B, ID_C));
    state = bulkListReducer(state, {
      type: 'checked',
      results: [
        { key: keyOf(state, 0), code: 'network' },
        { key: keyOf(state, 1), code: null },
      ],
    });
    expect(verdicts(state)).toEqual(['unchecked', 'ready', 'pending']);
    expect(outcomesOf(state)).toEqual(state.entries.map((e) => ({ key: e.key, code: null })));
    state = bulkListReducer(state, { type: 'settled', results: outcomesOf(state) });
    expect(verdicts(state)).toEqual(['ready', 'ready', 'ready']);
  });

  it('once refused, shows each refused entry with its reason and the others ready, so the list can be fixed and sent', () => {
    let state = run(add(ID_A, ID_B, ID_C));
    state = bulkListReducer(state, { type: 'checked', results: [{ key: keyOf(state, 0), code: 'timeout' }] });
    const outcomes = outcomesOf(state, {
      fields: { 'barcodeIds.0': [3001], 'barcodeIds.2': [3005] },
      reasons: { 'barcodeIds.0': 'recycled' },
    });
    expect(outcomes.map((o) => o.code)).toEqual(['recycled', null, 3005]);
    state = bulkListReducer(state, { type: 'settled', results: outcomes });
    expect(verdicts(state)).toEqual(['recycled', 'ready', 3005]);
    expect(summarise(state)).toMatchObject({ refused: 2, ready: 1, canSubmit: false });
    state = bulkListReducer(state, { type: 'removedNotReady' });
    expect(summarise(state)).toMatchObject({ total: 1, canSubmit: true });
  });

  it('leaves an entry the answer does not name ready (the server checked it)', () => {
    const state = run(add(ID_A, ID_B));
    const settled = bulkListReducer(state, { type: 'settled', results: [{ key: keyOf(state, 1), code: 3006 }] });
    expect(verdicts(settled)).toEqual(['ready', 3006]);
  });
});

describe('a check that got no answer (offline)', () => {
  it('leaves its entries not checked yet: neither refused nor removable, and re-checked when the network returns', () => {
    let state = run(add(ID_A, ID_B, ID_C));
    state = bulkListReducer(state, {
      type: 'checked',
      results: [
        { key: keyOf(state, 0), code: 'network' },
        { key: keyOf(state, 1), code: 'timeout' },
        { key: keyOf(state, 2), code: 3006 },
      ],
    });
    expect(verdicts(state)).toEqual(['unchecked', 'unchecked', 3006]);
    expect(summarise(state)).toEqual({
      total: 3,
      ready: 0,
      refused: 1,
      pending: 0,
      unchecked: 2,
      canSubmit: false,
      canQueue: false,
    });
    // The bad one goes; the ones not checked stay, and may now wait in the outbox.
    state = bulkListReducer(state, { type: 'removedNotReady' });
    expect(verdicts(state)).toEqual(['unchecked', 'unchecked']);
    expect(summarise(state)).toMatchObject({ canSubmit: false, canQueue: true });
    expect(entriesToCheck(state, new Set(), 10)).toEqual([]);
    state = bulkListReducer(state, { type: 'reconnected' });
    expect(verdicts(state)).toEqual(['pending', 'pending']);
    expect(entriesToCheck(state, new Set(), 10).map((e) => e.id)).toEqual([ID_A, ID_B]);
  });

  it('changes nothing on reconnecting when nothing waits for the network', () => {
    const state = run(add(ID_A));
    expect(bulkListReducer(state, { type: 'reconnected' })).toBe(state);
  });
});

describe('a list kept on the phone', () => {
  it('comes back first and is checked again; what was scanned meanwhile and is not in it follows', () => {
    let state = run(add(ID_A));
    state = bulkListReducer(state, { type: 'checked', results: [{ key: keyOf(state, 0), code: null }] });
    state = bulkListReducer(state, add(ID_C));
    const kept = restoredEntries([
      { text: ID_A, reference: ID_A, id: ID_A },
      { text: ID_B, reference: ID_B, id: ID_B },
      { text: 'CASE-9', reference: 'CASE-9', id: null },
    ]);
    state = bulkListReducer(state, { type: 'restored', entries: kept });
    expect(listedIds(state)).toEqual([ID_A, ID_B, 'CASE-9', ID_C]);
    expect(verdicts(state)).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect(new Set(state.entries.map((e) => e.key)).size).toBe(4);
    // The one still to look up keeps no id.
    expect(state.entries[2]!.id).toBeNull();
  });

  it('judges duplicates across the kept list and what came meanwhile', () => {
    const state = bulkListReducer(run(add(ID_B)), {
      type: 'restored',
      entries: restoredEntries([
        { text: ID_A, reference: ID_A, id: ID_A },
        { text: ID_A, reference: ID_A, id: ID_A },
      ]),
    });
    expect(verdicts(state)).toEqual(['pending', 3017, 'pending']);
  });
});
