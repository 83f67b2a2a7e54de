import { Type, type Static } from 'typebox';
import { envelope, Id, LocalizedText } from '../common';
import { IDENTIFIER_PATTERN } from '../field-constants';
import { EXTERNAL_ID_MAX_LENGTH, TRACKING_NUMBER_MAX_LENGTH } from '../validation';

/** Results of one search page at most (and the default page size). */
export const SEARCH_PAGE_MAX = 50;
export const SEARCH_PAGE_DEFAULT = 20;
/** Longest free text / field value a search takes. */
export const SEARCH_TEXT_MAX_LENGTH = 200;
/** Most activation-field criteria in one search. */
export const SEARCH_FIELDS_MAX = 5;

const key = Type.String({ pattern: IDENTIFIER_PATTERN, maxLength: 64 });
const instant = Type.String({ format: 'date-time', maxLength: 40 });
const text = Type.String({ minLength: 1, maxLength: SEARCH_TEXT_MAX_LENGTH });

/**
 * POST /barcode/search: a project's barcodes matching every criterion given, newest first, `count`
 * from `skip`. The barcode list (`/{project}/barcode-list`) is the same call with its two filters
 * only. Free text and field values match words and word beginnings (full-text search), in the
 * fields the viewer may see only; external id and tracking number match exactly, as scanned.
 */
export const SearchBody = Type.Object(
  {
    projectId: Id,
    barcodeType: Type.Optional(key),
    trackPointKey: Type.Optional(key),
    isActivated: Type.Optional(Type.Boolean()),
    /** Activation of the present trip (a recycled barcode's earlier trips do not count), from / to, inclusive. */
    activatedFrom: Type.Optional(instant),
    activatedTo: Type.Optional(instant),
    /** The latest activation or tracking step, from / to, inclusive. */
    lastStepFrom: Type.Optional(instant),
    lastStepTo: Type.Optional(instant),
    externalId: Type.Optional(Type.String({ minLength: 1, maxLength: EXTERNAL_ID_MAX_LENGTH })),
    trackingNumber: Type.Optional(Type.String({ minLength: 1, maxLength: TRACKING_NUMBER_MAX_LENGTH })),
    /** Activation field values: each field must hold the words given (a number field: the number). */
    fields: Type.Optional(
      Type.Array(Type.Object({ key, value: text }, { additionalProperties: false }), { maxItems: SEARCH_FIELDS_MAX }),
    ),
    /** Words (or their beginnings) found in the id, external id, tracking number or any visible activation field. */
    text: Type.Optional(text),
    skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: SEARCH_PAGE_MAX })),
  },
  { additionalProperties: false },
);
export type SearchBody = Static<typeof SearchBody>;

const nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

/** A found barcode as its label shows it. */
export const BarcodeLabel = Type.Object({
  id: Type.String(),
  barcodeType: nullable(Type.String()),
  isActivated: Type.Boolean(),
  isDeactivated: Type.Boolean(),
  currentTrackPointKey: nullable(Type.String()),
  externalId: nullable(Type.String()),
  trackingNumber: nullable(Type.String()),
  /** The value of the type's `uiConfig.listViewTitleLabelField`, as text, when the viewer may see it. */
  title: nullable(Type.String()),
  createdAt: Type.String(),
  activatedAt: nullable(Type.String()),
  lastStepAt: nullable(Type.String()),
});
export type BarcodeLabel = Static<typeof BarcodeLabel>;

export const SearchResponse = envelope(
  Type.Object({
    items: Type.Array(BarcodeLabel),
    /** Whether another page follows. */
    hasMore: Type.Boolean(),
  }),
);
export type SearchResult = Static<typeof SearchResponse>['data'];

/** A product a client user picks when activating: its defaults prefill activation fields. */
export const Product = Type.Object({
  code: Type.String(),
  name: LocalizedText,
  /** Values for activation fields, by field key. */
  defaults: Type.Record(Type.String(), Type.Unknown()),
  /** The barcode type the product is packed as: picking the product chooses it. */
  barcodeType: Type.Optional(Type.String()),
});
export type Product = Static<typeof Product>;

/** GET /barcode/products: the products of the project the client user logged in to. */
export const ProductsResponse = envelope(Type.Array(Product));
