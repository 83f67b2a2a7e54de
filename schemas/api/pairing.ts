import { Type, type Static } from 'typebox';
import { envelope } from '../common';
import { BARCODE_ID_PATTERN, VerdictReason } from './barcode';

/**
 * Payloads of pairing (parents and children) and linking.
 * Every rule is decided on the server; a dry run answers the same verdicts without writing, so
 * a screen can check each scanned entry as it is added.
 */

const BarcodeId = Type.String({ pattern: BARCODE_ID_PATTERN });

/**
 * Most barcodes one pairing, unpairing or linking request may list (more is
 * ErrorCode.lengthMoreThan on the list, nothing written). That many twelve-character ids fit well
 * within the server's body limit (BODY_LIMIT_BYTES in server/app.ts); a parent that reserves more
 * children is filled in several requests.
 */
export const RELATION_LIST_MAX = 500;

/**
 * A listed barcode as typed or scanned: any text up to 64 characters, so one mistyped or unknown
 * entry gets its own verdict (ErrorCode.barcodeNotFound) instead of refusing the whole list as
 * malformed.
 */
const ListedId = Type.String({ minLength: 1, maxLength: 64 });
const idList = (description: string) => Type.Array(ListedId, { minItems: 1, maxItems: RELATION_LIST_MAX, description });

/** Extras stored with a pairing on both sides' history: a note the staff may add (at most 500 characters). */
export const RelationExtras = Type.Object(
  {
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type RelationExtras = Static<typeof RelationExtras>;

/** POST /barcode/pairing: pairs `childrenIds` under `parentId`, all of them or none. */
export const PairingBody = Type.Object(
  {
    parentId: BarcodeId,
    childrenIds: idList('The children to pair, in the order scanned.'),
    extras: Type.Optional(RelationExtras),
    /** Check every entry and answer the verdicts; nothing is written. */
    dryRun: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type PairingBody = Static<typeof PairingBody>;

/**
 * One listed barcode and its verdict: `code` null when it can be paired (unpaired, linked), else
 * the ErrorCode saying why not (barcodeNotFound, withItself, duplicateScan, alreadyPaired,
 * barcodeNotActivated, deactivated, typeNotAccepted, differentProjects, incompatibleVersions,
 * differentTrackPoint, pairingCycle, reservedCountExceeded; unpairing: notChildOfParent; linking:
 * linkingNotAllowedForType, linkingProhibited, alreadyLinked, linkReservedCountExceeded). Type
 * and external id are given when the barcode exists and belongs to the viewer's enterprise, for
 * its label; `reason` says more than the code where it would mislead (VerdictReason: 'recycled'
 * beside barcodeNotActivated).
 */
export const RelationVerdict = Type.Object({
  id: Type.String(),
  code: Type.Union([Type.Integer(), Type.Null()]),
  barcodeType: Type.Union([Type.String(), Type.Null()]),
  externalId: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Optional(VerdictReason),
});
export type RelationVerdict = Static<typeof RelationVerdict>;

/** How many children (or links) a barcode holds and how many its type reserves (0: none accepted). */
export const ReservedCount = Type.Object({ count: Type.Integer(), max: Type.Integer() });
export type ReservedCount = Static<typeof ReservedCount>;

/**
 * The answer of a pairing or unpairing, dry run or not: each listed child's verdict in the
 * order sent, and the parent's reserved count after it (dry run: as it would be). A request
 * with any refused entry writes nothing and is answered HTTP 400 with the codes under
 * `childrenIds.<index>` (a dry run answers 200 with the verdicts instead).
 */
export const PairingAnswer = Type.Object({
  dryRun: Type.Boolean(),
  parentId: BarcodeId,
  children: Type.Array(RelationVerdict),
  reserved: ReservedCount,
});
export type PairingAnswer = Static<typeof PairingAnswer>;
export const PairingResponse = envelope(PairingAnswer);

/**
 * POST /barcode/unpairing: `unpairAll` unpairs every direct child of `parentId`; otherwise
 * `childrenIds` names them (one of the two is required: ErrorCode.emptyField on `childrenIds`).
 */
export const UnpairingBody = Type.Object(
  {
    parentId: BarcodeId,
    unpairAll: Type.Optional(Type.Boolean()),
    childrenIds: Type.Optional(idList('The children to unpair; ignored with unpairAll.')),
    extras: Type.Optional(RelationExtras),
    dryRun: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UnpairingBody = Static<typeof UnpairingBody>;

/** GET /barcode/pairing/reserved-count and GET /barcode/linking/reserved-count. */
export const ReservedCountQuery = Type.Object({ barcodeId: BarcodeId }, { additionalProperties: false });
export type ReservedCountQuery = Static<typeof ReservedCountQuery>;
export const ReservedCountResponse = envelope(ReservedCount);

/**
 * The two link directions: `link-to`, this barcode links to others (POST /barcode/linking), and
 * `be-linked`, others link to this one (POST /barcode/be-linked).
 */
export const LINK_DIRECTIONS = ['link-to', 'be-linked'] as const;
export type LinkDirection = (typeof LINK_DIRECTIONS)[number];

/**
 * POST /barcode/linking (link-to: `barcodeId` links to each of `targetIds`) and POST
 * /barcode/be-linked (each of `targetIds` links to `barcodeId`), the same body.
 */
export const LinkingBody = Type.Object(
  {
    barcodeId: BarcodeId,
    targetIds: idList('The barcodes to link, in the order scanned.'),
    dryRun: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type LinkingBody = Static<typeof LinkingBody>;

/** The answer of a linking, like a pairing's: each target's verdict and the barcode's reserved link count after it. */
export const LinkingAnswer = Type.Object({
  dryRun: Type.Boolean(),
  barcodeId: BarcodeId,
  targets: Type.Array(RelationVerdict),
  reserved: ReservedCount,
});
export type LinkingAnswer = Static<typeof LinkingAnswer>;
export const LinkingResponse = envelope(LinkingAnswer);

/**
 * POST /barcode/undo-linking: undoes the link between the two barcodes, whichever direction it
 * was made in. `barcodeId` alone would not say which of its links to undo; `linkedBarcodeId`
 * does (the detail page offers an undo on each).
 */
export const UndoLinkingBody = Type.Object(
  { barcodeId: BarcodeId, linkedBarcodeId: BarcodeId },
  { additionalProperties: false },
);
export type UndoLinkingBody = Static<typeof UndoLinkingBody>;

/** GET /barcode/linked-barcode: the barcode's links in one direction (`path`), or both when absent. */
export const LinkedBarcodeQuery = Type.Object(
  {
    id: BarcodeId,
    path: Type.Optional(Type.Enum(LINK_DIRECTIONS)),
  },
  { additionalProperties: false },
);
export type LinkedBarcodeQuery = Static<typeof LinkedBarcodeQuery>;

/**
 * A barcode linked with the one asked about: `direction` `link-to` when the barcode asked about
 * links to it, `be-linked` when it links to the barcode asked about. Newest link first.
 */
export const LinkedBarcode = Type.Object({
  id: BarcodeId,
  direction: Type.Enum(LINK_DIRECTIONS),
  barcodeType: Type.Union([Type.String(), Type.Null()]),
  externalId: Type.Union([Type.String(), Type.Null()]),
  isActivated: Type.Boolean(),
  currentTrackPointKey: Type.Union([Type.String(), Type.Null()]),
  linkedAt: Type.String(),
});
export type LinkedBarcode = Static<typeof LinkedBarcode>;
export const LinkedBarcodesResponse = envelope(Type.Array(LinkedBarcode));
