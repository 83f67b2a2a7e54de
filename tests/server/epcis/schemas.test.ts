import { describe, expect, it } from 'vitest';
import { gs1ChecksRun, gs1Status } from './gs1-files';
import { briefly, gs1EpcisErrors, gs1Examples, projectEpcisErrors } from './validate';

// The two schemas the exports are checked against (docs/engineers/epcis-checks.md): the project's
// own, here on documents written for this test, and, where GS1's files are, GS1's official schema,
// which must agree with it on GS1's examples and on broken variants of them.

if (!gs1ChecksRun()) console.warn(`schemas.test.ts: ${gs1Status()}`);

type Json = Record<string, unknown>;
type EpcisDocument = Json & { epcisBody: Json };

const EPCIS_CONTEXT = 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld';
const AT = { eventTime: '2026-05-04T08:15:00.000+02:00', eventTimeZoneOffset: '+02:00' };
const ITEM = (serial: string) => `https://id.gs1.org/01/09506000134352/21/${serial}`;
const LOT = 'https://id.gs1.org/01/09506000134352/10/L42';
const PALLET = 'https://id.gs1.org/00/095060001343999999';
const DOCK = { id: 'https://id.gs1.org/414/9506000134376' };

/** One event of each type and shape the standard allows, with the members each may carry. */
const EVENTS: Json[] = [
  {
    type: 'ObjectEvent',
    ...AT,
    eventID: 'urn:uuid:6a1e8c1e-1c4a-4c59-9d11-2f6d8b0a0001',
    action: 'ADD',
    epcList: [ITEM('A1'), ITEM('A2')],
    bizStep: 'commissioning',
    disposition: 'active',
    persistentDisposition: { set: ['completeness_verified'] },
    readPoint: DOCK,
    ilmd: { 'cbvmda:bestBeforeDate': '2027-01-31', 'acme:batch': 'B-7' },
  },
  {
    type: 'ObjectEvent',
    ...AT,
    recordTime: '2026-05-04T06:20:00.000Z',
    action: 'OBSERVE',
    quantityList: [{ epcClass: LOT, quantity: 12.5, uom: 'KGM' }, { epcClass: LOT }],
    bizStep: 'receiving',
    disposition: 'in_progress',
    bizLocation: { id: 'https://id.gs1.org/414/9506000134376/254/2', 'acme:zone': 'cold' },
    bizTransactionList: [{ type: 'po', bizTransaction: 'https://acme.example/orders/PO-1' }],
    sourceList: [{ type: 'possessing_party', source: 'https://id.gs1.org/417/9506000134383' }],
    destinationList: [{ type: 'location', destination: 'https://id.gs1.org/414/9506000134376' }],
    'acme:shift': { name: 'night', crew: ['Ana', 'Bo'] },
  },
  {
    // Sensor readings alone, at a read point.
    type: 'ObjectEvent',
    ...AT,
    action: 'OBSERVE',
    bizStep: 'sensor_reporting',
    readPoint: DOCK,
    sensorElementList: [
      {
        sensorMetadata: { time: '2026-05-04T06:15:00.000Z', deviceID: 'urn:epc:id:giai:9506000.1', 'acme:fw': '3' },
        sensorReport: [
          { type: 'Temperature', value: 4.5, uom: 'CEL', time: '2026-05-04T06:14:00.000Z' },
          { type: 'RelativeHumidity', minValue: 40, maxValue: 55, meanValue: 47.5, uom: 'P1' },
          { type: 'Temperature', exception: 'ALARM_CONDITION', booleanValue: true },
          { type: 'https://acme.example/voc/Shock', component: 'z', hexBinaryValue: '0A1F' },
        ],
      },
    ],
  },
  {
    type: 'ObjectEvent',
    ...AT,
    action: 'DELETE',
    epcList: [ITEM('A2')],
    bizStep: 'decommissioning',
    disposition: 'inactive',
    certificationInfo: ['https://certs.example/acme/1'],
    errorDeclaration: {
      declarationTime: '2026-05-05T09:00:00.000Z',
      reason: 'incorrect_data',
      correctiveEventIDs: ['urn:uuid:6a1e8c1e-1c4a-4c59-9d11-2f6d8b0a0002'],
      'acme:by': 'QA',
    },
  },
  {
    type: 'AggregationEvent',
    ...AT,
    action: 'ADD',
    parentID: PALLET,
    childEPCs: [ITEM('A1')],
    childQuantityList: [{ epcClass: LOT, quantity: 3 }],
    bizStep: 'packing',
    disposition: 'container_closed',
  },
  // Every child off the pallet: a DELETE may name none.
  { type: 'AggregationEvent', ...AT, action: 'DELETE', parentID: PALLET, bizStep: 'unpacking' },
  // An observed aggregation may leave its parent out.
  { type: 'AggregationEvent', ...AT, action: 'OBSERVE', childEPCs: [ITEM('A1')], bizStep: 'inspecting' },
  {
    type: 'TransactionEvent',
    ...AT,
    action: 'ADD',
    parentID: PALLET,
    epcList: [ITEM('A1')],
    bizTransactionList: [{ type: 'inv', bizTransaction: 'https://acme.example/invoices/7' }],
    bizStep: 'shipping',
    disposition: 'in_transit',
  },
  {
    type: 'TransformationEvent',
    ...AT,
    inputQuantityList: [{ epcClass: LOT, quantity: 100, uom: 'KGM' }],
    outputEPCList: [ITEM('B1')],
    transformationID: 'urn:uuid:6a1e8c1e-1c4a-4c59-9d11-2f6d8b0a0003',
    bizStep: 'https://acme.example/voc/blending',
    ilmd: { 'acme:recipe': 'R-12' },
  },
  {
    type: 'AssociationEvent',
    ...AT,
    action: 'ADD',
    parentID: 'https://id.gs1.org/8004/9506000134352123',
    childEPCs: ['https://id.gs1.org/8004/9506000134352987'],
    bizStep: 'assembling',
  },
];

