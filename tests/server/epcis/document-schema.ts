/**
 * The project's own JSON Schema (draft-07) of EPCIS 2.0 documents in the JSON / JSON-LD binding,
 * written from the text of the EPCIS 2.0 standard and the CBV 2.0 vocabulary (GS1, 2022). It needs
 * nothing outside the repository, so every export is checked by it on any clone; where GS1's own
 * schema is at hand the tests also check that the two agree (docs/engineers/epcis-checks.md).
 *
 * What it holds a document to:
 * - an EPCISDocument (`@context`, `type`, `schemaVersion` 2.x, `creationDate`, `epcisBody.eventList`)
 *   or an EPCISQueryDocument (its events in `epcisBody.queryResults.resultsBody.eventList`);
 * - `@context` names GS1's EPCIS 2.0 context, as a JSON-LD document's terms mean nothing without it;
 * - events of the five types of the standard, each with `eventTime` and `eventTimeZoneOffset`
 *   (`+hh:mm` / `-hh:mm`, -14:00 to +14:00), the members its type has and `action` where its type has one;
 * - the cardinalities the standard states: what an event is about is not empty (except an
 *   Aggregation, Transaction or Association DELETE, which may mean "all of them"), an aggregation
 *   that adds or deletes names its parent, ILMD only where objects are commissioned (ADD);
 * - CBV values (bizStep, disposition, error reasons, business transaction, source and destination
 *   types, sensor measurement types) are the CBV's bare names, or URIs outside the CBV's namespaces;
 * - any other member is an extension: named by a compact IRI (`tt:lotNumber`) or an absolute IRI.
 *
 * Stricter than GS1's schema, on purpose: no event types beyond the standard's five, no bare
 * event as a whole document, `@context` must name the EPCIS context, schemaVersion and
 * creationDate also on a query document, an empty ObjectEvent is refused.
 */

/** A member named by a compact IRI (prefix:name) or an absolute IRI: an extension the standard allows anywhere. */
const EXTENSION_NAME = '^[A-Za-z][A-Za-z0-9+.-]*:';

/** The namespaces of the CBV's own values, written in the JSON binding by their bare names instead. */
const CBV_NAMESPACE = '^(urn:epcglobal:cbv:|https?://ns\\.gs1\\.org/cbv/)';

