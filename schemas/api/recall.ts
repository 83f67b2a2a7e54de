import { Type, type Static } from 'typebox';
import { envelope } from '../common';
import { NAME_TEXT_PATTERN, UUID_PATTERN_SOURCE } from '../validation';
import { BARCODE_ID_PATTERN } from './barcode';

/** Most packages one trace answers; a larger one says so (`truncated`) and is exported instead. */
export const RECALL_LIMIT = 200_000;

/** What a trace starts from (GET /recall/trace and the holds, which trace first). */
const RECALL_START = {
  projectId: Type.String({ pattern: UUID_PATTERN_SOURCE }),
  barcodeId: Type.Optional(Type.String({ pattern: BARCODE_ID_PATTERN })),
  /** A lot (batch) number: the activation field a barcode type maps to GS1 AI 10, or AI 10 of a GS1 external id. */
  lot: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** A GTIN of 8, 12, 13 or 14 digits: with `lot` it narrows the lot to one product, alone it names the product. */
  gtin: Type.Optional(Type.String({ pattern: '^([0-9]{8}|[0-9]{12,14})$' })),
  /** The code of one of the project's products (`productCode` of the activation). */
  productCode: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** A trackpoint: the packages activated there, tracked to it, or moved to it with their parent. */
  trackPointKey: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** A location: the packages stocked in there or at any place inside it (a warehouse's racks and bins). */
  locationId: Type.Optional(Type.String({ pattern: UUID_PATTERN_SOURCE })),
  /**
   * From this moment on (included): narrows a trackpoint or a location to what happened then;
   * with `to` alone, or with neither place, the packages that reached any trackpoint then.
   */
  from: Type.Optional(Type.String({ format: 'date-time' })),
  /** Until this moment (left out). */
  to: Type.Optional(Type.String({ format: 'date-time' })),
};

/**
 * GET /recall/trace and /recall/fsma-204: what to trace from, in one project version. One start
 * only: a barcode, a lot (with its GTIN or not), a product (a GTIN, a product code or both), or a
 * place and time (a trackpoint or a location, a time range, or both).
 */
export const RecallQuery = Type.Object(
  {
    ...RECALL_START,
    /** Hours east of UTC of the times written in reasons and in the spreadsheet; default 0 (UTC). */
    utcOffset: Type.Optional(Type.Number({ minimum: -12, maximum: 14 })),
    /** Most packages to answer (the trace), at most RECALL_LIMIT, which is the default. */
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: RECALL_LIMIT })),
  },
  { additionalProperties: false },
);
export type RecallQuery = Static<typeof RecallQuery>;

const Moment = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

/** Why a package is implicated; `from` null: since before the records, `to` null: still now. */
export const RecallReason = Type.Object({
  kind: Type.Union([
    Type.Literal('start'),
    Type.Literal('carried'),
    Type.Literal('contained'),
    Type.Literal('sharedParent'),
    Type.Literal('linked'),
  ]),
  /** The other package of the relation (absent for `start`). */
  via: Type.Optional(Type.String()),
  from: Type.Optional(Moment),
  to: Type.Optional(Moment),
  /** The reason in words, e.g. "shared Pallet P-123 from 2026-11-27T10:02+09:00 to 2026-11-27T14:40+09:00". */
  text: Type.String(),
});
export type RecallReason = Static<typeof RecallReason>;

/** One implicated package, where it is now, and (for start and backward ones) the places it passed. */
export const RecalledPackage = Type.Object({
  id: Type.String(),
  barcodeType: Type.Union([Type.String(), Type.Null()]),
  externalId: Type.Union([Type.String(), Type.Null()]),
  /** start: matched the search; backward: carried one that did; forward: reached from them. */
  direction: Type.Union([Type.Literal('start'), Type.Literal('backward'), Type.Literal('forward')]),
  /** Fewest pairing or link steps from a start package. */
  depth: Type.Integer({ minimum: 0 }),
  reasons: Type.Array(RecallReason),
  place: Type.Object({
    /** Its trackpoint now (its last step). */
    trackPointKey: Type.Union([Type.String(), Type.Null()]),
    /** When it got there. */
    since: Moment,
    /** The bin it is stocked in, if any. */
    stock: Type.Union([
      Type.Object({
        locationId: Type.String(),
        code: Type.String(),
        name: Type.Record(Type.String(), Type.String()),
      }),
      Type.Null(),
    ]),
  }),
  /** The recall reference it is on hold for, null when it is not on hold. */
  heldFor: Type.Union([Type.String(), Type.Null()]),
  /** Start and backward packages: every trackpoint reached, oldest first. */
  passed: Type.Optional(Type.Array(Type.Object({ trackPointKey: Type.String(), at: Type.String() }))),
});
export type RecalledPackage = Static<typeof RecalledPackage>;

export const RecallTrace = Type.Object({
  /** How many packages the search itself matched. */
  matched: Type.Integer({ minimum: 0 }),
  /** How many packages the trace implicates in all. */
  total: Type.Integer({ minimum: 0 }),
  /** True when `total` passes the limit: only the first `limit` packages are listed; export the rest. */
  truncated: Type.Boolean(),
  limit: Type.Integer({ minimum: 1 }),
  /** Implicated packages per trackpoint they are at now (of the listed ones). */
  places: Type.Array(Type.Object({ trackPointKey: Type.Union([Type.String(), Type.Null()]), count: Type.Integer() })),
  packages: Type.Array(RecalledPackage),
});
export type RecallTrace = Static<typeof RecallTrace>;