const DOCUMENT: EpcisDocument = {
  '@context': [EPCIS_CONTEXT, { acme: 'https://acme.example/epcis/' }],
  type: 'EPCISDocument',
  schemaVersion: '2.0',
  creationDate: '2026-05-04T08:30:00.000+02:00',
  id: 'https://acme.example/documents/1',
  epcisHeader: {
    epcisMasterData: {
      vocabularyList: [
        {
          type: 'urn:epcglobal:epcis:vtype:ReadPoint',
          vocabularyElementList: [
            { id: DOCK.id, attributes: [{ id: 'urn:epcglobal:cbv:mda#name', attribute: 'Dock 1' }] },
          ],
        },
      ],
    },
  },
  epcisBody: { eventList: EVENTS },
};

const QUERY_DOCUMENT: EpcisDocument = {
  '@context': EPCIS_CONTEXT,
  type: 'EPCISQueryDocument',
  schemaVersion: '2.0',
  creationDate: '2026-05-04T08:30:00.000Z',
  epcisBody: {
    queryResults: { queryName: 'SimpleEventQuery', subscriptionID: 'S-1', resultsBody: { eventList: EVENTS } },
  },
};

const firstEvent = (document: EpcisDocument): Json => (document.epcisBody.eventList as Json[])[0] as Json;

/** DOCUMENT with this change to a copy of it. */
function changed(change: (document: EpcisDocument) => void, of: EpcisDocument = DOCUMENT): EpcisDocument {
  const copy = structuredClone(of);
  change(copy);
  return copy;
}

/** A refusal for this reason: the complaint at `instancePath` with this keyword (and parameters). */
const because = (instancePath: string, keyword: string, params?: Json) =>
  expect.arrayContaining([expect.objectContaining({ instancePath, keyword, ...(params ? { params } : {}) })]);

