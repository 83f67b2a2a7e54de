import { describe, expect, it } from 'vitest';
import type { CustomField } from '../../../schemas/custom-field';
import type { ProjectConfig, TrackPoint } from '../../../schemas/project-config';
import {
  defaultBusinessStep,
  documentFrame,
  eventsOf,
  exportRange,
  type EpcisContext,
  type EpcisEvent,
} from '../../../server/rules/epcis';
import type { EpcisEntry } from '../../../server/rows/history';
import { gs1ChecksRun, gs1Status } from '../epcis/gs1-files';
import { answer, BOX, CONFIG, CRATE, label, onField, trackPoint } from './fixtures';

// The EPCIS 2.0 events of one history entry (docs/engineers/standards.md, "The EPCIS 2.0 export"),
// and the document around them. The schemas are compiled only by the tests that validate, and only
// there: Stryker runs the other tests of this file once per mutant. GS1's official schema is read
// where its checks run (docs/engineers/epcis-checks.md).

if (!gs1ChecksRun()) console.warn(`rules/epcis.test.ts: ${gs1Status()}`);

const BASE = { origin: 'https://track.example.com', projectSegment: 'demo@1' };
const AT = '2026-03-14T09:30:00.000Z';
const UNDONE_AT = '2026-03-14T10:05:00.000Z';
const SSCC = '106141411234567897';
const SSCC_URI = `https://id.gs1.org/00/${SSCC}`;

const qr = (id: string) => `https://track.example.com/demo@1/qrcode/${id}`;
const trackpoint = (key: string) => `https://track.example.com/demo@1/epcis/trackpoint/${key}`;
const bin = (id: string) => `https://track.example.com/demo@1/epcis/location/${id}`;
const eventId = (barcodeId: string, seq: number, part = 0) => `ni:///sha-256;${barcodeId}-${seq}-${part}?ver=CBV2.0`;

const number = (key: string, extra: Partial<CustomField> = {}): CustomField =>
  ({ type: 'number', key, label: label(key), ...extra }) as CustomField;

/** What a cold-chain box records at the hub: temperatures in °C and ℃ (one only members see), and readings that are no temperatures. */
const HUB_FIELDS: CustomField[] = [
  number('temperature', { unitSuffix: '°C' }),
  number('probe', { unitSuffix: '℃', visibility: 'visibleWhenLoggedIn' }),
  number('humidity', { unitSuffix: '%' }),
  number('coreF', { unitSuffix: '°F' }),
  number('plain'),
  { type: 'calculation', key: 'average', label: label('Average'), formula: 'temperature', unitSuffix: '°C' },
  number('qaProbe', { unitSuffix: '°C', visibility: 'hidden' }),
];

/** The fixtures' box with temperatures at the hub (and a count, no temperature, on delivery); a crate that hides the box's case count. */
const COLD: ProjectConfig = {
  ...CONFIG,
  barcodeTypes: {
    box: {
      ...BOX,
      trackPoints: [
        trackPoint('packed'),
        trackPoint('hub', {
          trackPointForms: [
            { key: 'receiving', customFields: HUB_FIELDS },
            { key: 'handover', customFields: [number('count')] },
          ],
        }),
        trackPoint('delivered', { trackPointForms: [{ key: 'receiving', customFields: [number('count')] }] }),
      ],
    },
    crate: {
      ...CRATE,
      activationFields: [
        number('caseCount', { visibility: 'hidden' }),
        { type: 'text', key: 'lotNumber', label: label('Lot') },
      ],
    },
  },
};

const EXTERNAL_IDS: Record<string, string> = { CASE2: SSCC, LOGGER2: SSCC };

/** The mapping's context: the demo project's URIs, `exported` the barcodes whose own history is in the same document. */
const context = (exported: string[] = [], config: ProjectConfig = COLD): EpcisContext => ({
  base: BASE,
  config,
  externalIdOf: (id) => EXTERNAL_IDS[id] ?? null,
  isExported: (id) => exported.includes(id),
  eventIdOf: eventId,
});

