import { Type, type Static } from 'typebox';
import { LocalizedText } from './common';
import { CustomFieldSchema } from './custom-field';
import { ErrorCode } from './error-codes';
import { ICON_KINDS, USER_TYPES } from './field-constants';
import { NAME_PATTERN } from './own-keys';

export { USER_TYPES, type UserType } from './field-constants';
export type { CustomField } from './custom-field';

/**
 * The project configuration that admins edit as JSON (stored in `projects.config`, imported
 * from server/projects/*.json). Every object is closed (no unknown properties), so a misspelt
 * option is reported instead of silently ignored.
 *
 * The titles, descriptions, defaults and examples are written for admins: the configuration
 * reference (docs/admins/configuration.md, `npm run docs:config`) and the JSON editor's completion
 * are made from them. They are annotations only: no validator here applies `default`.
 */

const strict = { additionalProperties: false } as const;
/** A name (an identifier, none of the names every object inherits), described for where it is used. */
const keyOf = (description: string, example: string) =>
  Type.String({ pattern: NAME_PATTERN, description, examples: [example] });
/** A text in the four interface languages, described for where it is used. */
const textOf = (description: string, example: LocalizedText) =>
  Type.Object(LocalizedText.properties, { ...strict, description, examples: [example] });
const colourOf = (description: string, example: string) =>
  Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description, examples: [example] });
const phone = {
  countryCode: Type.String({
    pattern: '^\\+[0-9]{1,4}$',
    description: 'The country calling code with its +.',
    examples: ['+81'],
  }),
  number: Type.String({
    pattern: '^[0-9]{4,15}$',
    description: 'The number without its country code: 4 to 15 digits, nothing else.',
    examples: ['9011112222'],
  }),
};

export const TrackPointForm = Type.Object(
  {
    key: keyOf('Identifier of the form in its trackpoint: the tracking data is sent and stored under it.', 'pickup'),
    name: Type.Optional(
      textOf("The title of the form's page when tracking; the page has no title when absent.", {
        en: 'Pickup',
        ja: '集荷',
        'zh-TW': '取件',
        'zh-CN': '取件',
      }),
    ),
    customFields: Type.Array(CustomFieldSchema, {
      description: 'The fields of the form, drawn in this order unless they set `order` (see Fields).',
    }),
  },
  {
    ...strict,
    title: 'Form',
    description:
      'One page of fields filled when a barcode is tracked to a trackpoint. The data is validated by the server with the same compiled form the phone draws.',
  },
);

/** Longest notification body template (HTML) a project may configure. */
export const ROUTE_NOTIFICATION_BODY_MAX_LENGTH = 4000;

const PLACEHOLDERS =
  '`{{barcodeId}}`, `{{externalId}}`, `{{trackingNumber}}`, `{{trackPoint}}` (its name), `{{trackPointKey}}`, `{{barcodeType}}` (its name) and `{{field.<key>}}` (an activation field a visitor may see; hidden and logged-in-only values never leave in a message)';

/**
 * What is sent when a barcode reaches a trackpoint (activation there, or tracking to it): a
 * notification on the barcode, plus an e-mail / SMS to the barcode type's
 * trackPointRouteNotifications destinations. `subject` is plain text and `body` HTML; both may
 * hold placeholders, see server/rules/message-template.ts.
 */
export const RouteNotification = Type.Object(
  {
    subject: Type.String({
      minLength: 1,
      maxLength: 200,
      description: `The notification's subject, plain text; an SMS carries only the subject. Placeholders: ${PLACEHOLDERS}.`,
      examples: ['{{barcodeType}} {{barcodeId}} arrived at {{trackPoint}}'],
    }),
    body: Type.String({
      minLength: 1,
      maxLength: ROUTE_NOTIFICATION_BODY_MAX_LENGTH,
      description:
        'The notification itself, as HTML: shown in the alert list and sent by e-mail. The same placeholders as the subject, their values HTML-escaped; the phone sanitises the HTML before showing it.',
      examples: ['<p><strong>{{barcodeType}} {{barcodeId}}</strong> arrived at the {{trackPoint}}.</p>'],
    }),
    mobileAlertDurationByMinutes: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 10080,
        description:
          'The alert shows on phones for this many minutes after it is sent (at most a week); when absent it keeps showing.',
        examples: [720],
      }),
    ),
  },
  {
    ...strict,
    title: 'Route notification',
    description: `A notification made when a barcode reaches this trackpoint (activated there or tracked to it): kept on the barcode (its alert list) and sent to the barcode type's \`trackPointRouteNotifications\` destinations. When absent nothing is sent.`,
  },
);
export type RouteNotification = Static<typeof RouteNotification>;