describe("the project's own EPCIS 2.0 schema", () => {
  it('accepts a document with every event type, quantities, sensor reports, master data and extensions', () => {
    expect(projectEpcisErrors(DOCUMENT), briefly(projectEpcisErrors(DOCUMENT))).toEqual([]);
    expect(projectEpcisErrors(changed((d) => (d.epcisBody.eventList = [])))).toEqual([]);
  });

  it('accepts a query document, its events in its query results', () => {
    expect(projectEpcisErrors(QUERY_DOCUMENT), briefly(projectEpcisErrors(QUERY_DOCUMENT))).toEqual([]);
  });

  it('accepts every time zone offset from -14:00 to +14:00', () => {
    for (const offset of ['-14:00', '-09:30', '+00:00', '-00:00', '+05:45', '+13:59', '+14:00']) {
      expect(projectEpcisErrors(changed((d) => (firstEvent(d).eventTimeZoneOffset = offset))), offset).toEqual([]);
    }
  });

  const event0 = '/epcisBody/eventList/0';
  const refused: [string, unknown, ReturnType<typeof because>][] = [
    [
      'an event without eventTimeZoneOffset',
      changed((d) => delete firstEvent(d).eventTimeZoneOffset),
      because(event0, 'required', { missingProperty: 'eventTimeZoneOffset' }),
    ],
    [
      'an event without eventTime',
      changed((d) => delete firstEvent(d).eventTime),
      because(event0, 'required', { missingProperty: 'eventTime' }),
    ],
    ...['+2:00', '+02', '0200', '+0200', 'UTC', 'Z', '+14:30', '-15:00', '+24:00', '+02:60', ' +02:00'].map(
      (offset): [string, unknown, ReturnType<typeof because>] => [
        `a time zone offset ${JSON.stringify(offset)}`,
        changed((d) => (firstEvent(d).eventTimeZoneOffset = offset)),
        because(`${event0}/eventTimeZoneOffset`, 'pattern'),
      ],
    ),
    [
      'an event time without its time zone',
      changed((d) => (firstEvent(d).eventTime = '2026-05-04T08:15:00')),
      because(`${event0}/eventTime`, 'format'),
    ],
    [
      'an event of no EPCIS type',
      changed((d) => (firstEvent(d).type = 'Objectevent')),
      because(`${event0}/type`, 'enum'),
    ],
    [
      'an event without a type',
      changed((d) => delete firstEvent(d).type),
      because(event0, 'required', { missingProperty: 'type' }),
    ],
    ['a document of no EPCIS type', changed((d) => (d.type = 'EPCISDocuments')), because('/type', 'enum')],
    [
      'an ObjectEvent without action',
      changed((d) => delete firstEvent(d).action),
      because(event0, 'required', { missingProperty: 'action' }),
    ],
    ['an action MOVE', changed((d) => (firstEvent(d).action = 'MOVE')), because(`${event0}/action`, 'enum')],
    ['an action in lower case', changed((d) => (firstEvent(d).action = 'add')), because(`${event0}/action`, 'enum')],
    [
      'a TransformationEvent with an action',
      changed((d) => ((d.epcisBody.eventList as Json[])[8]!.action = 'ADD')),
      because('/epcisBody/eventList/8', 'additionalProperties', { additionalProperty: 'action' }),
    ],
    [
      'lot master data on an ObjectEvent that observes',
      changed((d) => (firstEvent(d).action = 'OBSERVE')),
      because(`${event0}/action`, 'const'),
    ],
    [
      'an ObjectEvent with sensor readings alone and no read point',
      changed((d) => delete (d.epcisBody.eventList as Json[])[2]!.readPoint),
      because('/epcisBody/eventList/2', 'anyOf'),
    ],
    ['an ObjectEvent about nothing', changed((d) => (firstEvent(d).epcList = [])), because(event0, 'anyOf')],
    [
      'an AggregationEvent that adds children to no parent',
      changed((d) => delete (d.epcisBody.eventList as Json[])[4]!.parentID),
      because('/epcisBody/eventList/4', 'required', { missingProperty: 'parentID' }),
    ],
    [
      'an AggregationEvent that adds no children',
      changed((d) => {
        const packing = (d.epcisBody.eventList as Json[])[4]!;
        delete packing.childEPCs;
        delete packing.childQuantityList;
      }),
      because('/epcisBody/eventList/4', 'anyOf'),
    ],
    [
      'a TransactionEvent without business transactions',
      changed((d) => ((d.epcisBody.eventList as Json[])[7]!.bizTransactionList = [])),
      because('/epcisBody/eventList/7/bizTransactionList', 'minItems'),
    ],
    [
      'an AssociationEvent without its parent',
      changed((d) => delete (d.epcisBody.eventList as Json[])[9]!.parentID),
      because('/epcisBody/eventList/9', 'required', { missingProperty: 'parentID' }),
    ],
    [
      'a member that is neither the standard’s nor an extension',
      changed((d) => (firstEvent(d).colour = 'red')),
      because(event0, 'additionalProperties', { additionalProperty: 'colour' }),
    ],
    [
      'a business step the CBV does not have',
      changed((d) => (firstEvent(d).bizStep = 'commissioned')),
      because(`${event0}/bizStep`, 'anyOf'),
    ],
    [
      "a CBV business step by its URI instead of its name (the JSON binding's form)",
      changed((d) => (firstEvent(d).bizStep = 'urn:epcglobal:cbv:bizstep:commissioning')),
      because(`${event0}/bizStep`, 'anyOf'),
    ],
    [
      'an EPC that is no URI',
      changed((d) => (firstEvent(d).epcList = ['09506000134352A1'])),
      because(`${event0}/epcList/0`, 'format'),
    ],
    [
      'a unit of measure without a quantity',
      changed((d) => ((d.epcisBody.eventList as Json[])[1]!.quantityList = [{ epcClass: LOT, uom: 'KGM' }])),
      because('/epcisBody/eventList/1/quantityList/0', 'dependencies'),
    ],
    [
      'a sensor report without its type',
      changed((d) => {
        const sensors = (d.epcisBody.eventList as Json[])[2]!.sensorElementList as { sensorReport: Json[] }[];
        delete sensors[0]!.sensorReport[0]!.type;
      }),
      because('/epcisBody/eventList/2/sensorElementList/0/sensorReport/0', 'required', { missingProperty: 'type' }),
    ],
    [
      'a document without @context',
      changed((d) => delete d['@context']),
      because('', 'required', { missingProperty: '@context' }),
    ],
    [
      "a @context without GS1's EPCIS context",
      changed((d) => (d['@context'] = [{ acme: 'https://acme.example/epcis/' }])),
      because('/@context', 'anyOf'),
    ],
    [
      'a document without schemaVersion',
      changed((d) => delete d.schemaVersion),
      because('', 'required', { missingProperty: 'schemaVersion' }),
    ],
    [
      'a schemaVersion that is a number, or not 2.x',
      changed((d) => (d.schemaVersion = 2.0)),
      because('/schemaVersion', 'type'),
    ],
    ['a schemaVersion 1.2', changed((d) => (d.schemaVersion = '1.2')), because('/schemaVersion', 'pattern')],
    [
      'a document without its events',
      changed((d) => delete d.epcisBody.eventList),
      because('/epcisBody', 'required', { missingProperty: 'eventList' }),
    ],
    [
      'a query document without the query’s name',
      changed((d) => delete (d.epcisBody.queryResults as Json).queryName, QUERY_DOCUMENT),
      because('/epcisBody/queryResults', 'required', { missingProperty: 'queryName' }),
    ],
    ['a bare event instead of a document', { '@context': EPCIS_CONTEXT, ...EVENTS[0] }, because('/type', 'enum')],
  ];

  it.each(refused)('refuses %s', (_, document, reason) => {
    expect(projectEpcisErrors(document)).toEqual(reason);
  });
});