const entry = (action: string, data: unknown, extra: Partial<EpcisEntry> = {}): EpcisEntry => ({
  barcodeId: 'BOX1',
  seq: 4,
  action,
  trackPointKey: 'hub',
  data,
  createdAt: AT,
  externalId: null,
  stockLocationId: null,
  undoneAt: null,
  ...extra,
});

/** What every event of BOX1's entry 4 at the hub has. */
const atHub = (type: string, part = 0) => ({
  type,
  eventID: eventId('BOX1', 4, part),
  eventTime: AT,
  eventTimeZoneOffset: '+00:00',
  readPoint: { id: trackpoint('hub') },
  bizLocation: { id: trackpoint('hub') },
});

const ACTIVATION_DATA = {
  productName: 'Influenza vaccine',
  caseCount: 40,
  handling: ['cold'],
  internalCost: 12,
  lotNumber: 'FLU-2026-1',
  totalDoses: null,
  qaNotes: 'SECRET-QA',
  externalId: SSCC,
  trackingNumber: 'TN-1',
};
const COMMISSIONING: EpcisEvent = {
  ...atHub('ObjectEvent'),
  action: 'ADD',
  epcList: [SSCC_URI],
  bizStep: 'commissioning',
  disposition: 'active',
  ilmd: {
    'tt:productName': 'Influenza vaccine',
    'tt:handling': ['cold'],
    'tt:internalCost': 12,
    'tt:lotNumber': 'FLU-2026-1',
  },
};

const HUB_READINGS = {
  forms: {
    receiving: { temperature: 5, probe: 4.5, humidity: 60, coreF: 41, plain: 7, average: 5, qaProbe: 3 },
    handover: { temperature: 9, count: 2 },
  },
};
const report = (value: number) => ({ type: 'Temperature', value, uom: 'CEL', time: AT });
const ARRIVAL: EpcisEvent = {
  ...atHub('ObjectEvent'),
  action: 'OBSERVE',
  epcList: [qr('BOX1')],
  bizStep: 'arriving',
  sensorElementList: [{ sensorReport: [report(5), report(4.5)] }],
};
const UNDONE_ARRIVAL: EpcisEvent = {
  ...atHub('ObjectEvent'),
  action: 'OBSERVE',
  epcList: [qr('BOX1')],
  bizStep: 'arriving',
  errorDeclaration: { declarationTime: UNDONE_AT, reason: 'did_not_occur' },
};

const STORING: EpcisEvent = {
  ...atHub('ObjectEvent'),
  bizLocation: { id: bin('BIN-A01') },
  action: 'OBSERVE',
  epcList: [qr('BOX1')],
  bizStep: 'storing',
};
const PICKING: EpcisEvent = { ...atHub('ObjectEvent'), action: 'OBSERVE', epcList: [qr('BOX1')], bizStep: 'picking' };
const DECOMMISSIONING: EpcisEvent = {
  ...atHub('ObjectEvent'),
  action: 'DELETE',
  epcList: [qr('BOX1')],
  bizStep: 'decommissioning',
  disposition: 'inactive',
};

const PACKING: EpcisEvent = {
  ...atHub('AggregationEvent'),
  action: 'ADD',
  bizStep: 'packing',
  parentID: qr('BOX1'),
  childEPCs: [qr('CASE1'), SSCC_URI],
};
const PACKED_INTO: EpcisEvent = {
  ...atHub('AggregationEvent'),
  action: 'ADD',
  bizStep: 'packing',
  parentID: qr('PALLET1'),
  childEPCs: [qr('BOX1')],
};
const ASSEMBLING: EpcisEvent = {
  ...atHub('AssociationEvent'),
  action: 'ADD',
  bizStep: 'assembling',
  parentID: qr('BOX1'),
  childEPCs: [qr('LOGGER1'), SSCC_URI],
};
const ATTACHED_TO = (part: number, parent: string): EpcisEvent => ({
  ...atHub('AssociationEvent', part),
  action: 'ADD',
  bizStep: 'assembling',
  parentID: parent,
  childEPCs: [qr('BOX1')],
});

