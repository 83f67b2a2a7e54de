import { describe, expect, it } from 'vitest';
import { hiddenFieldKeys, reportRows, standingEmissions } from '../../../server/rules/ghg';
import type { EmissionEntry } from '../../../server/rows/history';
import { BOX, label, trackPoint } from './fixtures';

const gases = (co2: number) => ({ CO2: co2, CH4: null, N2O: null });
const ghg = (emission: number, transportType = 'diesel') => ({
  transportType,
  fuelConsumption: 1,
  emission,
  gases: gases(emission),
  factorTableVersion: 'v',
});
let seq = 0;
const entry = (action: string, data: unknown, trackPointKey = 'carrier'): EmissionEntry => ({
  barcode_id: 'B',
  seq: ++seq,
  action,
  track_point_key: trackPointKey,
  created_at: new Date(Date.UTC(2026, 10, seq)),
  data,
});

describe('standingEmissions', () => {
  it('takes activation fields and tracking forms, an edit replacing its step and an undo dropping it', () => {
    seq = 0;
    const entries = [
      entry('activated', { e: ghg(1), productName: 'x' }, 'manufacturer'),
      entry('tracked', { forms: { pickup: { truckEmission: ghg(10), vehicleId: 'TK' } } }),
      entry('tracking-edited', { editedSeq: 2, forms: { pickup: { truckEmission: ghg(20) } } }),
      entry('tracked', { forms: { delivery: { lastMile: ghg(5, 'gasoline') } } }, 'pharmacy'),
      entry('tracking-undone', { undoneSeq: 4 }, 'carrier'),
    ];
    expect(standingEmissions(entries, false).map((l) => [l.seq, l.trackPointKey, l.fieldKey, l.emission])).toEqual([
      [1, 'manufacturer', 'e', 1],
      [2, 'carrier', 'truckEmission', 20],
    ]);
    // The edited step keeps the time it was added.
    expect(standingEmissions(entries, false)[1]?.at).toBe(new Date(Date.UTC(2026, 10, 2)).toISOString());
  });

  it("ignores values without the server's factor table version (never computed by it)", () => {
    seq = 0;
    expect(
      standingEmissions(
        [entry('tracked', { forms: { pickup: { truckEmission: { transportType: 'diesel', emission: 99 } } } })],
        false,
      ),
    ).toEqual([]);
  });

  it('forgets earlier trips after a recycle for the journey, keeps them for the report', () => {
    seq = 0;
    const entries = [
      entry('tracked', { forms: { pickup: { e: ghg(3) } } }),
      entry('recycled', {}),
      entry('activated', { e: ghg(4) }, 'manufacturer'),
    ];
    expect(standingEmissions(entries, false).map((l) => l.emission)).toEqual([4]);
    expect(standingEmissions(entries, true).map((l) => l.emission)).toEqual([3, 4]);
  });
});

describe('reportRows', () => {
  it('sums by trackpoint leg and transport type, largest first', () => {
    seq = 0;
    const legs = standingEmissions(
      [
        entry('tracked', { forms: { a: { e: ghg(1.1) } } }),
        entry('tracked', { forms: { a: { e: ghg(2.2) } } }),
        entry('tracked', { forms: { a: { e: ghg(10, 'railway') } } }),
      ],
      true,
    );
    expect(reportRows(legs)).toEqual([
      { trackPointKey: 'carrier', transportType: 'railway', count: 1, emission: 10, CO2: 10, CH4: 0, N2O: 0 },
      { trackPointKey: 'carrier', transportType: 'diesel', count: 2, emission: 3.3, CO2: 3.3, CH4: 0, N2O: 0 },
    ]);
  });
});

describe('standingEmissions, an edit that adds an emission', () => {
  it('counts it at the time of the step it corrects, and an activation edit likewise', () => {
    seq = 0;
    const entries = [
      entry('activated', { productName: 'x' }, 'manufacturer'),
      entry('tracked', { forms: { pickup: { vehicleId: 'TK' } } }),
      entry('tracking-edited', { editedSeq: 2, forms: { pickup: { truckEmission: ghg(7) } } }),
      entry('activation-edited', { e: ghg(2) }, 'manufacturer'),
    ];
    expect(standingEmissions(entries, false).map((l) => [l.seq, l.emission, l.at])).toEqual([
      [1, 2, new Date(Date.UTC(2026, 10, 1)).toISOString()],
      [2, 7, new Date(Date.UTC(2026, 10, 2)).toISOString()],
    ]);
  });
});

describe('hiddenFieldKeys (emissions of fields configured hidden are not shown)', () => {
  const hiddenGhg = {
    type: 'ghgEmission',
    key: 'internalEmission',
    label: label('Internal emission'),
    visibility: 'hidden',
  } as never;
  const config = {
    barcodeTypes: {
      box: {
        ...BOX,
        trackPoints: [
          ...BOX.trackPoints,
          trackPoint('carrier', { trackPointForms: [{ key: 'pickup', customFields: [hiddenGhg] }] }),
        ],
      },
    },
  };
  it('names the hidden activation and trackpoint form fields of the type, and nothing for an unknown type', () => {
    expect([...hiddenFieldKeys(config, 'box')].sort()).toEqual(['internalEmission', 'qaNotes']);
    expect(hiddenFieldKeys(config, 'pallet').size).toBe(0);
    expect(hiddenFieldKeys(config, null).size).toBe(0);
  });
});