/**
 * Whether pairing, unpairing or linking may happen while a barcode is at a trackpoint.
 * `allowed` (the default when absent, so configurations written before pairing existed keep
 * working): it may. `prohibited`: it is refused there. `mandatory`: it may, and the barcode
 * cannot leave the trackpoint (its next tracking step) until it was done: pairing, a parent
 * type must have children; unpairing, it must have none left; linking, a linkable type must
 * have a link.
 */
/**
 * The CBV 2.0 business steps a tracking step may be exported as (EPCIS): where goods arrive, leave,
 * are loaded, received, shipped, stored or inspected.
 */
export const EPCIS_BUSINESS_STEPS = [
  'arriving',
  'departing',
  'loading',
  'unloading',
  'receiving',
  'shipping',
  'accepting',
  'storing',
  'inspecting',
  'holding',
  'dispensing',
  'transporting',
] as const;
/** The CBV 2.0 dispositions a tracking step may state: the goods' state after it. */
export const EPCIS_DISPOSITIONS = [
  'in_transit',
  'in_progress',
  'active',
  'available',
  'sellable_accessible',
  'sellable_not_accessible',
  'non_sellable_other',
  'container_closed',
  'dispensed',
] as const;

export const RELATION_RULES = ['allowed', 'mandatory', 'prohibited'] as const;
export type RelationRule = (typeof RELATION_RULES)[number];
const relationRule = (description: string) =>
  Type.Optional(Type.Enum(RELATION_RULES, { description, default: 'allowed', examples: ['prohibited'] }));

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
    childTypes: Type.Array(keyOf('The key of a barcode type of this project.', 'case'), {
      minItems: 1,
      uniqueItems: true,
      description:
        'The barcode types accepted as children. Each must be a type of this project with every trackpoint of this type, since children travel with their parent. A type may accept itself (boxes in boxes); a barcode is never paired under itself at any depth.',
      examples: [['case']],
    }),
    maxChildren: Type.Integer({
      minimum: 1,
      maximum: MAX_CHILDREN_LIMIT,
      description: 'The reserved count: how many children one barcode of this type holds at most.',
      examples: [24],
    }),
  },
  {
    ...strict,
    title: 'Pairing',
    description: `The type takes children: barcodes of the listed types are paired to a barcode of this type and travel with it (a child is never tracked by itself). When absent the type takes no children (a pairing is refused, error ${ErrorCode.typeNotAccepted}); it may still be a child of another type.`,
  },
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
      description:
        'The reserved count: how many links one barcode of this type holds at most, made from it and to it together.',
      examples: [4],
    }),
  },
  {
    ...strict,
    title: 'Linking',
    description: `Barcodes of the type may be linked to other linkable barcodes (a logger to the pallet it watches). When absent the type is never linked, either way (error ${ErrorCode.linkingNotAllowedForType}).`,
  },
);
export type LinkingConfig = Static<typeof LinkingConfig>;

