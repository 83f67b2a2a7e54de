import { Type, type Static } from 'typebox';
import { envelope } from '../common';
import { IDENTIFIER_PATTERN } from '../field-constants';
import { ROUTE_NOTIFICATION_BODY_MAX_LENGTH } from '../project-config';
import { AdjustmentQuantity, BarcodeStock, Location } from './stock-state';
import {
  EXTERNAL_ID_MAX_LENGTH,
  PROJECT_CODE_PATTERN,
  TRACKING_NUMBER_MAX_LENGTH,
  UUID_PATTERN_SOURCE,
} from '../validation';

/** Barcode ids: 12 URL-safe characters (never '=', which marks the external-id lookup). */
export const BARCODE_ID_PATTERN = '^[A-Za-z0-9]{12}$';
export const BarcodeId = Type.String({ pattern: BARCODE_ID_PATTERN });

/** POST /barcode/barcode: a new barcode of a project version, optionally with its external id; answers its id. */
export const GenerateBarcodeBody = Type.Object(
  {
    projectCode: Type.String({ pattern: PROJECT_CODE_PATTERN }),
    projectVersion: Type.Integer({ minimum: 1, maximum: 100000 }),
    externalId: Type.Optional(Type.String({ minLength: 1, maxLength: EXTERNAL_ID_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type GenerateBarcodeBody = Static<typeof GenerateBarcodeBody>;
export const GenerateBarcodeResponse = envelope(Type.Object({ id: BarcodeId }));

/** GET /barcode/barcode: by id, or by project code + external id + tracking number. */
export const BarcodeQuery = Type.Object(
  {
    id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    projectCode: Type.Optional(Type.String({ pattern: PROJECT_CODE_PATTERN })),
    externalId: Type.Optional(Type.String({ minLength: 1, maxLength: EXTERNAL_ID_MAX_LENGTH })),
    trackingNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type BarcodeQuery = Static<typeof BarcodeQuery>;

/**
 * Where a barcode stands among parents, children and links, for the detail page and trace; open
 * to visitors like the rest of the barcode.
 */
export const BarcodeHierarchy = Type.Object({
  /** The barcode it is paired under, if any. */
  parentId: Type.Union([BarcodeId, Type.Null()]),
  /** Its parent, the parent's parent and so on, nearest first (empty when it has no parent). */
  ancestorIds: Type.Array(BarcodeId),
  /** Barcodes paired directly under it. */
  childrenCount: Type.Integer(),
  /** The most children its type reserves; 0 when its type accepts none. */
  maxChildren: Type.Integer(),
  /** Its links: to other barcodes (link-to) and from other barcodes (be-linked). */
  linkToCount: Type.Integer(),
  beLinkedCount: Type.Integer(),
  /** The most links its type reserves (both directions together); 0 when its type cannot be linked. */
  maxLinks: Type.Integer(),
});
export type BarcodeHierarchy = Static<typeof BarcodeHierarchy>;

/**
 * Whether an action is possible now: `code` null when it is, else the catalogue code the server
 * would answer (e.g. ErrorCode.typeNotAccepted when its type accepts no children,
 * pairingProhibited at this trackpoint, barcodeNotActivated, deactivated, forbidden without the
 * permission; unpairing: notChildOfParent when it has no children). Each listed barcode is still
 * checked when the action is sent.
 */
export const ActionVerdict = Type.Object({ code: Type.Union([Type.Integer(), Type.Null()]) });

/**
 * Why a listed barcode was refused, where its catalogue code alone would mislead the person who
 * scanned it: 'recycled' beside ErrorCode.barcodeNotActivated for a barcode that was recycled and
 * waits for a new activation (not one that was never used). Absent otherwise.
 */
export const VerdictReason = Type.Union([Type.Literal('recycled')]);
export type VerdictReason = Static<typeof VerdictReason>;
/** Every VerdictReason, for the test that each has a message in every language. */
export const VERDICT_REASONS: readonly VerdictReason[] = ['recycled'];
export type ActionVerdict = Static<typeof ActionVerdict>;
export const RelationActions = Type.Object({ pair: ActionVerdict, unpair: ActionVerdict, link: ActionVerdict });
export type RelationActions = Static<typeof RelationActions>;

/** On a barcode (GET /barcode/barcode, for users of its enterprise): the recall it is on hold for. */
export const BarcodeHold = Type.Object({
  reference: Type.String(),
  reason: Type.String(),
  heldAt: Type.String({ format: 'date-time' }),
  heldBy: Type.Union([Type.String(), Type.Null()]),
});
export type BarcodeHold = Static<typeof BarcodeHold>;

export const Barcode = Type.Object({
  id: BarcodeId,
  barcodeType: Type.Union([Type.String(), Type.Null()]),
  isActivated: Type.Boolean(),
  isDeactivated: Type.Boolean(),
  currentTrackPointKey: Type.Union([Type.String(), Type.Null()]),
  projectId: Type.String(),
  projectCode: Type.String(),
  projectVersion: Type.Integer(),
  externalId: Type.Union([Type.String(), Type.Null()]),
  trackingNumber: Type.Union([Type.String(), Type.Null()]),
  /** Only the fields the viewer may see (each field's `visibility`: docs/admins/form-logic.md); null before activation. */
  activationData: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  /** For users: the history `seq` of the present trip's latest tracking step not undone (what an undo names); absent when there is none. */
  latestTrackingSeq: Type.Optional(Type.Integer()),
  hierarchy: BarcodeHierarchy,
  /** For users of the barcode's enterprise: whether pairing, unpairing and linking are possible now, and if not why. */
  relationActions: Type.Optional(RelationActions),
  /** For users of the barcode's enterprise: the bin it is stocked in and since when; null when not in stock. */
  stock: Type.Optional(Type.Union([BarcodeStock, Type.Null()])),
  /** For users of the barcode's enterprise: the running quantity of each of its type's activation adjustment fields. */
  quantities: Type.Optional(Type.Array(AdjustmentQuantity)),
  /**
   * For users of the barcode's enterprise: the recall it is on hold for, null when none. A held
   * barcode is tracked only to a trackpoint marked `quarantine` (ErrorCode.heldForRecall).
   */
  hold: Type.Optional(Type.Union([BarcodeHold, Type.Null()])),
});
export type Barcode = Static<typeof Barcode>;
export const BarcodeResponse = envelope(Barcode);

/**
 * Origin and destination of a barcode's trip, as stored and answered. What an address may hold and
 * the rules of each part (country: an ISO 3166 alpha-3 code) are the renderer's built-in address
 * form (renderer/builtin-forms.ts), which the phone draws and the server checks requests with.
 */
export const Address = Type.Object(
  {
    companyName: Type.Optional(Type.String()),
    country: Type.String(),
    postalCode: Type.Optional(Type.String()),
    prefecture: Type.Optional(Type.String()),
    address1: Type.String(),
    address2: Type.Optional(Type.String()),
    phoneNumber: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type Address = Static<typeof Address>;

/**
 * Addresses and package information in a request: objects whose parts the renderer's built-in
 * address and package forms check (server/rules/step-info.ts), so the rules exist once.
 */
const AddressInput = Type.Record(Type.String(), Type.Unknown());
const DimensionInput = Type.Record(Type.String(), Type.Unknown());

/** POST /barcode/activation: the barcode's type, start trackpoint, addresses, package and custom fields. */
export const ActivationBody = Type.Object(
  {
    barcodeId: BarcodeId,
    barcodeType: Type.String({ pattern: IDENTIFIER_PATTERN }),
    /** The trackpoint the barcode starts at; the type's first trackpoint when absent. */
    trackPointKey: Type.Optional(Type.String({ pattern: IDENTIFIER_PATTERN })),
    trackingNumber: Type.Optional(Type.String({ minLength: 1, maxLength: TRACKING_NUMBER_MAX_LENGTH })),
    externalId: Type.Optional(Type.String({ minLength: 1, maxLength: EXTERNAL_ID_MAX_LENGTH })),
    origin: Type.Optional(AddressInput),
    destination: Type.Optional(AddressInput),
    dimension: Type.Optional(DimensionInput),
    /** Kilograms; its range is the built-in package form's. */
    weight: Type.Optional(Type.Number()),
    /** Values of the type's activation fields, checked with the renderer's compiled schema. */
    customFields: Type.Record(Type.String(), Type.Unknown()),
    /** The product a client user picked (GET /barcode/products): recorded as activation data `productCode`. */
    productCode: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type ActivationBody = Static<typeof ActivationBody>;

/** POST /barcode/tracking: the next trackpoint's forms (and addresses / package when it requires them). */
export const TrackingBody = Type.Object(
  {
    barcodeId: BarcodeId,
    trackPointKey: Type.String({ pattern: IDENTIFIER_PATTERN }),
    /** Values of each of the trackpoint's forms, by form key. */
    forms: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())),
    origin: Type.Optional(AddressInput),
    destination: Type.Optional(AddressInput),
    dimension: Type.Optional(DimensionInput),
    weight: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);
export type TrackingBody = Static<typeof TrackingBody>;

/** GET /barcode/history: paged with skip and count, newest first. */
export const HistoryQuery = Type.Object(
  {
    id: BarcodeId,
    skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000000 })),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);
export type HistoryQuery = Static<typeof HistoryQuery>;

export const HistoryEntry = Type.Object({
  seq: Type.Integer(),
  action: Type.String(),
  trackPointKey: Type.Union([Type.String(), Type.Null()]),
  staffName: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  /** On 'tracked' entries only: whether the step was undone later. */
  undone: Type.Optional(Type.Boolean()),
  /**
   * On relation entries only: the other barcodes involved. 'paired' / 'unpaired': the children
   * (on the parent) or the parent (on a child); 'linked' / 'unlinked': the barcodes linked;
   * 'moved-with-parent' / 'moved-back-with-parent': the parent that was tracked.
   */
  relatedBarcodeIds: Type.Optional(Type.Array(Type.String())),
  /** On 'tracked' entries of POST /barcode/skip-tracking: the trackpoint was skipped (no forms). */
  skipped: Type.Optional(Type.Boolean()),
  /** On 'stocked-in' / 'stocked-out' entries: the bin. */
  locationId: Type.Optional(Type.String()),
  /**
   * On relation entries, beside `relatedBarcodeIds` (same order): each other barcode as people
   * name it, its external id and type (null when it has none, or is gone).
   */
  relatedBarcodes: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.String(),
        externalId: Type.Union([Type.String(), Type.Null()]),
        barcodeType: Type.Union([Type.String(), Type.Null()]),
      }),
    ),
  ),
  /** On relation entries: what the other barcodes are to this one (its children, its parent, linked barcodes). */
  relatedRole: Type.Optional(Type.Union([Type.Literal('children'), Type.Literal('parent'), Type.Literal('linked')])),
  /** On 'stocked-in' / 'stocked-out' entries: the bin with the warehouse and rack around it. */
  location: Type.Optional(Location),
  /** On 'held' and 'released' entries: the recall (its reference) and the reason given. */
  recall: Type.Optional(Type.Object({ reference: Type.String(), reason: Type.String() })),
  /** On 'tracked' entries with forms: the values entered, by form key then field key. */
  forms: Type.Optional(Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown()))),
});
export type HistoryEntry = Static<typeof HistoryEntry>;
export const HistoryResponse = envelope(Type.Object({ total: Type.Integer(), items: Type.Array(HistoryEntry) }));

/**
 * POST /barcode/undo-tracking: names the step it takes back (its history `seq`, the barcode's
 * `latestTrackingSeq`), so a double tap or a retry cannot take back a second step.
 */
export const UndoTrackingBody = Type.Object(
  { barcodeId: BarcodeId, seq: Type.Integer({ minimum: 0, maximum: 1000000000 }) },
  { additionalProperties: false },
);
export type UndoTrackingBody = Static<typeof UndoTrackingBody>;

/** POST /barcode/recycle: a dry run answers what would be reset without changing anything. */
export const RecycleBody = Type.Object(
  { barcodeId: BarcodeId, dryRun: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type RecycleBody = Static<typeof RecycleBody>;
export const RecycleAnswer = Type.Object({
  dryRun: Type.Boolean(),
  barcodeId: BarcodeId,
  /** The type and trackpoint the barcode had before recycling. */
  barcodeType: Type.Union([Type.String(), Type.Null()]),
  currentTrackPointKey: Type.Union([Type.String(), Type.Null()]),
  /** History entries so far; all of them are kept. */
  historySteps: Type.Integer(),
});
export type RecycleAnswer = Static<typeof RecycleAnswer>;
export const RecycleResponse = envelope(RecycleAnswer);

/** Queries naming one barcode: notifications, children. */
export const BarcodeIdQuery = Type.Object({ id: BarcodeId }, { additionalProperties: false });
export type BarcodeIdQuery = Static<typeof BarcodeIdQuery>;

/**
 * A route notification, made when the barcode reached a trackpoint and kept in its alert list;
 * `body` is HTML the client sanitises before showing it.
 */
export const Notification = Type.Object({
  id: Type.String(),
  barcodeId: BarcodeId,
  /** The barcode's display label: its external id, else its id. */
  barcode: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  displayedDateTime: Type.String(),
  mobileAlertDurationByMinutes: Type.Union([Type.Integer(), Type.Null()]),
});
export type Notification = Static<typeof Notification>;
/** GET /barcode/barcode-notifications: the barcode's own and those of barcodes paired under it. */
export const NotificationsResponse = envelope(
  Type.Object({ current: Type.Array(Notification), descendants: Type.Array(Notification) }),
);

/** POST /barcode/compile-message: a notification template filled for a barcode. */
export const CompileMessageBody = Type.Object(
  {
    barcodeId: BarcodeId,
    template: Type.String({ maxLength: ROUTE_NOTIFICATION_BODY_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type CompileMessageBody = Static<typeof CompileMessageBody>;
export const CompileMessageResponse = envelope(Type.String());

/** GET /barcode/tracking-count: the caller's tracking steps on a local date (YYYYMMDD) in a project. */
export const TrackingCountQuery = Type.Object(
  {
    date: Type.String({ pattern: '^[0-9]{8}$' }),
    projectId: Type.String({ pattern: UUID_PATTERN_SOURCE }),
    /** Hours east of UTC of the caller's day, e.g. 9 for Japan, -4.5 allowed. */
    utcOffset: Type.Number({ minimum: -12, maximum: 14 }),
  },
  { additionalProperties: false },
);
export type TrackingCountQuery = Static<typeof TrackingCountQuery>;
export const TrackingCountResponse = envelope(Type.Object({ date: Type.String(), count: Type.Integer() }));

/** GET /barcode/children: the barcodes under one, as a tree read page by page. */
export const ChildrenQuery = Type.Object(
  {
    id: BarcodeId,
    skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000000 })),
    /** Entries per page: 50 by default, at most 200. */
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  { additionalProperties: false },
);
export type ChildrenQuery = Static<typeof ChildrenQuery>;

/**
 * One barcode of the tree under the barcode asked about: `depth` 1 for its children, 2 for
 * their children and so on; `parentId` the barcode it is paired under.
 */
export const ChildBarcode = Type.Object({
  id: BarcodeId,
  parentId: BarcodeId,
  depth: Type.Integer({ minimum: 1 }),
  childrenCount: Type.Integer(),
  barcodeType: Type.Union([Type.String(), Type.Null()]),
  isActivated: Type.Boolean(),
  currentTrackPointKey: Type.Union([Type.String(), Type.Null()]),
  externalId: Type.Union([Type.String(), Type.Null()]),
});
export type ChildBarcode = Static<typeof ChildBarcode>;
/**
 * Every descendant in tree order (depth first: a child, then its own children, then the next
 * child; children in the order they were paired), `skip` / `count` of it; `total` counts all
 * descendants, `childrenTotal` the direct children.
 */
export const ChildrenPage = Type.Object({
  total: Type.Integer(),
  childrenTotal: Type.Integer(),
  items: Type.Array(ChildBarcode),
});
export type ChildrenPage = Static<typeof ChildrenPage>;
export const ChildrenResponse = envelope(ChildrenPage);

/** GET /barcode/children/value: one activation value of each direct child, as the viewer may see it. */
export const ChildValueQuery = Type.Object(
  { id: BarcodeId, key: Type.String({ pattern: IDENTIFIER_PATTERN }) },
  { additionalProperties: false },
);
export type ChildValueQuery = Static<typeof ChildValueQuery>;
export const ChildValue = Type.Object({ barcodeId: BarcodeId, value: Type.Unknown() });
export type ChildValue = Static<typeof ChildValue>;
/**
 * The values (null when not set or not visible) and their total: `sum` adds the numbers (an
 * adjustment counts its value), `numericCount` says how many values were numbers; `sum` is null
 * when none was.
 */
export const ChildValues = Type.Object({
  values: Type.Array(ChildValue),
  sum: Type.Union([Type.Number(), Type.Null()]),
  numericCount: Type.Integer(),
});
export type ChildValues = Static<typeof ChildValues>;
export const ChildValuesResponse = envelope(ChildValues);