export const RecallTraceResponse = envelope(RecallTrace);

/** Most rows of the FSMA 204 workbook (XLSX), which is written whole in memory; the CSV has no limit. */
export const XLSX_MAX_ROWS = 100_000;

/** The FSMA 204 sortable spreadsheet as a workbook (not in the `{ data }` envelope). */
export const Fsma204WorkbookResponse = {
  description: 'FSMA 204 sortable spreadsheet (XLSX, one sheet, header row frozen)',
  content: {
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
      schema: Type.Unsafe<unknown>({ type: 'string', format: 'binary' }),
    },
  },
};

/** The FSMA 204 sortable spreadsheet, a CSV file streamed as it is written (not in the `{ data }` envelope). */
export const Fsma204Response = {
  description: 'FSMA 204 sortable spreadsheet (CSV, UTF-8 with a byte order mark, CRLF)',
  content: { 'text/csv': { schema: Type.Unsafe<unknown>({ type: 'string' }) } },
};

/** Most packages one release names (`barcodeIds`); releasing all of a recall names none. */
export const RELEASE_MAX_IDS = 10_000;

/** A recall's reference, as the people handling it name it (e.g. R-2026-017): on every hold and release. */
const RecallReference = Type.String({ minLength: 1, maxLength: 64, pattern: NAME_TEXT_PATTERN });
/** Why packages are put on hold or released, in the words of whoever does it. */
const HoldReason = Type.String({ minLength: 1, maxLength: 500, pattern: NAME_TEXT_PATTERN });

/**
 * POST /recall/hold: traces from the start given (as GET /recall/trace) and puts every package the
 * trace implicates on hold for the recall `reference`, all in one transaction. `dryRun` answers
 * what would be held, for the user to confirm, and holds nothing.
 */
export const HoldBody = Type.Object(
  { ...RECALL_START, reference: RecallReference, reason: HoldReason, dryRun: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type HoldBody = Static<typeof HoldBody>;

/** Why an implicated package was not put on hold: on hold for another recall, or not activated (recycled). */
export const HoldSkip = Type.Object({
  id: Type.String(),
  externalId: Type.Union([Type.String(), Type.Null()]),
  why: Type.Union([Type.Literal('heldForAnother'), Type.Literal('notActivated')]),
  /** The other recall, for `heldForAnother`. */
  reference: Type.Optional(Type.String()),
});
export type HoldSkip = Static<typeof HoldSkip>;

export const HoldAnswer = Type.Object({
  reference: Type.String(),
  dryRun: Type.Boolean(),
  /** How many packages the trace implicates. */
  implicated: Type.Integer({ minimum: 0 }),
  /** How many of them are (or, in a dry run, would be) on hold for this recall, counting those held before. */
  held: Type.Integer({ minimum: 0 }),
  /** How many of those this request put (or would put) on hold: 0 when repeated. */
  added: Type.Integer({ minimum: 0 }),
  /** The implicated packages not put on hold, each with why. */
  skipped: Type.Array(HoldSkip),
});
export type HoldAnswer = Static<typeof HoldAnswer>;
export const HoldResponse = envelope(HoldAnswer);

/**
 * POST /recall/release: takes packages off hold for the recall `reference`: those listed in
 * `barcodeIds`, or every package on hold for it when none are listed.
 */
export const ReleaseBody = Type.Object(
  {
    projectId: Type.String({ pattern: UUID_PATTERN_SOURCE }),
    reference: RecallReference,
    reason: HoldReason,
    barcodeIds: Type.Optional(
      Type.Array(Type.String({ pattern: BARCODE_ID_PATTERN }), {
        minItems: 1,
        maxItems: RELEASE_MAX_IDS,
        uniqueItems: true,
      }),
    ),
  },
  { additionalProperties: false },
);
export type ReleaseBody = Static<typeof ReleaseBody>;

export const ReleaseAnswer = Type.Object({
  reference: Type.String(),
  /** How many packages this request took off hold: 0 when repeated. */
  released: Type.Integer({ minimum: 0 }),
  /** Listed packages that were not on hold for this recall (never held, or released already). */
  notHeld: Type.Array(Type.String()),
});
export type ReleaseAnswer = Static<typeof ReleaseAnswer>;
export const ReleaseResponse = envelope(ReleaseAnswer);

/** GET /recall/holds: the project's recalls that have packages on hold now. */
export const HoldsQuery = Type.Object(
  { projectId: Type.String({ pattern: UUID_PATTERN_SOURCE }) },
  { additionalProperties: false },
);
export type HoldsQuery = Static<typeof HoldsQuery>;

export const RecallHolds = Type.Object({
  reference: Type.String(),
  /** The reason given when the first of its packages was put on hold. */
  reason: Type.String(),
  /** How many packages are on hold for it now. */
  count: Type.Integer({ minimum: 1 }),
  heldAt: Type.String({ format: 'date-time' }),
  /** Who put them on hold (the first hold's user). */
  heldBy: Type.Union([Type.String(), Type.Null()]),
});
export type RecallHolds = Static<typeof RecallHolds>;
export const HoldsResponse = envelope(Type.Array(RecallHolds));