/** The context every EPCIS 2.0 JSON-LD document names: its versioned address, or the one that follows the latest. */
export const EPCIS_CONTEXT = '^https://ref\\.gs1\\.org/standards/epcis/(2\\.0\\.[0-9]+/)?epcis-context\\.jsonld$';

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/definitions/${name}` });
const arrayOf = (items: Schema, extra: Schema = {}): Schema => ({ type: 'array', items, ...extra });
/** The object has this member (named among its properties, as ajv's strict mode asks). */
const has = (member: string): Schema => ({ type: 'object', properties: { [member]: {} }, required: [member] });
const nonEmpty = (member: string): Schema => ({
  type: 'object',
  properties: { [member]: { type: 'array', minItems: 1 } },
  required: [member],
});

/** An object with these members and, beside them, only extension members. */
const withExtensions = (properties: Schema, required: string[] = []): Schema => ({
  type: 'object',
  properties,
  required,
  patternProperties: { [EXTENSION_NAME]: {} },
  additionalProperties: false,
});

/** An object with exactly these members (the standard allows no extension there). */
const closed = (properties: Schema, required: string[] = []): Schema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

/** A CBV term by its bare name, or a URI of another vocabulary. */
const vocabulary = (terms: string[]): Schema => ({
  anyOf: [{ type: 'string', enum: terms }, ref('otherVocabularyUri')],
});

const BUSINESS_STEPS = [
  'accepting',
  'arriving',
  'assembling',
  'collecting',
  'commissioning',
  'consigning',
  'creating_class_instance',
  'cycle_counting',
  'decommissioning',
  'departing',
  'destroying',
  'disassembling',
  'dispensing',
  'encoding',
  'entering_exiting',
  'holding',
  'inspecting',
  'installing',
  'killing',
  'loading',
  'other',
  'packing',
  'picking',
  'receiving',
  'removing',
  'repackaging',
  'repairing',
  'replacing',
  'reserving',
  'retail_selling',
  'sampling',
  'sensor_reporting',
  'shipping',
  'staging_outbound',
  'stock_taking',
  'stocking',
  'storing',
  'transporting',
  'unloading',
  'unpacking',
  'void_shipping',
];

const DISPOSITIONS = [
  'active',
  'available',
  'completeness_inferred',
  'completeness_verified',
  'conformant',
  'container_closed',
  'container_open',
  'damaged',
  'destroyed',
  'dispensed',
  'disposed',
  'encoded',
  'expired',
  'in_progress',
  'in_transit',
  'inactive',
  'mismatch_class',
  'mismatch_instance',
  'mismatch_quantity',
  'needs_replacement',
  'no_pedigree_match',
  'non_conformant',
  'non_sellable_other',
  'partially_dispensed',
  'recalled',
  'reserved',
  'retail_sold',
  'returned',
  'sellable_accessible',
  'sellable_not_accessible',
  'stolen',
  'unavailable',
  'unknown',
];

const BUSINESS_TRANSACTION_TYPES = [
  'bol',
  'cert',
  'desadv',
  'inv',
  'pedigree',
  'po',
  'poc',
  'prodorder',
  'recadv',
  'rma',
  'testprd',
  'testres',
  'upevt',
];

const SOURCE_DESTINATION_TYPES = ['location', 'owning_party', 'possessing_party'];

/** The quantities a sensor reports (CBV 2.0 measurement types, after the units of UN/CEFACT Recommendation 20). */
const MEASUREMENT_TYPES = [
  'AbsoluteHumidity',
  'AbsorbedDose',
  'AbsorbedDoseRate',
  'Acceleration',
  'Altitude',
  'AmountOfSubstance',
  'AmountOfSubstancePerUnitVolume',
  'Angle',
  'AngularAcceleration',
  'AngularMomentum',
  'AngularVelocity',
  'Area',
  'Capacitance',
  'Conductance',
  'Conductivity',
  'Count',
  'Density',
  'Dimensionless',
  'DoseEquivalent',
  'DoseEquivalentRate',
  'DynamicViscosity',
  'ElectricCharge',
  'ElectricCurrent',
  'ElectricCurrentDensity',
  'ElectricFieldStrength',
  'Energy',
  'Exposure',
  'Force',
  'Frequency',
  'Illuminance',
  'Inductance',
  'Irradiance',
  'KinematicViscosity',
  'Length',
  'LinearMomentum',
  'Luminance',
  'LuminousFlux',
  'LuminousIntensity',
  'MagneticFlux',
  'MagneticFluxDensity',
  'MagneticVectorPotential',
  'Mass',
  'MassConcentration',
  'MassFlowRate',
  'MassPerAreaTime',
  'MemoryCapacity',
  'MolalityOfSolute',
  'MolarEnergy',
  'MolarMass',
  'MolarVolume',
  'Power',
  'Pressure',
  'RadiantFlux',
  'RadiantIntensity',
  'Radioactivity',
  'RelativeHumidity',
  'Resistance',
  'Resistivity',
  'SolidAngle',
  'SpecificVolume',
  'Speed',
  'SurfaceDensity',
  'SurfaceTension',
  'Temperature',
  'Time',
  'Torque',
  'Voltage',
  'Volume',
  'VolumeFlowRate',
  'VolumeFraction',
  'VolumetricFlux',
  'Wavenumber',
];

const SENSOR_ALERTS = ['ALARM_CONDITION', 'ERROR_CONDITION'];

/** Coordinates a sensor value may be one component of. */
const COMPONENTS = [
  'altitude',
  'axial_distance',
  'azimuth',
  'easting',
  'elevation_angle',
  'height',
  'latitude',
  'longitude',
  'northing',
  'polar_angle',
  'spherical_radius',
  'x',
  'y',
  'z',
];

/** What every event may have, whatever its type. */
const EVENT_COMMON = {
  // An event's own context only adds prefixes: the document's names GS1's.
  '@context': ref('anyContext'),
  eventTime: ref('dateTime'),
  recordTime: ref('dateTime'),
  eventTimeZoneOffset: ref('timeZoneOffset'),
  eventID: ref('uri'),
  certificationInfo: { anyOf: [ref('uri'), arrayOf(ref('uri'))] },
  errorDeclaration: ref('errorDeclaration'),
};
const EVENT_REQUIRED = ['type', 'eventTime', 'eventTimeZoneOffset'];

/** Where and why, common to the five event types. */
const WHERE_AND_WHY = {
  bizStep: vocabulary(BUSINESS_STEPS),
  disposition: ref('disposition'),
  readPoint: ref('place'),
  bizLocation: ref('place'),
  bizTransactionList: arrayOf(ref('bizTransaction')),
  sourceList: arrayOf(ref('source')),
  destinationList: arrayOf(ref('destination')),
  sensorElementList: arrayOf(ref('sensorElement')),
};

const action = { type: 'string', enum: ['ADD', 'OBSERVE', 'DELETE'] };

/**
 * The event of this type: its members (`what` last, as it may narrow one of the others), plus the
 * cardinalities of the standard in `rules`.
 */
const event = (type: string, what: Schema, required: string[], rules: Schema[]): Schema => ({
  ...withExtensions({ type: { const: type }, ...EVENT_COMMON, ...WHERE_AND_WHY, ...what }, [
    ...EVENT_REQUIRED,
    ...required,
  ]),
  allOf: rules,
});

/** Unless the action is DELETE (which may mean "all of them"), at least one of these lists is not empty. */
const notEmptyUnlessDelete = (...lists: string[]): Schema => ({
  if: { type: 'object', properties: { action: { not: { const: 'DELETE' } } } },
  then: { anyOf: lists.map(nonEmpty) },
});

const EVENT_TYPES = {
  ObjectEvent: event(
    'ObjectEvent',
    {
      action,
      epcList: ref('epcList'),
      quantityList: arrayOf(ref('quantityElement')),
      persistentDisposition: ref('persistentDisposition'),
      ilmd: ref('ilmd'),
    },
    ['action'],
    [
      // An ObjectEvent is about objects, classes of objects, or, with sensor readings alone, the place they were read.
      {
        anyOf: [
          nonEmpty('epcList'),
          nonEmpty('quantityList'),
          { allOf: [nonEmpty('sensorElementList'), has('readPoint')] },
        ],
      },
      // Lot master data is given where the objects are commissioned.
      { if: has('ilmd'), then: { properties: { action: { const: 'ADD' } } } },
    ],
  ),
  AggregationEvent: event(
    'AggregationEvent',
    {
      action,
      parentID: ref('uri'),
      childEPCs: ref('epcList'),
      childQuantityList: arrayOf(ref('quantityElement')),
    },
    ['action'],
    [
      { if: { type: 'object', properties: { action: { enum: ['ADD', 'DELETE'] } } }, then: has('parentID') },
      notEmptyUnlessDelete('childEPCs', 'childQuantityList'),
    ],
  ),
  TransactionEvent: event(
    'TransactionEvent',
    {
      action,
      parentID: ref('uri'),
      epcList: ref('epcList'),
      quantityList: arrayOf(ref('quantityElement')),
      bizTransactionList: arrayOf(ref('bizTransaction'), { minItems: 1 }),
    },
    ['action', 'bizTransactionList'],
    [notEmptyUnlessDelete('epcList', 'quantityList')],
  ),
  TransformationEvent: event(
    'TransformationEvent',
    {
      inputEPCList: ref('epcList'),
      inputQuantityList: arrayOf(ref('quantityElement')),
      outputEPCList: ref('epcList'),
      outputQuantityList: arrayOf(ref('quantityElement')),
      transformationID: ref('uri'),
      persistentDisposition: ref('persistentDisposition'),
      ilmd: ref('ilmd'),
    },
    [],
    [
      {
        anyOf: [
          nonEmpty('inputEPCList'),
          nonEmpty('inputQuantityList'),
          nonEmpty('outputEPCList'),
          nonEmpty('outputQuantityList'),
        ],
      },
    ],
  ),
  AssociationEvent: event(
    'AssociationEvent',
    {
      action,
      parentID: ref('uri'),
      childEPCs: ref('epcList'),
      childQuantityList: arrayOf(ref('quantityElement')),
    },
    ['action', 'parentID'],
    [notEmptyUnlessDelete('childEPCs', 'childQuantityList')],
  ),
};

const eventList = arrayOf(ref('event'));

const definitions: Record<string, Schema> = {
  uri: { type: 'string', format: 'uri' },
  dateTime: { type: 'string', format: 'date-time' },
  timeZoneOffset: { type: 'string', pattern: '^(?:[+-](?:0[0-9]|1[0-3]):[0-5][0-9]|[+-]14:00)$' },
  otherVocabularyUri: { type: 'string', format: 'uri', not: { pattern: CBV_NAMESPACE } },
  unitOfMeasure: { type: 'string', pattern: '^[A-Z0-9]{2,3}$' },
  context: {
    anyOf: [
      { type: 'string', pattern: EPCIS_CONTEXT },
      {
        type: 'array',
        items: { anyOf: [ref('uri'), { type: 'object' }] },
        contains: { type: 'string', pattern: EPCIS_CONTEXT },
      },
    ],
  },
  anyContext: {
    anyOf: [ref('uri'), { type: 'object' }, { type: 'array', items: { anyOf: [ref('uri'), { type: 'object' }] } }],
  },
  place: withExtensions({ id: ref('uri') }, ['id']),
  epcList: arrayOf(ref('uri'), { uniqueItems: true }),
  quantityElement: {
    ...closed({ epcClass: ref('uri'), quantity: { type: 'number' }, uom: ref('unitOfMeasure') }, ['epcClass']),
    // A unit qualifies a quantity, so it comes only with one (a quantity without a unit counts instances).
    dependencies: { uom: ['quantity'] },
  },
  disposition: vocabulary(DISPOSITIONS),
  persistentDisposition: {
    ...closed({
      set: arrayOf(ref('disposition'), { minItems: 1, uniqueItems: true }),
      unset: arrayOf(ref('disposition'), { minItems: 1, uniqueItems: true }),
    }),
    minProperties: 1,
  },
  bizTransaction: closed({ type: vocabulary(BUSINESS_TRANSACTION_TYPES), bizTransaction: ref('uri') }, [
    'bizTransaction',
  ]),
  source: closed({ type: vocabulary(SOURCE_DESTINATION_TYPES), source: ref('uri') }, ['type', 'source']),
  destination: closed({ type: vocabulary(SOURCE_DESTINATION_TYPES), destination: ref('uri') }, ['type', 'destination']),
  errorDeclaration: withExtensions(
    {
      declarationTime: ref('dateTime'),
      reason: vocabulary(['did_not_occur', 'incorrect_data']),
      correctiveEventIDs: arrayOf(ref('uri')),
    },
    ['declarationTime'],
  ),
  sensorMetadata: withExtensions({
    time: ref('dateTime'),
    startTime: ref('dateTime'),
    endTime: ref('dateTime'),
    deviceID: ref('uri'),
    deviceMetadata: ref('uri'),
    rawData: ref('uri'),
    dataProcessingMethod: ref('uri'),
    bizRules: ref('uri'),
  }),
  sensorReport: withExtensions(
    {
      type: { anyOf: [{ type: 'string', enum: MEASUREMENT_TYPES }, ref('uri')] },
      exception: { anyOf: [{ type: 'string', enum: SENSOR_ALERTS }, ref('uri')] },
      deviceID: ref('uri'),
      deviceMetadata: ref('uri'),
      rawData: ref('uri'),
      dataProcessingMethod: ref('uri'),
      bizRules: ref('uri'),
      time: ref('dateTime'),
      microorganism: ref('uri'),
      chemicalSubstance: ref('uri'),
      coordinateReferenceSystem: ref('uri'),
      component: vocabulary(COMPONENTS),
      value: { type: 'number' },
      minValue: { type: 'number' },
      maxValue: { type: 'number' },
      meanValue: { type: 'number' },
      sDev: { type: 'number' },
      percRank: { type: 'number' },
      percValue: { type: 'number' },
      uom: ref('unitOfMeasure'),
      stringValue: { type: 'string' },
      booleanValue: { type: 'boolean' },
      hexBinaryValue: { type: 'string', pattern: '^[0-9A-Fa-f]+$' },
      uriValue: ref('uri'),
    },
    ['type'],
  ),
  sensorElement: withExtensions(
    { sensorMetadata: ref('sensorMetadata'), sensorReport: arrayOf(ref('sensorReport'), { minItems: 1 }) },
    ['sensorReport'],
  ),
  // Instance / lot master data: every member is named in a vocabulary (CBV master data or an extension).
  ilmd: { type: 'object', propertyNames: { pattern: EXTENSION_NAME } },
  event: {
    type: 'object',
    required: ['type'],
    properties: { type: { type: 'string', enum: Object.keys(EVENT_TYPES) } },
    allOf: Object.keys(EVENT_TYPES).map((type) => ({
      if: { type: 'object', properties: { type: { const: type } } },
      then: ref(type),
    })),
  },
  ...EVENT_TYPES,
  // Master data: the vocabulary elements (locations, parties, products...) the events name.
  masterDataVocabulary: withExtensions(
    {
      type: ref('uri'),
      vocabularyElementList: arrayOf(
        withExtensions(
          {
            id: ref('uri'),
            attributes: arrayOf(withExtensions({ id: ref('uri'), attribute: {} }, ['id'])),
            children: arrayOf(ref('uri')),
          },
          ['id'],
        ),
      ),
    },
    ['type'],
  ),
  EPCISDocument: withExtensions(
    {
      '@context': ref('context'),
      type: { const: 'EPCISDocument' },
      schemaVersion: ref('schemaVersion'),
      creationDate: ref('dateTime'),
      id: ref('uri'),
      instanceIdentifier: { type: 'string' },
      sender: { type: 'string' },
      receiver: { type: 'string' },
      epcisHeader: withExtensions({
        epcisMasterData: withExtensions({ vocabularyList: arrayOf(ref('masterDataVocabulary')) }),
      }),
      epcisBody: withExtensions({ eventList }, ['eventList']),
    },
    ['@context', 'type', 'schemaVersion', 'creationDate', 'epcisBody'],
  ),
  EPCISQueryDocument: withExtensions(
    {
      '@context': ref('context'),
      type: { const: 'EPCISQueryDocument' },
      schemaVersion: ref('schemaVersion'),
      creationDate: ref('dateTime'),
      id: ref('uri'),
      epcisBody: withExtensions(
        {
          queryResults: withExtensions(
            {
              queryName: { type: 'string' },
              subscriptionID: { type: 'string' },
              resultsBody: withExtensions({ eventList, vocabularyList: arrayOf(ref('masterDataVocabulary')) }, [
                'eventList',
              ]),
            },
            ['queryName', 'resultsBody'],
          ),
        },
        ['queryResults'],
      ),
    },
    ['@context', 'type', 'schemaVersion', 'creationDate', 'epcisBody'],
  ),
  schemaVersion: { type: 'string', pattern: '^2\\.[0-9]+$' },
};

export const EPCIS_DOCUMENT_SCHEMA: Schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'EPCIS 2.0 document (JSON / JSON-LD binding)',
  type: 'object',
  required: ['type'],
  properties: { type: { type: 'string', enum: ['EPCISDocument', 'EPCISQueryDocument'] } },
  allOf: ['EPCISDocument', 'EPCISQueryDocument'].map((type) => ({
    if: { type: 'object', properties: { type: { const: type } } },
    then: ref(type),
  })),
  definitions,
};
