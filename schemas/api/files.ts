import { Type, type Static } from 'typebox';
import { envelope } from '../common';
import { IDENTIFIER_PATTERN } from '../field-constants';
import { MAX_WEIGHT_KG, UUID_PATTERN_SOURCE } from '../validation';
import { BARCODE_ID_PATTERN } from './barcode';

/**
 * The kinds of file POST /barcode/file accepts, by lowercased extension of the uploaded name,
 * with the Content-Type they are served with (never the one the upload claimed). Images are
 * shown inline; every other kind is served as a download. SVG and HTML are left out on purpose:
 * they can carry scripts.
 */
export const FILE_TYPES = {
  png: 'image/png',
  gif: 'image/gif',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;
export type FileExtension = keyof typeof FILE_TYPES;

/** Stored names: 16 random letters and digits, then an allowed extension. Nothing else is ever served. */
export const STORED_FILE_NAME_PATTERN = `^[A-Za-z0-9]{16}\\.(?:${Object.keys(FILE_TYPES).join('|')})$`;

/** The URL a stored file is served at, as POST /barcode/file answers it. */
export const storedFileUrl = (barcodeId: string, name: string): string => `/api/barcode/file/${barcodeId}/${name}`;

const STORED_NAME = new RegExp(STORED_FILE_NAME_PATTERN);

/** True for the URL of a file stored for this barcode (what a files or signature value may hold), false for anything else. */
export function isStoredFileUrlOf(url: unknown, barcodeId: string): boolean {
  const prefix = storedFileUrl(barcodeId, '');
  return typeof url === 'string' && url.startsWith(prefix) && STORED_NAME.test(url.slice(prefix.length));
}

/**
 * POST /barcode/file answers the stored file's URL, `/api/barcode/file/<barcodeId>/<name>`
 * (same origin as the API, like the project logo's URL).
 */
export const UploadResponse = envelope(Type.String());

/**
 * An upload refused for its size: `errors.File` is [ErrorCode.zeroFileSize] (empty) or
 * [ErrorCode.fileTooLarge]; with fileTooLarge, `maxBytes` is the largest size accepted, for the
 * client's message.
 */
export const UploadErrorResponse = Type.Object({
  errors: Type.Record(Type.String(), Type.Array(Type.Integer())),
  maxBytes: Type.Optional(Type.Integer()),
});

/** GET /barcode/file/:barcodeId/:name: patterns that leave no room for '..', '/' or '\'. */
export const StoredFileParams = Type.Object(
  {
    barcodeId: Type.String({ pattern: BARCODE_ID_PATTERN }),
    name: Type.String({ pattern: STORED_FILE_NAME_PATTERN }),
  },
  { additionalProperties: false },
);
export type StoredFileParams = Static<typeof StoredFileParams>;

/** DELETE /barcode/file: the URL POST /barcode/file answered (an absolute URL to it is accepted too). */
export const DeleteFileBody = Type.Object(
  {
    filePath: Type.String({ minLength: 1, maxLength: 500 }),
  },
  { additionalProperties: false },
);
export type DeleteFileBody = Static<typeof DeleteFileBody>;

/** GET /barcode/reference-data */
export const ReferenceDataQuery = Type.Object(
  {
    barcodeId: Type.String({ pattern: BARCODE_ID_PATTERN }),
  },
  { additionalProperties: false },
);
export type ReferenceDataQuery = Static<typeof ReferenceDataQuery>;

/** Values by reference key: imported ones plus barcodeId, externalId, trackingNumber, barcodeType, currentTrackPoint. */
export const ReferenceDataResponse = envelope(Type.Record(Type.String(), Type.String()));

/** POST /barcode/weight-measurement: a scale's reading at a trackpoint of a project. */
export const WeightReadingBody = Type.Object(
  {
    projectId: Type.String({ pattern: UUID_PATTERN_SOURCE }),
    trackPointKey: Type.String({ pattern: IDENTIFIER_PATTERN }),
    /** Kilograms. */
    weight: Type.Number({ minimum: 0, maximum: MAX_WEIGHT_KG }),
    deviceId: Type.String({ pattern: '^[A-Za-z0-9._:-]{1,64}$' }),
  },
  { additionalProperties: false },
);
export type WeightReadingBody = Static<typeof WeightReadingBody>;

/** GET /barcode/weight-measurement: the latest reading for the barcode's project at a trackpoint. */
export const WeightQuery = Type.Object(
  {
    barcodeId: Type.String({ pattern: BARCODE_ID_PATTERN }),
    trackPointKey: Type.String({ pattern: IDENTIFIER_PATTERN }),
  },
  { additionalProperties: false },
);
export type WeightQuery = Static<typeof WeightQuery>;

export const WeightReading = Type.Object({
  /** Kilograms. */
  weight: Type.Number(),
  /** ISO 8601, when the scale posted it. */
  measuredAt: Type.String(),
});
export type WeightReading = Static<typeof WeightReading>;
export const WeightResponse = envelope(WeightReading);