export const TrackPoint = Type.Object(
  {
    key: keyOf(
      'Identifier of the trackpoint, unique in its barcode type. The same key in several types names the same place: a child type must have every trackpoint of its parent type.',
      'distributionCentre',
    ),
    name: textOf("The trackpoint's name, shown when tracking and in the barcode's history.", {
      en: 'Distribution centre',
      ja: '物流センター',
      'zh-TW': '物流中心',
      'zh-CN': '物流中心',
    }),
    trackPointForms: Type.Array(TrackPointForm, {
      description:
        'The forms filled when a barcode is tracked to this trackpoint, one page each in this order, followed by the origin, destination and package pages it requires. When empty the step is only confirmed.',
    }),
    requireOrigin: Type.Optional(
      Type.Boolean({
        description: `Tracking here (or activating, at the type's first trackpoint) asks for the origin address; a step without it is refused (error ${ErrorCode.insufficientInfoToStart}).`,
        default: false,
        examples: [true],
      }),
    ),
    requireDestination: Type.Optional(
      Type.Boolean({
        description: `Tracking here (or activating, at the type's first trackpoint) asks for the destination address; a step without it is refused (error ${ErrorCode.insufficientInfoToStart}).`,
        default: false,
        examples: [true],
      }),
    ),
    requirePackageInfo: Type.Optional(
      Type.Boolean({
        description: `Tracking here (or activating, at the type's first trackpoint) asks for the package's dimensions and weight; a step without them is refused (error ${ErrorCode.insufficientInfoToStart}).`,
        default: false,
        examples: [true],
      }),
    ),
    routeNotification: Type.Optional(RouteNotification),
    pairing: relationRule(
      `Whether children may be paired to a barcode while it is here. \`allowed\`: they may. \`prohibited\`: a pairing is refused (error ${ErrorCode.pairingProhibited}). \`mandatory\`: a barcode of a type that takes children cannot be tracked on from here without children (error ${ErrorCode.pairingRequired}); only for a type with \`pairing\`.`,
    ),
    unpairing: relationRule(
      `Whether children may be unpaired from a barcode while it is here. \`allowed\`: they may. \`prohibited\`: an unpairing is refused (error ${ErrorCode.unpairingProhibited}). \`mandatory\`: a barcode with children cannot be tracked on from here until they are unpaired (error ${ErrorCode.unpairingRequired}); only for a type with \`pairing\`, and not together with a mandatory \`pairing\` (a parent could never leave).`,
    ),
    linking: relationRule(
      `Whether links may be made while a barcode is here. \`allowed\`: they may. \`prohibited\`: no link is made while either barcode is here (error ${ErrorCode.linkingProhibited}). \`mandatory\`: a barcode of a linkable type cannot be tracked on from here without a link (error ${ErrorCode.linkMandatory}); only for a type with \`linking\`.`,
    ),
    allowSkipTracking: Type.Optional(
      Type.Boolean({
        description: `Barcodes may be moved to this trackpoint without its forms (skip-tracking, one or in bulk); the history shows the step as skipped. When false a skip is refused (error ${ErrorCode.skipNotAllowed}).`,
        default: false,
        examples: [true],
      }),
    ),
    quarantine: Type.Optional(
      Type.Boolean({
        description: `A quarantine or return point: a package on hold for a recall may be tracked here. To any other trackpoint a held package's tracking is refused, naming the recall (error ${ErrorCode.heldForRecall}).`,
        default: false,
        examples: [true],
      }),
    ),
    epcisBusinessStep: Type.Optional(
      Type.Enum(EPCIS_BUSINESS_STEPS, {
        description:
          "The CBV business step a tracking step here is exported as in EPCIS: `arriving` where goods come in, `departing` or `loading` where a carrier picks them up, `receiving`, `shipping`, `storing` and the others as the CBV defines them. When absent: `receiving` at the project's end trackpoint or where every type that has it ends, `departing` where a form records a GHG emission (a transport leg), `shipping` where the origin or destination address is asked, else `arriving`.",
        examples: ['departing'],
      }),
    ),
    epcisDisposition: Type.Optional(
      Type.Enum(EPCIS_DISPOSITIONS, {
        description:
          'The CBV disposition a tracking step here states in EPCIS: the state of the goods after it (`in_transit` once a carrier has them). None when absent.',
        examples: ['in_transit'],
      }),
    ),
  },
  {
    ...strict,
    title: 'Trackpoint',
    description:
      'A place or stage on the route of a barcode type (a warehouse, a carrier, a pharmacy): what is asked when a barcode arrives there, and what may happen while it is there.',
  },
);

