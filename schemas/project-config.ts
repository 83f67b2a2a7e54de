import { Type, type Static } from 'typebox';
import { LocalizedText } from './common';
import { CustomFieldSchema } from './custom-field';
import { ICON_KINDS, IDENTIFIER_PATTERN, USER_TYPES } from './field-constants';

export { ICON_KINDS, USER_TYPES, type UserType } from './field-constants';
export type { CustomField } from './custom-field';

/**
 * The project configuration that admins edit as JSON (stored in `projects.config`, imported
 * from server/projects/*.json). Entity names follow spec section 3. Every object is closed
 * (no unknown properties), so a misspelt option is reported instead of silently ignored.
 */

const strict = { additionalProperties: false } as const;
const key = Type.String({
  pattern: IDENTIFIER_PATTERN,
  description: 'Identifier: a letter, then letters, digits or _.',
});
const colour = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: "A colour like '#0b7285'." });
const phone = {
  countryCode: Type.String({ pattern: '^\\+[0-9]{1,4}$' }),
  number: Type.String({ pattern: '^[0-9]{4,15}$' }),
};

export const TrackPointForm = Type.Object(
  {
    key,
    name: Type.Optional(LocalizedText),
    customFields: Type.Array(CustomFieldSchema),
  },
  strict,
);

/** Longest notification body template (HTML) a project may configure. */
export const ROUTE_NOTIFICATION_BODY_MAX_LENGTH = 4000;

/**
 * What is sent when a barcode reaches a trackpoint (activation there, or tracking to it): a
 * notification on the barcode, plus an e-mail / SMS to the barcode type's
 * trackPointRouteNotifications destinations. `subject` is plain text and `body` HTML; both may
 * hold placeholders (`{{barcodeId}}`, `{{externalId}}`, `{{trackingNumber}}`, `{{trackPoint}}`,
 * `{{trackPointKey}}`, `{{barcodeType}}`, `{{field.<key>}}`), see server/rules/message-template.ts.
 */
export const RouteNotification = Type.Object(
  {
    subject: Type.String({ minLength: 1, maxLength: 200 }),
    body: Type.String({
      minLength: 1,
      maxLength: ROUTE_NOTIFICATION_BODY_MAX_LENGTH,
      description: 'HTML template; the client sanitises it before showing it.',
    }),
    mobileAlertDurationByMinutes: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 10080,
        description: 'The alert shows this many minutes after it is sent; always when absent.',
      }),
    ),
  },
  strict,
);
export type RouteNotification = Static<typeof RouteNotification>;

/**
 * Whether pairing, unpairing or linking may happen while a barcode is at a trackpoint (spec
 * section 4). `allowed` (the default when absent, so configurations written before pairing
 * existed keep working): it may. `prohibited`: it is refused there (3021 pairing, 3023
 * unpairing, 3080 linking). `mandatory`: it may, and the barcode cannot leave the trackpoint
 * (its next tracking step) until it was done: pairing, a parent type must have children (3020);
 * unpairing, it must have none left (3022); linking, a linkable type must have a link (3086).
 */
export const RELATION_RULES = ['allowed', 'mandatory', 'prohibited'] as const;
export type RelationRule = (typeof RELATION_RULES)[number];
const relationRule = (what: string) =>
  Type.Optional(
    Type.Enum(RELATION_RULES, {
      description: `${what} at this trackpoint: allowed (default), mandatory or prohibited.`,
    }),
  );

/** The largest number of children a barcode type may reserve (`pairing.maxChildren`). */
export const MAX_CHILDREN_LIMIT = 10000;
/** The largest number of links a barcode type may reserve (`linking.maxLinks`). */
export const MAX_LINKS_LIMIT = 1000;

/**
 * Which barcode types a type accepts as children and how many at most (its reserved count).
 * A type without `pairing` accepts no children (it may still be a child of another type).
 */
export const PairingConfig = Type.Object(
  {
    childTypes: Type.Array(key, {
      minItems: 1,
      uniqueItems: true,
      description: 'Keys of the barcode types this type accepts as children.',
    }),
    maxChildren: Type.Integer({
      minimum: 1,
      maximum: MAX_CHILDREN_LIMIT,
      description: 'The reserved count: children at most.',
    }),
  },
  strict,
);
export type PairingConfig = Static<typeof PairingConfig>;

