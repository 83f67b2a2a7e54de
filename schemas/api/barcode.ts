import { Type, type Static } from 'typebox';
import { envelope } from '../common';

/** Barcode ids: 12 URL-safe characters (never '=', which marks the external-id lookup). */
export const BARCODE_ID_PATTERN = '^[A-Za-z0-9]{12}$';
const BarcodeId = Type.String({ pattern: BARCODE_ID_PATTERN });

/** POST /barcode/barcode: a new barcode of a project (spec section 7). */
export const GenerateBarcodeBody = Type.Object({
  projectCode: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }),
  projectVersion: Type.Integer({ minimum: 1, maximum: 100000 }),
  externalId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
}, { additionalProperties: false });
export type GenerateBarcodeBody = Static<typeof GenerateBarcodeBody>;
export const GenerateBarcodeResponse = envelope(Type.Object({ id: BarcodeId }));

/** GET /barcode/barcode: by id, or by project code + external id + tracking number. */
export const BarcodeQuery = Type.Object({
  id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  projectCode: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' })),
  externalId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  trackingNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
}, { additionalProperties: false });
export type BarcodeQuery = Static<typeof BarcodeQuery>;

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
  /** Only the fields the viewer may see (spec section 6); null before activation. */
  activationData: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
});
export type Barcode = Static<typeof Barcode>;
export const BarcodeResponse = envelope(Barcode);