export const BarcodeType = Type.Object(
  {
    order: Type.Integer({
      description:
        'The position of the type wherever types are listed (the choice of type when activating), smallest first.',
      examples: [1],
    }),
    name: textOf("The type's name, shown with its barcodes and on its buttons.", {
      en: 'Pallet',
      ja: 'パレット',
      'zh-TW': '棧板',
      'zh-CN': '托盘',
    }),
    icon: Type.Enum(ICON_KINDS, {
      description: "The icon drawn with the type's barcodes and buttons.",
      examples: ['packages'],
    }),
    color: Type.Object(
      {
        foreground: colourOf('The colour of the text and icon, as `#rrggbb`.', '#ffffff'),
        background: colourOf('The colour behind them, as `#rrggbb`.', '#0b7285'),
      },
      { ...strict, description: "The colours of the type's buttons and labels." },
    ),
    userTypes: Type.Array(Type.Enum(USER_TYPES), {
      minItems: 1,
      uniqueItems: true,
      description: `The user types that may activate barcodes of this type: the type is offered only to them, and anyone else is refused (error ${ErrorCode.invalidBarcodeType}).`,
      examples: [['staff', 'client']],
    }),
    activationFields: Type.Array(CustomFieldSchema, {
      description:
        'The fields asked when a barcode of this type is activated (and when its activation is edited), drawn in this order unless they set `order` (see Fields).',
    }),
    uiConfig: Type.Optional(
      Type.Object(
        {
          listViewTitleLabelField: Type.Optional(
            Type.String({
              pattern: NAME_PATTERN,
              description:
                "The key of the activation field (or of a built-in field such as `externalId`) whose value is the title of the barcode's label in lists, search results and printed labels. Labels have no title when absent.",
              examples: ['productName'],
            }),
          ),
        },
        { ...strict, description: 'How barcodes of the type are shown in lists.' },
      ),
    ),
    trackPointRouteNotifications: Type.Optional(
      Type.Object(
        {
          smsDestinations: Type.Array(Type.Object(phone, strict), {
            description: 'Phone numbers that receive the subject of each route notification by SMS.',
          }),
          emailDestinations: Type.Array(Type.String({ format: 'email' }), {
            description:
              'Addresses that receive each route notification by e-mail; e-mail fields of the type also suggest them.',
            examples: [['qa@frostline.example']],
          }),
        },
        {
          ...strict,
          description:
            "Who receives the route notifications of this type's trackpoints (their `routeNotification`). When absent the notifications are only kept on the barcode.",
        },
      ),
    ),
    predefinedContact: Type.Optional(
      Type.Object(
        {
          numberContacts: Type.Array(
            Type.Object(
              {
                name: Type.String({
                  minLength: 1,
                  description: "The contact's name, shown with the suggestion.",
                  examples: ['Osaka DC'],
                }),
                ...phone,
              },
              strict,
            ),
            { description: "Phone numbers suggested in the type's phone number fields." },
          ),
          emails: Type.Array(Type.String({ format: 'email' }), {
            description: "Addresses suggested in the type's e-mail fields.",
            examples: [['osaka-dc@frostline.example']],
          }),
        },
        { ...strict, description: "Contacts suggested while filling the type's forms. None when absent." },
      ),
    ),
    trackPoints: Type.Array(TrackPoint, {
      minItems: 1,
      description:
        "The trackpoints of the type in route order: a barcode is activated at the first (unless the activation names another) and each tracking step takes it to the next one. One of them must be the project's `endTrackPointKey`.",
    }),
    pairing: Type.Optional(PairingConfig),
    linking: Type.Optional(LinkingConfig),
    gs1Mapping: Type.Optional(
      Type.Record(Type.String(), keyOf('The key of an activation field of this type.', 'lotNumber'), {
        propertyNames: { pattern: '^[0-9]{2,4}$' },
        description:
          'What a scanned GS1 code (GS1-128, GS1 QR or DataMatrix, Digital Link) prefills when a barcode of this type is activated: a GS1 Application Identifier (2 to 4 digits) maps to the key of an activation field. A date AI (YYMMDD) may fill a date or text field, a numeric AI a number or text field, any other AI a text field. Nothing is prefilled when absent.',
        examples: [{ '10': 'lotNumber', '17': 'expiryDate' }],
      }),
    ),
  },
  {
    ...strict,
    title: 'Barcode type',
    description:
      'A kind of barcoded thing (a pallet, a case, a temperature logger): who may activate it, what is asked then, and the trackpoints its barcodes go through.',
  },
);
export type BarcodeType = Static<typeof BarcodeType>;
export type TrackPoint = Static<typeof TrackPoint>;
export type TrackPointForm = Static<typeof TrackPointForm>;

