import { Type, type Static } from 'typebox';
import { UUID_PATTERN_SOURCE } from '../validation';
import { BARCODE_ID_PATTERN } from './barcode';

/** GET /barcode/epcis: one barcode and its descendants. */
export const EpcisBarcodeQuery = Type.Object(
  { id: Type.String({ pattern: BARCODE_ID_PATTERN }) },
  { additionalProperties: false },
);
export type EpcisBarcodeQuery = Static<typeof EpcisBarcodeQuery>;

/** GET /barcode/epcis/project: every event of the project made on the days from..to (YYYYMMDD, both included) of the caller's time zone. */
export const EpcisProjectQuery = Type.Object(
  {
    projectId: Type.String({ pattern: UUID_PATTERN_SOURCE }),
    from: Type.String({ pattern: '^[0-9]{8}$' }),
    to: Type.String({ pattern: '^[0-9]{8}$' }),
    /** Hours east of UTC of the days named, e.g. 9 for Japan; default 0 (UTC). */
    utcOffset: Type.Optional(Type.Number({ minimum: -12, maximum: 14 })),
  },
  { additionalProperties: false },
);
export type EpcisProjectQuery = Static<typeof EpcisProjectQuery>;

/**
 * An EPCIS 2.0 JSON-LD EPCISDocument (GS1's EPCIS-JSON-Schema.json defines it), sent as
 * `application/ld+json` as text or a stream (never serialised by Fastify), not in the `{ data }`
 * envelope: partners' tools read it as it is.
 */
export const EpcisDocumentResponse = {
  description: 'EPCIS 2.0 JSON-LD EPCISDocument',
  content: {
    'application/ld+json': {
      schema: Type.Unsafe<unknown>({
        type: 'object',
        required: ['@context', 'type', 'schemaVersion', 'creationDate', 'epcisBody'],
        properties: { type: { const: 'EPCISDocument' } },
      }),
    },
  },
};