/**
 * Whether a type may be linked and how many links a barcode of it may hold, both directions
 * counted (its reserved count). A type without `linking` is never linked, either way.
 */
export const LinkingConfig = Type.Object(
  {
    maxLinks: Type.Integer({
      minimum: 1,
      maximum: MAX_LINKS_LIMIT,
      description: 'The reserved count: links at most (link-to and be-linked together).',
    }),
  },
  strict,
);
export type LinkingConfig = Static<typeof LinkingConfig>;

export const TrackPoint = Type.Object(
  {
    key,
    name: LocalizedText,
    trackPointForms: Type.Array(TrackPointForm),
    requireOrigin: Type.Optional(Type.Boolean({ description: 'Tracking here asks for the origin address.' })),
    requireDestination: Type.Optional(Type.Boolean({ description: 'Tracking here asks for the destination address.' })),
    requirePackageInfo: Type.Optional(Type.Boolean({ description: 'Tracking here asks for dimension and weight.' })),
    routeNotification: Type.Optional(RouteNotification),
    pairing: relationRule('Pairing children to a barcode'),
    unpairing: relationRule('Unpairing children from a barcode'),
    linking: relationRule('Linking barcodes'),
    allowSkipTracking: Type.Optional(
      Type.Boolean({
        description:
          'Barcodes may be moved to this trackpoint without its forms (POST /barcode/skip-tracking); off when absent.',
      }),
    ),
  },
  strict,
);

export const BarcodeType = Type.Object(
  {
    order: Type.Integer(),
    name: LocalizedText,
    icon: Type.Enum(ICON_KINDS),
    color: Type.Object({ foreground: colour, background: colour }, strict),
    userTypes: Type.Array(Type.Enum(USER_TYPES), { minItems: 1, uniqueItems: true }),
    activationFields: Type.Array(CustomFieldSchema),
    uiConfig: Type.Optional(Type.Object({ listViewTitleLabelField: Type.Optional(Type.String()) }, strict)),
    trackPointRouteNotifications: Type.Optional(
      Type.Object(
        {
          smsDestinations: Type.Array(Type.Object(phone, strict)),
          emailDestinations: Type.Array(Type.String({ format: 'email' })),
        },
        strict,
      ),
    ),
    predefinedContact: Type.Optional(
      Type.Object(
        {
          numberContacts: Type.Array(Type.Object({ name: Type.String({ minLength: 1 }), ...phone }, strict)),
          emails: Type.Array(Type.String({ format: 'email' })),
        },
        strict,
      ),
    ),
    trackPoints: Type.Array(TrackPoint, { minItems: 1 }),
    pairing: Type.Optional(PairingConfig),
    linking: Type.Optional(LinkingConfig),
    gs1Mapping: Type.Optional(
      Type.Record(Type.String(), key, {
        propertyNames: { pattern: '^[0-9]{2,4}$' },
        description:
          'GS1 Application Identifier -> activation field key: what a scanned GS1 code (GS1-128, GS1 QR / DataMatrix, Digital Link) prefills, e.g. { "10": "lotNumber", "17": "expiryDate" }.',
      }),
    ),
  },
  strict,
);
export type BarcodeType = Static<typeof BarcodeType>;
export type TrackPoint = Static<typeof TrackPoint>;
export type TrackPointForm = Static<typeof TrackPointForm>;

export const CameraFeatures = Type.Object(
  {
    bulkCameraScanResultSetting: Type.Object(
      {
        isEnable: Type.Boolean(),
        delimiter: Type.Array(Type.String({ minLength: 1, maxLength: 4 }), { minItems: 1 }),
      },
      strict,
    ),
  },
  strict,
);

/**
 * Bulk requests (issue 12): how many barcodes one request may list when the project does not
 * say (`bulkTrackingMaxCount`). 1,000 is a long dock shift's pallet of cases scanned in one go
 * and is what the server is measured at (npm run bench: one transaction well under a second).
 */
export const BULK_TRACKING_MAX_DEFAULT = 1000;
/** The largest `bulkTrackingMaxCount` a project may set (and the most ids a bulk body may hold). */
export const BULK_LIST_HARD_MAX = 5000;

/** The bulk maximum of a project: its setting, else the default. */
export const bulkMaxCountOf = (settings: { bulkTrackingMaxCount?: number }): number =>
  settings.bulkTrackingMaxCount ?? BULK_TRACKING_MAX_DEFAULT;