/** The events of a document or query document. */
const eventsOf = (document: EpcisDocument): Json[] =>
  (document.epcisBody.eventList ?? ((document.epcisBody.queryResults as Json).resultsBody as Json).eventList) as Json[];

/** A change to one event of a document, which gives `false` where it does not apply to that event. */
type EventChange = (event: Json) => unknown;

/** Broken variants: both schemas must refuse each of them. */
const BROKEN_DOCUMENT: [string, (document: Json) => void][] = [
  ['without @context', (d) => delete d['@context']],
  ['without its type', (d) => delete d.type],
  ['of type EPCISDocuments', (d) => (d.type = 'EPCISDocuments')],
  ['without epcisBody', (d) => delete d.epcisBody],
];
const BROKEN_EVENT: [string, EventChange][] = [
  ['without eventTime', (e) => delete e.eventTime],
  ['without eventTimeZoneOffset', (e) => delete e.eventTimeZoneOffset],
  ['without its type', (e) => delete e.type],
  ['of type Objectevent', (e) => (e.type = 'Objectevent')],
  ['of type Event', (e) => (e.type = 'Event')],
  ['without its action', (e) => 'action' in e && delete e.action],
  ['with action MOVE', (e) => 'action' in e && (e.action = 'MOVE')],
  ['with an action where its type has none', (e) => !('action' in e) && (e.action = 'ADD')],
  ['with time zone +2:00', (e) => (e.eventTimeZoneOffset = '+2:00')],
  ['with time zone +14:30', (e) => (e.eventTimeZoneOffset = '+14:30')],
  ['with time zone Z', (e) => (e.eventTimeZoneOffset = 'Z')],
  ['with time zone 0200', (e) => (e.eventTimeZoneOffset = '0200')],
  ['with an event time without time zone', (e) => (e.eventTime = '2020-01-14T00:00:00')],
  ['with a member that is no extension', (e) => (e.colour = 'red')],
];
/** Harmless variants: both schemas must accept each of them. */
const HARMLESS_EVENT: [string, EventChange][] = [
  ['without eventID', (e) => delete e.eventID],
  ['with time zone -14:00', (e) => (e.eventTimeZoneOffset = '-14:00')],
  ['with an extension named by an absolute IRI', (e) => (e['https://acme.example/epcis/note'] = 'checked')],
];