export const CameraFeatures = Type.Object(
  {
    bulkCameraScanResultSetting: Type.Object(
      {
        isEnable: Type.Boolean({
          description:
            'The camera scanner shows a bulk switch: with it on, each code read is added to a list and the scanner stays open.',
          examples: [true],
        }),
        delimiter: Type.Array(Type.String({ minLength: 1, maxLength: 4 }), {
          minItems: 1,
          description:
            'Separators of a list of codes (1 to 4 characters each): the first joins the codes read in bulk; a typed or pasted list may use any of them, or new lines.',
          examples: [[',', ';']],
        }),
      },
      { ...strict, description: 'Reading several codes in one go with the camera.' },
    ),
  },
  {
    ...strict,
    description:
      'Options of the camera scanner. When absent there is no bulk switch and a typed list of codes is separated by commas.',
  },
);

/**
 * Bulk requests: how many barcodes one request may list when the project does not say
 * (`bulkTrackingMaxCount`). 1,000 is a long dock shift's pallet of cases scanned in one go and
 * is what the server is benchmarked with (npm run bench).
 */
export const BULK_TRACKING_MAX_DEFAULT = 1000;
/** The largest `bulkTrackingMaxCount` a project may set (and the most ids a bulk body may hold). */
export const BULK_LIST_HARD_MAX = 5000;

/** The bulk maximum of a project: its setting, else the default. */
export const bulkMaxCountOf = (settings: { bulkTrackingMaxCount?: number }): number =>
  settings.bulkTrackingMaxCount ?? BULK_TRACKING_MAX_DEFAULT;

/** What the phones wait between two camera reads when the project does not say. */
const TIME_BETWEEN_SCANS_DEFAULT = 500;
const timeBetweenScans = {
  minimum: 0,
  maximum: 60000,
  description: `Milliseconds the camera scanner waits after a read before it takes another (the same code twice in a row is taken once). ${TIME_BETWEEN_SCANS_DEFAULT} when absent.`,
  examples: [800],
};
const bulkTrackingMaxCount = {
  minimum: 1,
  maximum: BULK_LIST_HARD_MAX,
  description: `The most barcodes one bulk request may list (bulk tracking, skip-tracking, recycling, stock in and out); a longer list is refused (error ${ErrorCode.bulkOverMaximum}). ${BULK_TRACKING_MAX_DEFAULT} when absent.`,
  examples: [200],
};

/**
 * Home and login flags plus project-wide settings. The project answer (schemas/api/project.ts)
 * carries these too, and its serialiser writes a schema's `default` into an answer that lacks the
 * value: so no `default` here (ProjectConfig annotates them, on the configuration only).
 */
