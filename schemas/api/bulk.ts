import { Type, type Static } from 'typebox';
import { envelope, ErrorResponse } from '../common';
import { BULK_LIST_HARD_MAX } from '../project-config';
import { IDENTIFIER_PATTERN } from '../field-constants';
import { UUID_PATTERN_SOURCE } from '../validation';
import { BARCODE_ID_PATTERN, TrackingBody, TrackingCountQuery, VerdictReason } from './barcode';

/**
 * Payloads of bulk work: bulk tracking, bulk skip-tracking, bulk recycle and the user's tracking
 * history of a day. Every bulk write is all or nothing: a request with any refused barcode writes
 * nothing and answers HTTP 400 with each refused barcode's code under `barcodeIds.<index>`; a dry
 * run answers 200 with every barcode's verdict instead, so a screen can check each scan as it
 * arrives. Bad input (an empty list: ErrorCode.emptyField; a list over the project's
 * `bulkTrackingMaxCount`: ErrorCode.bulkOverMaximum on `barcodeIds` with `maxCount` beside
 * `errors`; malformed bodies) is refused before anything is read.
 */

const BarcodeId = Type.String({ pattern: BARCODE_ID_PATTERN });
const ProjectId = Type.String({ pattern: UUID_PATTERN_SOURCE });

/**
 * A listed barcode as typed or scanned: any text up to 64 characters, so one mistyped or unknown
 * entry gets its own verdict (ErrorCode.barcodeNotFound) instead of refusing the whole list as
 * malformed.
 */
const ListedId = Type.String({ minLength: 1, maxLength: 64 });

/**
 * The list of a bulk request: 1 to BULK_LIST_HARD_MAX ids here (the most any project may allow);
 * the project's own maximum (`bulkTrackingMaxCount`, BULK_TRACKING_MAX_DEFAULT when unset) is
 * checked by the server, with ErrorCode.bulkOverMaximum.
 */
export const bulkIdList = (description: string) =>
  Type.Array(ListedId, { minItems: 1, maxItems: BULK_LIST_HARD_MAX, description });

/**
 * The error answer of bulk requests: with ErrorCode.bulkOverMaximum, `maxCount` is the project's
 * maximum, for the message's {count}.
 */
export const BulkErrorResponse = Type.Object({
  ...ErrorResponse.properties,
  maxCount: Type.Optional(Type.Integer()),
});

/** Bodies of bulk requests may be up to this size (5,000 ids and the forms); other routes keep 16 KiB. */
export const BULK_BODY_LIMIT_BYTES = 128 * 1024;