describe('commissioning: an activation', () => {
  it('is an ObjectEvent with action ADD, bizStep commissioning and disposition active, at the trackpoint it starts from', () => {
    expect(eventsOf(context(), entry('activated', ACTIVATION_DATA, { externalId: SSCC }))).toStrictEqual([
      COMMISSIONING,
    ]);
  });

  it('carries the visible activation fields as lot master data (ILMD), never hidden ones, empty ones or what is no field', () => {
    const [event] = eventsOf(context(), entry('activated', ACTIVATION_DATA, { externalId: SSCC }));
    expect(event?.ilmd).toStrictEqual(COMMISSIONING.ilmd);
    // caseCount is hidden in crates: hidden in any type keeps a field out of every export.
    expect(JSON.stringify(event)).not.toContain('SECRET-QA');
    expect(JSON.stringify(event)).not.toContain('caseCount');
  });

  it('has no ILMD when no visible field has a value', () => {
    const bare = {
      ...atHub('ObjectEvent'),
      action: 'ADD',
      epcList: [qr('BOX1')],
      bizStep: 'commissioning',
      disposition: 'active',
    };
    expect(
      eventsOf(
        context(),
        entry('activated', { productName: null, lotNumber: undefined, qaNotes: 'SECRET-QA', trackingNumber: 'TN-1' }),
      ),
    ).toStrictEqual([bare]);
    expect(eventsOf(context(), entry('activated', {}))).toStrictEqual([bare]);
  });

  it('names the barcode by the external id it had then: its GS1 Digital Link when that carries a GS1 key, its canonical URL otherwise', () => {
    expect(eventsOf(context(), entry('activated', {}, { externalId: SSCC }))[0]?.epcList).toStrictEqual([SSCC_URI]);
    expect(eventsOf(context(), entry('activated', {}, { externalId: 'PO-2026-0042' }))[0]?.epcList).toStrictEqual([
      qr('BOX1'),
    ]);
  });

  it('is still exported when the entry recorded no data, or something that is no set of fields', () => {
    for (const data of [null, undefined, 'productName', 42, ['Influenza vaccine']]) {
      expect(eventsOf(context(), entry('activated', data))[0], JSON.stringify(data)).toStrictEqual({
        ...atHub('ObjectEvent'),
        action: 'ADD',
        epcList: [qr('BOX1')],
        bizStep: 'commissioning',
        disposition: 'active',
      });
    }
  });
});

