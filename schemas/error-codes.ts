/**
 * The error catalogue, as numbers the server sends in `errors.$common` (or under a field name)
 * and the client maps to translated messages (`errors.<code>`).
 *
 * Where the catalogue names a group (3000-3103, business rules) but not which number means what,
 * the number is the project's own, as marked below and listed in docs/engineers/api.md; every
 * code listed here has a message in all four languages (tests/unit/i18n-keys.test.ts enforces it).
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
  /**
   * A name holds a line break, a control character or an invisible format character
   * (NAME_TEXT_PATTERN of schemas/validation.ts; the number is the project's own).
   */
  controlCharacters: 1016,
  readOnly: 2000,
  wrongPassword: 2001,
  wrongOneTimePasscode: 2002,
  loginExpired: 2003,
  /**
   * Login: the user is not of the project's enterprise, so no session is issued; the client says
   * 'You do not belong to {company}' (the number is the project's own).
   */
  notOfEnterprise: 2004,
  /**
   * The session's login did not prove what this project's login asks (a password or a one-time
   * code): log in to this project (HTTP 403; the number is the project's own).
   */
  loginForProjectNeeded: 2005,
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
  /** The barcode is not activated yet (the number is the project's own). */
  barcodeNotActivated: 3001,
  /** The barcode is already activated: it cannot be activated again (the number is the project's own). */
  alreadyActivated: 3002,
  /** Origin, destination or package information is required at this trackpoint (the number is the project's own). */
  insufficientInfoToStart: 3003,
  /** Someone changed the barcode at the same moment; nothing was saved (the number is the project's own). */
  concurrentChange: 3004,
  /** Tracking was already added at this trackpoint (the number is the project's own). */
  trackingAlreadyAdded: 3005,
  /** The barcode is at a different trackpoint than the one tracked (the number is the project's own). */
  differentTrackPoint: 3006,
  /** The barcode has reached its last trackpoint (the number is the project's own). */
  atEndTrackPoint: 3007,
  /** There is no tracking step to undo (the number is the project's own). */
  noTrackingToUndo: 3008,
  /** Only whoever added a tracking step may undo or edit it (the number is the project's own). */
  onlyAdderMayUndo: 3009,
  /**
   * The barcode is still travelling (activated, not at its end trackpoint): it cannot be recycled
   * (the number is the project's own).
   */
  recycleInUse: 3010,
  /** The barcode has a parent or children: it cannot be recycled until unpaired (the number is the project's own). */
  recyclePaired: 3011,
  /** The barcode is sealed (ledger registration): it cannot be recycled (the number is the project's own). */
  recycleSealed: 3012,
  /**
   * A paired child travels with its parent: tracking is added to the parent, not to it (the number
   * is the project's own).
   */
  pairedChildCannotBeTracked: 3013,
  /** The barcode's current trackpoint has no tracking step to edit (the number is the project's own). */
  noTrackingToEdit: 3014,
  /**
   * The Idempotency-Key was used for a different request, or its first request is still running
   * (HTTP 409; the number is the project's own): nothing was saved.
   */
  keyReused: 3015,
  /** A barcode cannot be paired, unpaired or linked with itself (the number is the project's own). */
  withItself: 3016,
  /**
   * The same barcode is listed twice in one pairing, unpairing or linking (duplicate scan; the
   * number is the project's own).
   */
  duplicateScan: 3017,
  /** The barcode already has a parent: a child has at most one (the number is the project's own). */
  alreadyPaired: 3018,
  /**
   * The parent's type does not accept this barcode's type as a child, or accepts no children (the
   * number is the project's own).
   */
  typeNotAccepted: 3019,
  /** Pairing is mandatory at this trackpoint: pair children before tracking on (the number is the project's own). */
  pairingRequired: 3020,
  /** Pairing is prohibited at this trackpoint (the number is the project's own). */
  pairingProhibited: 3021,
  /**
   * Unpairing is mandatory at this trackpoint: unpair the children before tracking on (the number
   * is the project's own).
   */
  unpairingRequired: 3022,
  /** Unpairing is prohibited at this trackpoint (the number is the project's own). */
  unpairingProhibited: 3023,
  /** The child is the parent's own parent, or above it: pairing would make a loop (the number is the project's own). */
  pairingCycle: 3024,
  /** More children than the parent's type reserves (its reserved count; the number is the project's own). */
  reservedCountExceeded: 3025,
  /** Unpairing: the barcode is not a child of this parent (the number is the project's own). */
  notChildOfParent: 3026,
  /**
   * The barcode is on hold for a recall: it may be tracked only to a trackpoint marked
   * `quarantine`; the refusal names the recall (`hold`: its reference and reason; the number is
   * the project's own).
   */
  heldForRecall: 3027,
  /** A one-time code was sent to the registered phone (not an error: the client shows a toast). */
  oneTimePasscodeSent: 3057,
  /** The user has no registered phone to receive a one-time code (the number is the project's own). */
  noRegisteredPhone: 3058,
  /** A calculation field's formula cannot be evaluated (the number is the project's own). */
  formulaIncorrect: 3059,
  /** Self-registration is not allowed for this project (the number is the project's own). */
  selfRegistrationNotAllowed: 3060,
  /** A GHG emission field names a calculation type this build does not compute (the number is the project's own). */
  ghgUnsupportedCalculationType: 3061,
  /**
   * A GHG factor the calculation needs is absent from the factor table and the project's
   * configuration (the number is the project's own).
   */
  ghgFactorMissing: 3062,
  /**
   * The GHG transport type cannot be used with the field's calculation type, e.g. railway with the
   * fuel method (the number is the project's own).
   */
  ghgTransportTypeNotForMethod: 3063,
  /** Linking is prohibited at the barcode's trackpoint (the number is the project's own). */
  linkingProhibited: 3080,
  /** The barcode's type cannot be linked (its type has no `linking`; the number is the project's own). */
  linkingNotAllowedForType: 3081,
  /** The barcodes belong to different projects (the number is the project's own). */
  differentProjects: 3082,
  /** The barcodes are already linked, in either direction (the number is the project's own). */
  alreadyLinked: 3083,
  /** The barcodes belong to different versions of the project (the number is the project's own). */
  incompatibleVersions: 3084,
  /** More links than the barcode's type reserves (its reserved count; the number is the project's own). */
  linkReservedCountExceeded: 3085,
  /** Linking is mandatory at this trackpoint: link the barcode before tracking on. */
  linkMandatory: 3086,
  /** Undo linking: the two barcodes are not linked (the number is the project's own). */
  notLinked: 3087,
  /** The barcode is linked: it cannot be recycled until its links are undone (the number is the project's own). */
  recycleLinked: 3088,
  /** Stock: no such location (or one of another enterprise; the number is the project's own). */
  locationUnknown: 3073,
  /** Stock: the location belongs to another project (the number is the project's own). */
  locationOfAnotherProject: 3074,
  /**
   * Stock: the location is not available at the barcode's trackpoint for this action (the number is
   * the project's own).
   */
  locationNotAvailable: 3075,
  /** Stock in: the barcode is already in stock (the number is the project's own). */
  alreadyInStock: 3076,
  /** Stock out: the barcode is not in stock (the number is the project's own). */
  notInStock: 3077,
  /** Stock out: the barcode is stocked in another location (the number is the project's own). */
  stockedElsewhere: 3078,
  /** Stock: only bins hold stock, not warehouses or racks (the number is the project's own). */
  locationNotABin: 3079,
  /**
   * 'Bulk tracking over {count} barcodes is not allowed': the list is over the project's maximum,
   * sent as `maxCount` (the number is the project's own).
   */
  bulkOverMaximum: 3089,
  /** Skip-tracking is not allowed at this trackpoint (`allowSkipTracking`; the number is the project's own). */
  skipNotAllowed: 3091,
  /** An adjustment would take the quantity below zero outside activation and edit (the number is the project's own). */
  quantityBelowZero: 3092,
  deactivated: 3095,
  /** Configuration drafts: the project version has no draft (HTTP 404; the number is the project's own). */
  draftNotFound: 2318,
  /** Configuration revisions: no such revision of the project version (HTTP 404; the number is the project's own). */
  revisionNotFound: 2319,
  /**
   * Configuration drafts: the project version has a draft already; one at a time (HTTP 409; the
   * number is the project's own).
   */
  draftExists: 3096,
  /**
   * Configuration drafts: the draft was saved by someone else since the save's If-Match (HTTP 412,
   * with who and when; the number is the project's own).
   */
  draftChangedMeanwhile: 3097,
  /**
   * Publishing: the compatibility report refuses the publish (refused, or in place when it needs a
   * new version; HTTP 409 with the report; the number is the project's own).
   */
  configChangeRefused: 3098,
  /**
   * A write names a configuration revision (Config-Revision) the server does not keep (HTTP 409;
   * the number is the project's own).
   */
  configRevisionUnknown: 3099,
  /**
   * Ledger: the history's hash chain is broken up to the index asked: it cannot be sealed (the
   * number is the project's own).
   */
  ledgerChainBroken: 3100,
  /**
   * A repeat (same Idempotency-Key) of a write whose answer held a one-time access code: the write
   * was done once, but the code is not kept to be shown again (HTTP 409; the number is the
   * project's own).
   */
  secretShownOnce: 3101,
  /**
   * Publishing in place: the configuration means what the revision in service means (key order and
   * whitespace are no change), so no revision is made (HTTP 409; the number is the project's own).
   */
  nothingToPublish: 3102,
  /**
   * The project's login needs a one-time code and this server has no way to deliver one (no SMS
   * provider on a production server): refused at once rather than waiting for a code that never
   * comes (HTTP 503; the number is the project's own).
   */
  oneTimePasscodeUndeliverable: 3103,
  /** Too many attempts from this address or at this project; retry later. */
  tooManyAttempts: 429,
  /** Request body larger than the server accepts. */
  payloadTooLarge: 413,
  /** Request header fields, or the URL, longer than the server reads (HTTP 431, before any route runs). */
  headersTooLarge: 431,
  /** The request did not arrive whole in time (HTTP 408, before any route runs); send it again. */
  requestTimeout: 408,
  /** No such route, page or file (HTTP 404); also a lookup that found nothing to answer. */
  notFound: 404,
} as const;

/** Every catalogue code, for tests that check each has a message in every language. */
export const allErrorCodes: readonly number[] = Object.values(ErrorCode);