/** Extras stored with every barcode's history entry of a bulk request: a note (at most 500 characters). */
export const BulkExtras = Type.Object(
  {
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type BulkExtras = Static<typeof BulkExtras>;

/**
 * POST /barcode/tracking, single or bulk: a bulk step is the single step's body plus the list of
 * barcodes and its extras. With `barcodeId` it is the single step of TrackingBody (answer
 * `{ data: true }`). With `barcodeIds` (and `projectId`, the project of the screen) it is bulk:
 * the same forms, addresses and package information for every listed barcode, each tracked to
 * `trackPointKey` with the checks of a single step, all in one transaction (answer
 * BulkTrackingAnswer). One of `barcodeId` / `barcodeIds` is required (ErrorCode.emptyField on
 * `barcodeId`), not both (ErrorCode.invalidFormat on `barcodeIds`); `projectId` is required with
 * `barcodeIds` (ErrorCode.emptyField). `dryRun` (bulk only) checks each barcode and writes
 * nothing; the forms are not checked in a dry run (they are filled once, at the end).
 */
export const TrackingRequestBody = Type.Object(
  {
    ...TrackingBody.properties,
    barcodeId: Type.Optional(BarcodeId),
    barcodeIds: Type.Optional(bulkIdList('Bulk: the barcodes to track, in the order scanned.')),
    projectId: Type.Optional(ProjectId),
    extras: Type.Optional(BulkExtras),
    dryRun: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type TrackingRequestBody = Static<typeof TrackingRequestBody>;

/**
 * One listed barcode and its verdict: `code` null when it is ready, else the ErrorCode that
 * refuses it: barcodeNotFound (also for one of another enterprise: nothing tells whether it
 * exists), duplicateScan (the later entries of one listed twice), differentProjects,
 * incompatibleVersions (another version of the project), deactivated, forbidden (no add-tracking
 * permission; the activate permission for recycle), barcodeNotActivated,
 * pairedChildCannotBeTracked (it travels with its parent), trackingAlreadyAdded, atEndTrackPoint,
 * differentTrackPoint (the barcodes of one bulk step must all stand at the same trackpoint, the
 * one before `trackPointKey`), pairingRequired / unpairingRequired / linkMandatory (a mandatory
 * pairing, unpairing or link not done), skipNotAllowed (skip), quantityBelowZero; recycle:
 * recycleInUse, recyclePaired, recycleSealed, recycleLinked, as the single recycle.
 * `childrenCount`: barcodes under it that move with it. Type and external id are given when the
 * barcode belongs to the viewer's enterprise; `reason` says more than the code where it would
 * mislead (VerdictReason: 'recycled' beside barcodeNotActivated).
 */
export const BulkVerdict = Type.Object({
  id: Type.String(),
  code: Type.Union([Type.Integer(), Type.Null()]),
  barcodeType: Type.Union([Type.String(), Type.Null()]),
  externalId: Type.Union([Type.String(), Type.Null()]),
  currentTrackPointKey: Type.Union([Type.String(), Type.Null()]),
  childrenCount: Type.Integer(),
  reason: Type.Optional(VerdictReason),
});
export type BulkVerdict = Static<typeof BulkVerdict>;

/**
 * The answer of a bulk tracking or skip-tracking, dry run or not: each listed barcode's verdict
 * in the order sent (after a real request every code is null), how many barcodes are ready (or
 * were tracked) and how many descendants move with them.
 */
export const BulkTrackingAnswer = Type.Object({
  dryRun: Type.Boolean(),
  trackPointKey: Type.String(),
  barcodes: Type.Array(BulkVerdict),
  readyCount: Type.Integer(),
  descendantsMoved: Type.Integer(),
  /** The project's maximum per request (`bulkTrackingMaxCount`). */
  maxCount: Type.Integer(),
});
export type BulkTrackingAnswer = Static<typeof BulkTrackingAnswer>;
/** POST /barcode/tracking answers `true` for a single step, BulkTrackingAnswer for a bulk one. */
export const TrackingRequestResponse = envelope(Type.Union([Type.Literal(true), BulkTrackingAnswer]));
export const BulkTrackingResponse = envelope(BulkTrackingAnswer);

/**
 * POST /barcode/skip-tracking: moves the listed barcodes to `trackPointKey` without its forms,
 * where every barcode's type allows skipping that trackpoint (`allowSkipTracking`, else
 * ErrorCode.skipNotAllowed). Each barcode's history gets a 'tracked' entry marked skipped
 * (`skipped: true`) with the user who skipped it; it counts and can be undone like any step.
 */
export const SkipTrackingBody = Type.Object(
  {
    projectId: ProjectId,
    barcodeIds: bulkIdList('The barcodes to move past the trackpoint, in the order scanned.'),
    trackPointKey: Type.String({ pattern: IDENTIFIER_PATTERN }),
    extras: Type.Optional(BulkExtras),
    dryRun: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type SkipTrackingBody = Static<typeof SkipTrackingBody>;

/** POST /barcode/recycle-multiple: recycles every listed barcode, or none (the rules of POST /barcode/recycle). */
export const RecycleMultipleBody = Type.Object(
  {
    projectId: ProjectId,
    barcodeIds: bulkIdList('The barcodes to recycle.'),
    dryRun: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type RecycleMultipleBody = Static<typeof RecycleMultipleBody>;
export const RecycleMultipleAnswer = Type.Object({
  dryRun: Type.Boolean(),
  barcodes: Type.Array(BulkVerdict),
  readyCount: Type.Integer(),
  maxCount: Type.Integer(),
});
export type RecycleMultipleAnswer = Static<typeof RecycleMultipleAnswer>;
export const RecycleMultipleResponse = envelope(RecycleMultipleAnswer);

/**
 * GET /barcode/user-tracking-history, with the query of the tracking count (date, project id,
 * timezone offset in hours): the caller's own tracking steps (not undone) in the project on the
 * local day, newest first, `skip` / `count` of them (50 by default, at most 200).
 */
export const UserTrackingHistoryQuery = Type.Object(
  {
    ...TrackingCountQuery.properties,
    skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000000 })),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  { additionalProperties: false },
);
export type UserTrackingHistoryQuery = Static<typeof UserTrackingHistoryQuery>;
export const UserTrackingStep = Type.Object({
  barcodeId: BarcodeId,
  seq: Type.Integer(),
  trackPointKey: Type.String(),
  barcodeType: Type.Union([Type.String(), Type.Null()]),
  externalId: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  /** The step was a skip (POST /barcode/skip-tracking): no forms. */
  skipped: Type.Boolean(),
});
export type UserTrackingStep = Static<typeof UserTrackingStep>;
export const UserTrackingHistory = Type.Object({
  date: Type.String(),
  total: Type.Integer(),
  items: Type.Array(UserTrackingStep),
});
export type UserTrackingHistory = Static<typeof UserTrackingHistory>;
export const UserTrackingHistoryResponse = envelope(UserTrackingHistory);