type Verdict = { variant: string; project: 'accepted' | 'refused'; gs1: 'accepted' | 'refused' };
const verdict = (variant: string, document: unknown): Verdict => ({
  variant,
  project: projectEpcisErrors(document).length === 0 ? 'accepted' : 'refused',
  gs1: gs1EpcisErrors(document).length === 0 ? 'accepted' : 'refused',
});

/** Each variant of each example, once per event it applies to. */
function variants(changes: [string, EventChange][]): { name: string; document: EpcisDocument }[] {
  return gs1Examples().flatMap(({ name, document }) =>
    eventsOf(document as EpcisDocument).flatMap((_, index) =>
      changes.flatMap(([what, change]) => {
        const copy = structuredClone(document) as EpcisDocument;
        if (change(eventsOf(copy)[index]!) === false) return [];
        return [{ name: `${name}, event ${index} ${what}`, document: copy }];
      }),
    ),
  );
}

describe.runIf(gs1ChecksRun())("GS1's official EPCIS 2.0 schema and the project's", () => {
  it("both accept every one of GS1's example documents", () => {
    const examples = gs1Examples();
    expect(examples.length).toBeGreaterThanOrEqual(10);
    for (const { name, document } of examples) {
      expect(gs1EpcisErrors(document), `${name}: ${briefly(gs1EpcisErrors(document))}`).toEqual([]);
      expect(projectEpcisErrors(document), `${name}: ${briefly(projectEpcisErrors(document))}`).toEqual([]);
    }
  });

  it("both refuse the same broken variants of GS1's examples", () => {
    const broken = [
      ...gs1Examples().flatMap(({ name, document }) =>
        BROKEN_DOCUMENT.map(([what, change]) => {
          const copy = structuredClone(document) as EpcisDocument;
          change(copy);
          return { name: `${name} ${what}`, document: copy };
        }),
      ),
      ...variants(BROKEN_EVENT),
    ];
    expect(broken.length).toBeGreaterThan(150);
    const verdicts = broken.map(({ name, document }) => verdict(name, document));
    expect(verdicts).toEqual(verdicts.map(({ variant }) => ({ variant, project: 'refused', gs1: 'refused' })));
  });

  it("both accept the same harmless variants of GS1's examples", () => {
    const harmless = variants(HARMLESS_EVENT);
    expect(harmless.length).toBeGreaterThan(40);
    const verdicts = harmless.map(({ name, document }) => verdict(name, document));
    expect(verdicts).toEqual(verdicts.map(({ variant }) => ({ variant, project: 'accepted', gs1: 'accepted' })));
  });

  it('both accept the documents of this test, and refuse the same broken variants of them', () => {
    expect(gs1EpcisErrors(DOCUMENT), briefly(gs1EpcisErrors(DOCUMENT))).toEqual([]);
    expect(gs1EpcisErrors(QUERY_DOCUMENT), briefly(gs1EpcisErrors(QUERY_DOCUMENT))).toEqual([]);
    const broken = EVENTS.flatMap((_, index) =>
      BROKEN_EVENT.flatMap(([what, change]) => {
        const copy = structuredClone(DOCUMENT);
        return change(eventsOf(copy)[index]!) === false ? [] : [verdict(`event ${index} ${what}`, copy)];
      }),
    );
    expect(broken).toEqual(broken.map(({ variant }) => ({ variant, project: 'refused', gs1: 'refused' })));
  });
});