/** Home and login flags plus project-wide settings (spec section 3). */
export const ProjectSettings = Type.Object({
  barcodeReaderType: Type.Enum(['camera', 'commercial'] as const),
  endTrackPointKey: key,
  requirePassword: Type.Boolean(),
  requireOneTimePasscode: Type.Boolean(),
  allowUserSelfRegister: Type.Boolean(),
  showBarcodeSearchPage: Type.Boolean(),
  showTrackingCountPage: Type.Boolean(),
  googleAnalyticsMeasurementId: Type.Optional(Type.String({ pattern: '^G-[A-Z0-9]{4,16}$' })),
  timeBetweenScansMillis: Type.Optional(Type.Integer({ minimum: 0, maximum: 60000 })),
  cameraFeatures: Type.Optional(CameraFeatures),
  bulkTrackingMaxCount: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: BULK_LIST_HARD_MAX,
      description: `Most barcodes one bulk request (tracking, skip-tracking, recycle, stock in / out) may list; ${BULK_TRACKING_MAX_DEFAULT} when absent.`,
    }),
  ),
});

/**
 * A project's GHG settings: replacements of factors of the calculation's table
 * (renderer/ghg/factors.ts), by row id such as `tonkilo:railway` or `gwp:CH4`, each with the
 * source of its value (shown beside the result and in the report). README "GHG emission".
 */
export const GhgSettings = Type.Object(
  {
    factors: Type.Optional(
      Type.Record(
        Type.String(),
        Type.Object(
          {
            value: Type.Number({ exclusiveMinimum: 0, maximum: 1e9 }),
            source: Type.String({ minLength: 1, maxLength: 500 }),
          },
          strict,
        ),
        { propertyNames: { pattern: '^[a-zA-Z0-9]+:[a-zA-Z0-9]+(\\.[a-zA-Z0-9]+)?$', maxLength: 100 } },
      ),
    ),
  },
  strict,
);
export type GhgSettings = Static<typeof GhgSettings>;

/** Most products one project may list. */
export const PRODUCTS_MAX = 1000;

/**
 * A product client users pick from when activating (spec sections 1, 6; GET /barcode/products):
 * its code (unique in the project: configuration problem 2103), its name in every language,
 * and values that prefill activation fields (by field key; never a calculation, which the
 * server computes). The activation records the code picked (`productCode`).
 */
export const ProductConfig = Type.Object(
  {
    code: Type.String({
      pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$',
      description: 'Letters, digits, _ . -; up to 64 characters.',
    }),
    name: LocalizedText,
    defaults: Type.Optional(
      Type.Record(Type.String({ pattern: IDENTIFIER_PATTERN }), Type.Unknown(), {
        description: 'Activation field values by field key.',
      }),
    ),
  },
  strict,
);
export type ProductConfig = Static<typeof ProductConfig>;
/** The longest custom page (characters of HTML, per language). */
export const CUSTOM_HTML_PAGE_MAX_LENGTH = 100_000;
const customPageHtml = Type.String({ minLength: 1, maxLength: CUSTOM_HTML_PAGE_MAX_LENGTH });

/**
 * The project's custom page (`/{project}/html`, spec section 2): an HTML document (its body's
 * content) per interface language. Scripts, event handlers, styles and resources of other sites
 * are removed by the server (GET /barcode/project-html) and again by the client before it is
 * shown. README "Custom page".
 */
export const CustomHtmlPage = Type.Object(
  {
    html: Type.Object(
      { en: customPageHtml, ja: customPageHtml, 'zh-TW': customPageHtml, 'zh-CN': customPageHtml },
      strict,
    ),
  },
  strict,
);
export type CustomHtmlPage = Static<typeof CustomHtmlPage>;

export const ProjectConfig = Type.Object(
  {
    ...ProjectSettings.properties,
    ghg: Type.Optional(GhgSettings),
    products: Type.Optional(Type.Array(ProductConfig, { maxItems: PRODUCTS_MAX })),
    customHtmlPage: Type.Optional(CustomHtmlPage),
    // propertyNames: a Record with a pattern key is only patternProperties, under which a key of
    // another form (`'bad key'`) would go unchecked, its barcode type never validated at all.
    barcodeTypes: Type.Record(key, BarcodeType, { propertyNames: { pattern: IDENTIFIER_PATTERN } }),
  },
  strict,
);
export type ProjectConfig = Static<typeof ProjectConfig>;