describe('arriving: a tracking step', () => {
  it('is an ObjectEvent OBSERVE with bizStep arriving, read at its trackpoint, whose temperatures in °C or ℃ are sensor reports in CEL', () => {
    expect(eventsOf(context(), entry('tracked', HUB_READINGS))).toStrictEqual([ARRIVAL]);
  });

  it('reports only the temperatures of the forms of the trackpoint it was recorded at', () => {
    const atDelivery = eventsOf(context(), entry('tracked', HUB_READINGS, { trackPointKey: 'delivered' }));
    expect(atDelivery).toStrictEqual([
      {
        ...atHub('ObjectEvent'),
        readPoint: { id: trackpoint('delivered') },
        bizLocation: { id: trackpoint('delivered') },
        action: 'OBSERVE',
        epcList: [qr('BOX1')],
        bizStep: 'receiving',
      },
    ]);
  });

  it('has no sensor report for a temperature left empty, typed as text or not a finite number', () => {
    const plain = { ...atHub('ObjectEvent'), action: 'OBSERVE', epcList: [qr('BOX1')], bizStep: 'arriving' };
    for (const temperature of [null, '5', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(
        eventsOf(context(), entry('tracked', { forms: { receiving: { temperature, probe: undefined } } })),
        String(temperature),
      ).toStrictEqual([plain]);
    }
    expect(eventsOf(context(), entry('tracked', { forms: { receiving: { humidity: 60 } } }))).toStrictEqual([plain]);
    expect(eventsOf(context(), entry('tracked', { forms: { receiving: 'temperature' } }))).toStrictEqual([plain]);
    expect(eventsOf(context(), entry('tracked', null))).toStrictEqual([plain]);
    expect(eventsOf(context(), entry('tracked', undefined))).toStrictEqual([plain]);
  });

  it("is the business step and disposition its trackpoint configures (a carrier's pickup departs), else its default", () => {
    const config = structuredClone(COLD);
    for (const type of Object.values(config.barcodeTypes))
      for (const point of type.trackPoints.filter((p) => p.key === 'hub'))
        Object.assign(point, { epcisBusinessStep: 'departing', epcisDisposition: 'in_transit' });
    expect(eventsOf(context([], config), entry('tracked', HUB_READINGS))).toStrictEqual([
      { ...ARRIVAL, bizStep: 'departing', disposition: 'in_transit' },
    ]);
    // The end of the trip, configuring nothing, is where the goods are received, without a disposition.
    expect(eventsOf(context([], config), entry('tracked', {}, { trackPointKey: 'delivered' }))[0]).toMatchObject({
      bizStep: 'receiving',
    });
    expect(eventsOf(context([], config), entry('tracked', {}, { trackPointKey: 'delivered' }))[0]).not.toHaveProperty(
      'disposition',
    );
  });

  it('configured, a business step wins over the default, also at the end of the trip', () => {
    const config = structuredClone(COLD);
    Object.assign(config.barcodeTypes.box!.trackPoints[2]!, { epcisBusinessStep: 'dispensing' });
    expect(eventsOf(context([], config), entry('tracked', {}, { trackPointKey: 'delivered' }))[0]).toMatchObject({
      bizStep: 'dispensing',
    });
  });
});

describe('the business step of a trackpoint that names none (defaultBusinessStep)', () => {
  const at = (key: string, over: Partial<TrackPoint> = {}, last = false) => ({
    point: trackPoint(key, over),
    last,
  });
  const END = { endTrackPointKey: 'delivered' };
  // A pickup form: the vehicle, then the transport leg's emission.
  const ghgForm = [
    { key: 'pickup', customFields: [number('vehicle'), { type: 'ghgEmission', key: 'leg', label: label('Leg') }] },
  ];

  it("is receiving at the project's end trackpoint, and where every type that has the key ends", () => {
    expect(defaultBusinessStep(END, 'delivered', [at('delivered')])).toBe('receiving');
    expect(defaultBusinessStep(END, 'shop', [at('shop', {}, true), at('shop', {}, true)])).toBe('receiving');
    // A place where one type ends and another goes on (a crate stops at the hub, a box does not) is no end.
    expect(defaultBusinessStep(END, 'hub', [at('hub'), at('hub', {}, true)])).toBe('arriving');
    // The end wins over a transport leg recorded there.
    expect(
      defaultBusinessStep(END, 'delivered', [at('delivered', { trackPointForms: ghgForm } as Partial<TrackPoint>)]),
    ).toBe('receiving');
  });

  it('is departing where a form records a transport leg (a GHG emission field): a carrier takes the goods', () => {
    const carrier = at('carrier', { trackPointForms: ghgForm } as Partial<TrackPoint>);
    expect(defaultBusinessStep(END, 'carrier', [carrier])).toBe('departing');
    // One type recording the leg is enough; the address rule comes after it.
    expect(defaultBusinessStep(END, 'carrier', [at('carrier', { requireOrigin: true }), carrier])).toBe('departing');
  });

  it('is shipping where the origin or the destination address is asked', () => {
    expect(defaultBusinessStep(END, 'dock', [at('dock', { requireOrigin: true })])).toBe('shipping');
    expect(defaultBusinessStep(END, 'dock', [at('dock', { requireDestination: true })])).toBe('shipping');
    expect(defaultBusinessStep(END, 'dock', [at('dock', { requireOrigin: false, requirePackageInfo: true })])).toBe(
      'arriving',
    );
  });

  it('is arriving anywhere else: forms without a transport leg, no trackpoint at all', () => {
    const plainForms = [{ key: 'check', customFields: [number('temperature')] }];
    expect(defaultBusinessStep(END, 'hub', [at('hub', { trackPointForms: plainForms } as Partial<TrackPoint>)])).toBe(
      'arriving',
    );
    expect(defaultBusinessStep(END, null, [])).toBe('arriving');
  });
});

describe('arriving: a tracking step, continued', () => {
  it('is an error declaration (did_not_occur, at the time of the undo) when the step was undone later', () => {
    expect(eventsOf(context(), entry('tracked', {}, { undoneAt: UNDONE_AT }))).toStrictEqual([UNDONE_ARRIVAL]);
  });

  it('is the same for a corrected step: an arrival with the corrected temperatures', () => {
    expect(eventsOf(context(), entry('tracking-edited', HUB_READINGS))).toStrictEqual([ARRIVAL]);
  });

  it('without a trackpoint has no read point, business location or sensor reports', () => {
    expect(eventsOf(context(), entry('tracked', HUB_READINGS, { trackPointKey: null }))).toStrictEqual([
      {
        type: 'ObjectEvent',
        eventID: eventId('BOX1', 4),
        eventTime: AT,
        eventTimeZoneOffset: '+00:00',
        action: 'OBSERVE',
        epcList: [qr('BOX1')],
        bizStep: 'arriving',
      },
    ]);
  });

  it("reads a configuration that leaves out a type's activation fields, a trackpoint's forms or a form's fields", () => {
    const older = {
      ...COLD,
      barcodeTypes: {
        crate: { ...CRATE, activationFields: undefined, trackPoints: [{ key: 'hub', name: label('hub') }] },
        box: {
          ...BOX,
          trackPoints: [
            {
              key: 'hub',
              name: label('hub'),
              trackPointForms: [{ key: 'handover' }, { key: 'receiving', customFields: HUB_FIELDS }],
            },
          ],
        },
      },
    } as unknown as ProjectConfig;
    // The hub is the only trackpoint of both types here: the end of their trips.
    expect(eventsOf(context([], older), entry('tracked', HUB_READINGS))).toStrictEqual([
      { ...ARRIVAL, bizStep: 'receiving' },
    ]);
    const withoutForms = structuredClone(older);
    withoutForms.endTrackPointKey = 'delivered';
    for (const type of Object.values(withoutForms.barcodeTypes))
      type.trackPoints.push({ key: 'delivered', name: label('delivered') } as TrackPoint);
    expect(eventsOf(context([], withoutForms), entry('tracked', {}))[0]?.bizStep).toBe('arriving');
    expect(
      eventsOf(context([], older), entry('activated', { productName: 'Influenza vaccine', caseCount: 40 }))[0]?.ilmd,
    ).toStrictEqual({ 'tt:productName': 'Influenza vaccine', 'tt:caseCount': 40 });
  });
});

describe('common to every event', () => {
  it('times are the recorded instant in UTC, with time zone offset +00:00', () => {
    const [event] = eventsOf(context(), entry('stocked-out', {}, { createdAt: '2026-12-31T23:59:59.999Z' }));
    expect([event?.eventTime, event?.eventTimeZoneOffset]).toStrictEqual(['2026-12-31T23:59:59.999Z', '+00:00']);
  });

  it('the eventID is the one the project gives the entry (and its part)', () => {
    expect(eventsOf(context(), entry('recycled', {}, { barcodeId: 'CASE1', seq: 17 }))[0]?.eventID).toBe(
      eventId('CASE1', 17, 0),
    );
  });
});

describe('stock', () => {
  it("a stock-in is storing in its bin, read at the barcode's trackpoint", () => {
    expect(
      eventsOf(context(), entry('stocked-in', { locationId: 'BIN-A01' }, { stockLocationId: 'BIN-A01' })),
    ).toStrictEqual([STORING]);
  });

  it('a stock-out is picking, back at the trackpoint', () => {
    expect(eventsOf(context(), entry('stocked-out', { locationId: 'BIN-A01' }))).toStrictEqual([PICKING]);
  });

  it('a bin is the business location even without a trackpoint', () => {
    expect(
      eventsOf(context(), entry('stocked-in', {}, { stockLocationId: 'BIN-A01', trackPointKey: null })),
    ).toStrictEqual([
      {
        type: 'ObjectEvent',
        eventID: eventId('BOX1', 4),
        eventTime: AT,
        eventTimeZoneOffset: '+00:00',
        bizLocation: { id: bin('BIN-A01') },
        action: 'OBSERVE',
        epcList: [qr('BOX1')],
        bizStep: 'storing',
      },
    ]);
  });
});

describe('recycling', () => {
  it('is decommissioning: an ObjectEvent DELETE with disposition inactive (the reuse is the next commissioning)', () => {
    expect(eventsOf(context(), entry('recycled', { previousExternalId: SSCC }))).toStrictEqual([DECOMMISSIONING]);
  });
});

describe('a pairing', () => {
  it('is an AggregationEvent ADD packing naming the parent and its children, each by its EPC', () => {
    expect(
      eventsOf(context(['CASE1', 'CASE2']), entry('paired', { childrenIds: ['CASE1', 'CASE2'], note: 'night shift' })),
    ).toStrictEqual([PACKING]);
  });

  it('an unpairing is the same AggregationEvent with DELETE unpacking', () => {
    expect(eventsOf(context(), entry('unpaired', { childrenIds: ['CASE1', 'CASE2'] }))).toStrictEqual([
      { ...PACKING, action: 'DELETE', bizStep: 'unpacking' },
    ]);
  });

  it("on the child's side is exported from the child only when its parent is not in the document", () => {
    expect(eventsOf(context(), entry('paired', { parentId: 'PALLET1', note: null }))).toStrictEqual([PACKED_INTO]);
    expect(eventsOf(context(), entry('unpaired', { parentId: 'PALLET1' }))).toStrictEqual([
      { ...PACKED_INTO, action: 'DELETE', bizStep: 'unpacking' },
    ]);
    expect(eventsOf(context(['PALLET1']), entry('paired', { parentId: 'PALLET1' }))).toStrictEqual([]);
  });

  it('names the parent by the external id it has', () => {
    expect(eventsOf(context(), entry('paired', { parentId: 'CASE2' }))[0]?.parentID).toBe(SSCC_URI);
  });

  it('gives nothing when the entry names no children and no parent', () => {
    for (const data of [{}, { childrenIds: [] }, { childrenIds: [null], parentId: 7 }, null]) {
      expect(eventsOf(context(), entry('paired', data)), JSON.stringify(data)).toStrictEqual([]);
    }
  });
});

describe('a link', () => {
  it('on the side linked to is an AssociationEvent ADD assembling naming it as parent and every barcode linking to it', () => {
    expect(
      eventsOf(context(), entry('linked', { linkedBarcodeIds: ['LOGGER1', 'LOGGER2'], direction: 'be-linked' })),
    ).toStrictEqual([ASSEMBLING]);
    expect(eventsOf(context(), entry('linked', { linkedBarcodeId: 'LOGGER1', direction: 'be-linked' }))).toStrictEqual([
      { ...ASSEMBLING, childEPCs: [qr('LOGGER1')] },
    ]);
  });

  it('an unlinking is the same AssociationEvent with DELETE disassembling', () => {
    expect(
      eventsOf(context(), entry('unlinked', { linkedBarcodeId: 'LOGGER1', direction: 'be-linked' })),
    ).toStrictEqual([{ ...ASSEMBLING, action: 'DELETE', bizStep: 'disassembling', childEPCs: [qr('LOGGER1')] }]);
  });

  it('on the linking side gives one event per parent that is not in the document, each with its own eventID', () => {
    const data = { linkedBarcodeIds: ['PALLET1', 'PALLET9', 'CASE2'], direction: 'link-to' };
    expect(eventsOf(context(['PALLET9']), entry('linked', data))).toStrictEqual([
      ATTACHED_TO(0, qr('PALLET1')),
      ATTACHED_TO(1, SSCC_URI),
    ]);
    expect(eventsOf(context(), entry('unlinked', { linkedBarcodeId: 'PALLET1', direction: 'link-to' }))).toStrictEqual([
      { ...ATTACHED_TO(0, qr('PALLET1')), action: 'DELETE', bizStep: 'disassembling' },
    ]);
    expect(
      eventsOf(context(['PALLET1']), entry('unlinked', { linkedBarcodeId: 'PALLET1', direction: 'link-to' })),
    ).toStrictEqual([]);
  });

  it('gives nothing when the entry names no other barcode', () => {
    expect(eventsOf(context(), entry('linked', { linkedBarcodeIds: [], direction: 'be-linked' }))).toStrictEqual([]);
    expect(eventsOf(context(), entry('linked', { direction: 'link-to' }))).toStrictEqual([]);
  });
});

describe('entries that record no physical event', () => {
  it('give none: generation, activation edits, moves with a parent, undo entries', () => {
    for (const action of [
      'generated',
      'activation-edited',
      'moved-with-parent',
      'moved-back-with-parent',
      'undone',
      '',
    ]) {
      expect(
        eventsOf(
          context(),
          entry(action, { childrenIds: ['CASE1'], direction: 'be-linked', linkedBarcodeIds: ['LOGGER1'] }),
        ),
        action,
      ).toStrictEqual([]);
    }
  });
});

describe('the EPCIS document', () => {
  const documentOf = (events: EpcisEvent[]) => {
    const { head, tail } = documentFrame(BASE, AT);
    return JSON.parse(`${head}${events.map((e) => JSON.stringify(e)).join(',')}${tail}`) as unknown;
  };
  const frame = (eventList: EpcisEvent[]) => ({
    '@context': [
      'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld',
      { tt: 'https://track.example.com/epcis/vocabulary#' },
    ],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: AT,
    epcisBody: { eventList },
  });

  it("is an EPCISDocument 2.0 naming GS1's context and this product's vocabulary (tt), with the events streamed between its head and tail", () => {
    expect(documentOf([PICKING, DECOMMISSIONING])).toStrictEqual(frame([PICKING, DECOMMISSIONING]));
    expect(documentOf([])).toStrictEqual(frame([]));
  });

  // The events above, each checked there to be exactly what eventsOf gives.
  const ALL = [
    COMMISSIONING,
    ARRIVAL,
    UNDONE_ARRIVAL,
    STORING,
    PICKING,
    DECOMMISSIONING,
    PACKING,
    PACKED_INTO,
    ASSEMBLING,
    ATTACHED_TO(1, SSCC_URI),
  ];

  it("validates against the project's EPCIS 2.0 schema with every kind of event the export gives", async () => {
    const { briefly, projectEpcisErrors } = await import('../epcis/validate');
    expect(projectEpcisErrors(documentOf(ALL)), briefly(projectEpcisErrors(documentOf(ALL)))).toEqual([]);
    expect(projectEpcisErrors(documentOf([]))).toEqual([]);
  });

  it.runIf(gs1ChecksRun())(
    "validates against GS1's EPCIS 2.0 schema with every kind of event the export gives",
    async () => {
      const { briefly, gs1EpcisErrors } = await import('../epcis/validate');
      expect(gs1EpcisErrors(documentOf(ALL)), briefly(gs1EpcisErrors(documentOf(ALL)))).toEqual([]);
    },
  );
});

describe('the days a project export covers', () => {
  it('run from the start of the first day to the end of the last, in UTC by default', () => {
    expect(exportRange('20260301', '20260302')).toStrictEqual({
      from: new Date('2026-03-01T00:00:00.000Z'),
      to: new Date('2026-03-03T00:00:00.000Z'),
    });
    expect(exportRange('20260301', '20260301')).toStrictEqual({
      from: new Date('2026-03-01T00:00:00.000Z'),
      to: new Date('2026-03-02T00:00:00.000Z'),
    });
  });

  it('are local days of the UTC offset asked (9: Japan)', () => {
    expect(exportRange('20260301', '20260302', 9)).toStrictEqual({
      from: new Date('2026-02-28T15:00:00.000Z'),
      to: new Date('2026-03-02T15:00:00.000Z'),
    });
  });

  it('refuse a date that is no day (1013 on that date)', () => {
    expect(answer(() => exportRange('20260230', '20260301'))).toEqual(onField('from', 1013));
    expect(answer(() => exportRange('20260301', '20260230'))).toEqual(onField('to', 1013));
  });

  it('refuse a last day before the first (1010 on to)', () => {
    expect(answer(() => exportRange('20260102', '20260101'))).toEqual(onField('to', 1010));
    expect(answer(() => exportRange('20260105', '20260101', 9))).toEqual(onField('to', 1010));
  });
});
