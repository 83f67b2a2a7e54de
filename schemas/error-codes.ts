/**
 * The error catalogue of spec section 8, as numbers the server sends in `errors.$common`
 * (or under a field name) and the client maps to translated messages (`errors.<code>`).
 *
 * Where the spec names a group ("3000-3103 business rules") but not which number means what,
 * the number chosen here is ours and is documented in the README; every code listed here has
 * a message in all four languages (tests/unit/i18n-keys.test.ts enforces it).
 */
export const ErrorCode = {
  forbidden: 403,
  internal: 500,
  emptyField: 1000,
  invalidFormat: 1001,
  notEqual: 1002,
  lengthBetween: 1003,
  lengthLessThan: 1004,
  lengthMoreThan: 1005,
  valueLessThan: 1006,
  valueGreaterThan: 1007,
  valueBetween: 1008,
  valueLessThanOrEqual: 1009,
  valueGreaterThanOrEqual: 1010,
  valueOutOfRange: 1011,
  digitsAndDecimals: 1012,
  incorrectDate: 1013,
  zeroFileSize: 1014,
  fileTooLarge: 1015,
  readOnly: 2000,
  wrongPassword: 2001,
  wrongOneTimePasscode: 2002,
  loginExpired: 2003,
  duplicateEmail: 2100,
  duplicateOrganizationCode: 2101,
  duplicateProjectCode: 2102,
  duplicateProductCode: 2103,
  duplicateTrackingNumber: 2104,
  duplicateExternalId: 2105,
  invalidKey: 2200,
  invalidCountry: 2201,
  invalidUserType: 2202,
  invalidFieldType: 2203,
  invalidActivationType: 2204,
  invalidStartPointOverride: 2205,
  invalidProjectCode: 2206,
  invalidBarcodeType: 2207,
  invalidTrackingNumber: 2208,
  organizationNotFound: 2300,
  userNotFound: 2301,
  userGroupNotFound: 2302,
  barcodeNotFound: 2303,
  projectNotFound: 2304,
  productNotFound: 2305,
  stockOrLocationNotFound: 2317,
  /** Project has no start or end trackpoint. */
  projectTrackPointsMissing: 3000,
  /** The barcode is not activated yet (number chosen here). */
  barcodeNotActivated: 3001,
  /** The barcode is already activated: it cannot be activated again (number chosen here). */
  alreadyActivated: 3002,
  /** Origin, destination or package information is required at this trackpoint (number chosen here). */
  insufficientInfoToStart: 3003,
  /** Someone changed the barcode at the same moment; nothing was saved (number chosen here). */
  concurrentChange: 3004,
  /** Tracking was already added at this trackpoint (number chosen here). */
  trackingAlreadyAdded: 3005,
  /** The barcode is at a different trackpoint than the one tracked (number chosen here). */
  differentTrackPoint: 3006,
  /** The barcode has reached its last trackpoint (number chosen here). */
  atEndTrackPoint: 3007,
  /** There is no tracking step to undo (number chosen here). */
  noTrackingToUndo: 3008,
  /** Only whoever added a tracking step may undo or edit it (number chosen here). */
  onlyAdderMayUndo: 3009,
  /** The barcode is still travelling (activated, not at its end trackpoint): it cannot be recycled (number chosen here). */
  recycleInUse: 3010,
  /** The barcode has a parent or children: it cannot be recycled until unpaired (number chosen here). */
  recyclePaired: 3011,
  /** The barcode is sealed (ledger registration): it cannot be recycled (number chosen here). */
  recycleSealed: 3012,
  /** A paired child travels with its parent: tracking is added to the parent, not to it (number chosen here). */
  pairedChildCannotBeTracked: 3013,
  /** The barcode's current trackpoint has no tracking step to edit (number chosen here). */
  noTrackingToEdit: 3014,
  /**
   * The Idempotency-Key was used for a different request, or its first request is still running
   * (HTTP 409; number chosen here): nothing was saved.
   */
  keyReused: 3015,
  /** A barcode cannot be paired, unpaired or linked with itself (spec section 5; number chosen here). */
  withItself: 3016,
  /** The same barcode is listed twice in one pairing, unpairing or linking (duplicate scan; number chosen here). */
  duplicateScan: 3017,
  /** The barcode already has a parent: a child has at most one (number chosen here). */
  alreadyPaired: 3018,
  /** The parent's type does not accept this barcode's type as a child, or accepts no children (number chosen here). */
  typeNotAccepted: 3019,
  /** Pairing is mandatory at this trackpoint: pair children before tracking on (number chosen here). */
  pairingRequired: 3020,
  /** Pairing is prohibited at this trackpoint (number chosen here). */
  pairingProhibited: 3021,
  /** Unpairing is mandatory at this trackpoint: unpair the children before tracking on (number chosen here). */
  unpairingRequired: 3022,
  /** Unpairing is prohibited at this trackpoint (number chosen here). */
  unpairingProhibited: 3023,
  /** The child is the parent's own parent, or above it: pairing would make a loop (number chosen here). */
  pairingCycle: 3024,
  /** More children than the parent's type reserves (its reserved count; number chosen here). */
  reservedCountExceeded: 3025,
  /** Unpairing: the barcode is not a child of this parent (number chosen here). */
  notChildOfParent: 3026,
  /** A one-time code was sent to the registered phone (not an error: the client shows a toast). */
  oneTimePasscodeSent: 3057,
  /** The user has no registered phone to receive a one-time code (number chosen here). */
  noRegisteredPhone: 3058,
  /** A calculation field's formula cannot be evaluated (number chosen here). */
  formulaIncorrect: 3059,
  /** Self-registration is not allowed for this project (number chosen here). */
  selfRegistrationNotAllowed: 3060,
  /** A GHG emission field names a calculation type this build does not compute (spec section 5; number chosen here). */
  ghgUnsupportedCalculationType: 3061,
  /** A GHG factor the calculation needs is absent from the factor table and the project's configuration (number chosen here). */
  ghgFactorMissing: 3062,
  /** The GHG transport type cannot be used with the field's calculation type, e.g. railway with the fuel method (number chosen here). */
  ghgTransportTypeNotForMethod: 3063,
  /** Linking is prohibited at the barcode's trackpoint (number chosen here). */
  linkingProhibited: 3080,
  /** The barcode's type cannot be linked (its type has no `linking`; number chosen here). */
  linkingNotAllowedForType: 3081,
  /** The barcodes belong to different projects (number chosen here). */
  differentProjects: 3082,
  /** The barcodes are already linked, in either direction (number chosen here). */
  alreadyLinked: 3083,
  /** The barcodes belong to different versions of the project (number chosen here). */
  incompatibleVersions: 3084,
  /** More links than the barcode's type reserves (its reserved count; number chosen here). */
  linkReservedCountExceeded: 3085,
  /** Linking is mandatory at this trackpoint: link the barcode before tracking on. */
  linkMandatory: 3086,
  /** Undo linking: the two barcodes are not linked (number chosen here). */
  notLinked: 3087,
  /** The barcode is linked: it cannot be recycled until its links are undone (number chosen here). */
  recycleLinked: 3088,
  /** Stock: no such location (or one of another enterprise; number chosen here). */
  locationUnknown: 3073,
  /** Stock: the location belongs to another project (number chosen here). */
  locationOfAnotherProject: 3074,
  /** Stock: the location is not available at the barcode's trackpoint for this action (number chosen here). */
  locationNotAvailable: 3075,
  /** Stock in: the barcode is already in stock (number chosen here). */
  alreadyInStock: 3076,
  /** Stock out: the barcode is not in stock (number chosen here). */
  notInStock: 3077,
  /** Stock out: the barcode is stocked in another location (number chosen here). */
  stockedElsewhere: 3078,
  /** Stock: only bins hold stock, not warehouses or racks (number chosen here). */
  locationNotABin: 3079,
  /** 'Bulk tracking over {count} barcodes is not allowed' (spec section 5): the list is over the project's maximum, sent as `maxCount` (number chosen here). */
  bulkOverMaximum: 3089,
  /** Skip-tracking is not allowed at this trackpoint (`allowSkipTracking`; number chosen here). */
  skipNotAllowed: 3091,
  /** An adjustment would take the quantity below zero outside activation and edit (spec section 5; number chosen here). */
  quantityBelowZero: 3092,
  deactivated: 3095,
  /** Issue 19: the project version has no configuration draft (HTTP 404; number chosen here). */
  draftNotFound: 2318,
  /** Issue 19: no such configuration revision of the project version (HTTP 404; number chosen here). */
  revisionNotFound: 2319,
  /** Issue 19: the project version has a draft already; one at a time (HTTP 409; number chosen here). */
  draftExists: 3096,
  /** Issue 19: the draft was saved by someone else since the save's If-Match (HTTP 412, with who and when; number chosen here). */
  draftChangedMeanwhile: 3097,
  /** Issue 19: the compatibility report refuses the publish (refused, or in place when it needs a new version; HTTP 409 with the report; number chosen here). */
  configChangeRefused: 3098,
  /** Issue 19: a write names a configuration revision (Config-Revision) the server does not keep (HTTP 409; number chosen here). */
  configRevisionUnknown: 3099,
  /** Ledger: the history's hash chain is broken up to the index asked: it cannot be sealed (number chosen here). */
  ledgerChainBroken: 3100,
  /**
   * Issue 19: a repeat (same Idempotency-Key) of a write whose answer held a one-time access code:
   * the write was done once, but the code is not kept to be shown again (HTTP 409; number chosen here).
   */
  secretShownOnce: 3101,
  /** Too many attempts from this address or at this project; retry later. */
  tooManyAttempts: 429,
  /** Request body larger than the server accepts. */
  payloadTooLarge: 413,
} as const;

/** Every catalogue code, for tests that check each has a message in every language. */
export const allErrorCodes: readonly number[] = Object.values(ErrorCode);