export const ProjectSettings = Type.Object({
  barcodeReaderType: Type.Enum(['camera', 'commercial'] as const, {
    description:
      "The barcode reader the project is set up for: `camera` (phones' cameras) or `commercial` (a commercial scanning service). The admin area shows it with the project; phones read codes with their camera and with keyboard-wedge scanners whichever is set.",
    examples: ['camera'],
  }),
  endTrackPointKey: keyOf(
    'The key of the trackpoint where trips end; every barcode type must have a trackpoint with this key. A barcode there (or at the last trackpoint of its type) has arrived: phones offer no further tracking step, and it may be recycled.',
    'pharmacy',
  ),
  requirePassword: Type.Boolean({
    description:
      "Login asks for the user's password besides the access code, and self-registration asks for a password.",
    examples: [true],
  }),
  requireOneTimePasscode: Type.Boolean({
    description: `Login also asks for a one-time code, sent by SMS to the user's registered phone number (a user without one cannot log in, error ${ErrorCode.noRegisteredPhone}).`,
    examples: [true],
  }),
  allowUserSelfRegister: Type.Boolean({
    description: `The login screen shows a Register link: carriers may register themselves and receive their access code. When false registering is refused (error ${ErrorCode.selfRegistrationNotAllowed}).`,
    examples: [true],
  }),
  showBarcodeSearchPage: Type.Boolean({
    description: 'The home screen of logged-in users shows the Barcode Search button (search and the barcode list).',
    examples: [true],
  }),
  showTrackingCountPage: Type.Boolean({
    description:
      'The home screen of logged-in users shows the Tracking Times button (the steps a user added per day); never to client users.',
    examples: [true],
  }),
  googleAnalyticsMeasurementId: Type.Optional(
    Type.String({
      pattern: '^G-[A-Z0-9]{4,16}$',
      description:
        "A Google Analytics 4 measurement id. When set, phones load Google's gtag.js and send page views (with barcode ids left out of the paths) and counts of key actions (generate, activate, track, pair, scan), never field values, users or barcode ids. Nothing is sent to Google when absent.",
      examples: ['G-2B7QX4K9LM'],
    }),
  ),
  timeBetweenScansMillis: Type.Optional(Type.Integer(timeBetweenScans)),
  cameraFeatures: Type.Optional(CameraFeatures),
  bulkTrackingMaxCount: Type.Optional(Type.Integer(bulkTrackingMaxCount)),
});

/**
 * A project's GHG settings: replacements of factors of the calculation's table
 * (renderer/ghg/factors.ts), by row id such as `tonkilo:railway` or `gwp:CH4`, each with the
 * source of its value (shown beside the result and in the report).
 */
export const GhgSettings = Type.Object(
  {
    factors: Type.Optional(
      Type.Record(
        Type.String(),
        Type.Object(
          {
            value: Type.Number({
              exclusiveMinimum: 0,
              maximum: 1e9,
              description: "The factor's value, in the unit of its row of the table.",
              examples: [22],
            }),
            source: Type.String({
              minLength: 1,
              maxLength: 500,
              description: 'Where the value comes from, shown beside the results that use it and in the report.',
              examples: ["our rail carrier's 2024 report"],
            }),
          },
          strict,
        ),
        {
          propertyNames: { pattern: '^[a-zA-Z0-9]+:[a-zA-Z0-9]+(\\.[a-zA-Z0-9]+)?$', maxLength: 100 },
          description: `Replacements of factors of the calculation's table, by factor id (such as \`tonkilo:railway\` or \`gwp:CH4\`; an id the table does not have is refused). When absent the table's values apply, and a calculation that needs a value the table lacks is refused (error ${ErrorCode.ghgFactorMissing}).`,
          examples: [{ 'tonkilo:railway': { value: 22, source: "our rail carrier's 2024 report" } }],
        },
      ),
    ),
  },
  { ...strict, title: 'GHG settings', description: 'Settings of the GHG emission calculation (`ghgEmission` fields).' },
);
export type GhgSettings = Static<typeof GhgSettings>;

/** Most products one project may list. */
export const PRODUCTS_MAX = 1000;

/**
 * A product client users pick from when activating (GET /barcode/products): its code (unique in
 * the project), its name in every language, and values that prefill activation fields (by field
 * key; never a calculation, which the server computes). The activation records the code picked
 * (`productCode`).
 */
