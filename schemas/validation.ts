/**
 * Validation constants shared by the client forms and the server schemas. Plain values only, so
 * the client bundle can import them without pulling in a schema library.
 */

/** Access code: two groups of 4 digits, sent joined. */
export const ACCESS_CODE_GROUP_LENGTH = 4;
export const ACCESS_CODE_PATTERN = '^[0-9]{8}$';

/** Password: 8 to 32 characters with at least one digit, one lowercase and one uppercase letter. */
const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 32;
export const PASSWORD_PATTERN = `^(?=.*[0-9])(?=.*[a-z])(?=.*[A-Z]).{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`;

/** Project codes, as in the route `/{code}@{version}`. */
export const PROJECT_CODE_PATTERN = '^[A-Za-z0-9_-]{1,32}$';

/** Heaviest weight in kg: a scale's reading, a weight-measurement field, the package weight. */
export const MAX_WEIGHT_KG = 100000;

/** Phone numbers: an optional +, then digits with optional spaces or dashes (6 to 20 characters). */
export const PHONE_PATTERN = '^\\+?[0-9][0-9 -]{4,18}[0-9]$';

/** One-time passcode sent by SMS: 6 digits. */
export const ONE_TIME_PASSCODE_PATTERN = '^[0-9]{6}$';

/** visitorId: a device id the client generates once and keeps (letters, digits, '-', '_'). */
export const VISITOR_ID_PATTERN = '^[A-Za-z0-9_-]{8,64}$';

/**
 * Identifiers a barcode carries: the carrier's tracking number and the external id (e.g. a purchase
 * order). The API bodies and the renderer's built-in identifier fields use these, so the phone and
 * the server agree on them.
 */
export const TRACKING_NUMBER_MAX_LENGTH = 64;
export const EXTERNAL_ID_MAX_LENGTH = 200;

/** Names in the register form: not empty, and a sane upper bound. */
export const NAME_MAX_LENGTH = 50;

/**
 * What a name (a user's, an organization's, an admin's, a project's) may not hold: characters that
 * break a line or hide themselves, with which a name could forge a header or a log line, or show
 * other than it reads. C0 controls (line breaks, tab, ESC), DEL and C1 controls; the bidirectional
 * marks, embeddings, overrides and isolates that reorder what is shown (U+061C, U+200E, U+200F,
 * U+202A-U+202E, U+2066-U+2069); the line and paragraph separators (U+2028, U+2029); and invisible
 * format characters that let two names look the same: soft hyphen (U+00AD), Mongolian vowel
 * separator (U+180E), zero width space (U+200B), word joiner and invisible operators
 * (U+2060-U+2064), the deprecated format characters (U+206A-U+206F), the byte order mark (U+FEFF)
 * and the interlinear annotation marks (U+FFF9-U+FFFB). The zero width joiner and non-joiner,
 * variation selectors and tag characters stay allowed: emoji sequences and some scripts need them.
 * Refused with ErrorCode.controlCharacters (renderer/errors.ts knows the pattern).
 */
export const NAME_TEXT_PATTERN =
  '^[^\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u061c\\u180e\\u200b\\u200e\\u200f\\u2028-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\ufeff\\ufff9-\\ufffb]*$';

/**
 * Client version this build is: sent with every request, and the server's default
 * LATEST_CLIENT_VERSION. Raise it with each release, so phones on an older client are offered the
 * new one (docs/operators/upgrades.md).
 */
export const CLIENT_VERSION = '1.44.1';

/** Response/request header names of the transport contract. */
export const Headers = {
  clientVersion: 'client-version',
  forceUpgrade: 'force-upgrade',
  utcOffset: 'utc-offset',
  enterpriseId: 'enterprise-id',
  userType: 'user-type',
  /** One per user action on write requests; a repeat with it gets the first answer (server/plugins/idempotency.ts). */
  idempotencyKey: 'idempotency-key',
  /** When a write was made on the device (ISO 8601), when it is sent later (the outbox): see server/plugins/made-at.ts. */
  madeAt: 'made-at',
  /** The project configuration revision a write was made with: an outbox write sent later keeps its own, and is checked against it. */
  configRevision: 'config-revision',
  /**
   * Response: the configuration revision in service of the project the request concerns (a phone
   * with one of its forms open revalidates the project when it differs). Request: the revision a
   * write was made with (Config-Revision): the write is checked against that revision's
   * configuration; one the server does not keep is refused with ErrorCode.configRevisionUnknown.
   */
  projectRevision: 'project-revision',
} as const;

/** Returns true when a password follows the password rule (PASSWORD_PATTERN). */
export function isValidPassword(password: string): boolean {
  return new RegExp(PASSWORD_PATTERN).test(password);
}

/** Formats an 8-digit access code in groups of 4 separated by '-' (register success dialog). */
export function formatAccessCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/**
 * Compares dotted version strings numerically: negative when a < b, 0 when equal, positive when
 * a > b. Missing parts count as 0 ("1.44" == "1.44.0"); non-numeric parts count as 0.
 */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((p) => Number.parseInt(p, 10) || 0);
  const pb = b.split('.').map((p) => Number.parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** Ids of projects, users and organizations are UUIDs. */
export const UUID_PATTERN_SOURCE = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/**
 * The most barcodes one label-sheet request generates (POST /barcode/barcodes): a bit over four
 * A4 pages of 3 x 8 labels, what one print run of a sticker pack holds; more is asked again.
 */
export const LABEL_SHEET_MAX = 100;