export const ProductConfig = Type.Object(
  {
    code: Type.String({
      pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$',
      description: `The product's code, unique in the project (error ${ErrorCode.duplicateProductCode}): letters, digits, \`_\`, \`.\` and \`-\`, up to 64 characters. The activation records it as \`productCode\`.`,
      examples: ['FLU-QIV-10'],
    }),
    name: textOf("The product's name, as client users pick it.", {
      en: 'Influenza vaccine, 10 doses',
      ja: 'インフルエンザワクチン 10回分',
      'zh-TW': '流感疫苗 10劑',
      'zh-CN': '流感疫苗 10剂',
    }),
    barcodeType: Type.Optional(
      Type.String({
        pattern: NAME_PATTERN,
        description:
          'The barcode type (package type) the product is packed as: picking the product chooses it, so the activation can go on at once. A type client users may activate; without it, the user picks the type.',
        examples: ['case'],
      }),
    ),
    defaults: Type.Optional(
      Type.Record(Type.String({ pattern: NAME_PATTERN }), Type.Unknown(), {
        propertyNames: { pattern: NAME_PATTERN },
        description:
          'Values that prefill activation fields when the product is picked, by field key; the user may still change them. Each key must be an activation field a user fills in (not a calculation). The values are checked like typed ones when the activation is sent.',
        examples: [{ productName: 'Influenza vaccine', storageRange: '2-8' }],
      }),
    ),
  },
  {
    ...strict,
    title: 'Product',
    description: 'A product client users may pick when activating a barcode; its defaults prefill the activation.',
  },
);
export type ProductConfig = Static<typeof ProductConfig>;
/** The longest custom page (characters of HTML, per language). */
export const CUSTOM_HTML_PAGE_MAX_LENGTH = 100_000;
const customPageHtml = Type.String({
  minLength: 1,
  maxLength: CUSTOM_HTML_PAGE_MAX_LENGTH,
  description: 'The page in this language.',
});

/**
 * The project's custom page (`/{project}/html`): an HTML document (its body's content) per
 * interface language. Scripts, event handlers, styles and resources of other sites are removed
 * by the server (GET /barcode/project-html) and again by the client before it is shown.
 */
export const CustomHtmlPage = Type.Object(
  {
    html: Type.Object(
      { en: customPageHtml, ja: customPageHtml, 'zh-TW': customPageHtml, 'zh-CN': customPageHtml },
      {
        ...strict,
        description: `The content of the page's body as HTML, in each of the four languages (up to ${CUSTOM_HTML_PAGE_MAX_LENGTH} characters each): text, headings, lists, tables, links, and images of this site or \`data:\` images.`,
        examples: [
          {
            en: '<h1>Cold chain</h1>',
            ja: '<h1>コールドチェーン</h1>',
            'zh-TW': '<h1>冷鏈</h1>',
            'zh-CN': '<h1>冷链</h1>',
          },
        ],
      },
    ),
  },
  {
    ...strict,
    title: 'Custom page',
    description:
      "The project's own page at `/{project}/html`, open to everyone. Scripts, event handlers, styles and other sites' resources are removed before it is shown. The project has no custom page when absent.",
  },
);
export type CustomHtmlPage = Static<typeof CustomHtmlPage>;

export const ProjectConfig = Type.Object(
  {
    ...ProjectSettings.properties,
    // The defaults the project answer must not carry (see ProjectSettings), annotated here.
    timeBetweenScansMillis: Type.Optional(Type.Integer({ ...timeBetweenScans, default: TIME_BETWEEN_SCANS_DEFAULT })),
    bulkTrackingMaxCount: Type.Optional(Type.Integer({ ...bulkTrackingMaxCount, default: BULK_TRACKING_MAX_DEFAULT })),
    ghg: Type.Optional(GhgSettings),
    products: Type.Optional(
      Type.Array(ProductConfig, {
        maxItems: PRODUCTS_MAX,
        description: `Products client users may pick when activating (at most ${PRODUCTS_MAX}); only client users are offered them. None when absent.`,
      }),
    ),
    customHtmlPage: Type.Optional(CustomHtmlPage),
    // propertyNames: a Record with a pattern key is only patternProperties, under which a key of
    // another form (`'bad key'`, `constructor`) would go unchecked, its barcode type never validated at all.
    barcodeTypes: Type.Record(Type.String({ pattern: NAME_PATTERN }), BarcodeType, {
      propertyNames: { pattern: NAME_PATTERN },
      description: "The project's barcode types, by key (an identifier).",
    }),
  },
  {
    ...strict,
    title: 'Project configuration',
    description:
      'One version of a project: login and home settings, scanning, products, its custom page and its barcode types.',
  },
);
export type ProjectConfig = Static<typeof ProjectConfig>;
