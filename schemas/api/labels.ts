import { Type, type Static } from 'typebox';
import { envelope } from '../common';
import { PROJECT_CODE_PATTERN } from '../validation';
import { BarcodeId } from './barcode';

/**
 * The most barcodes one label-sheet request generates: a bit over four A4 pages of 3 x 8 labels,
 * what one print run of a sticker pack holds; more is asked again (each request is its own sheet).
 */
export const LABEL_SHEET_MAX = 100;

/** POST /barcode/barcodes: `count` new barcodes of the project for a label sheet, with the permission to generate. */
export const GenerateBarcodesBody = Type.Object({
  projectCode: Type.String({ pattern: PROJECT_CODE_PATTERN }),
  projectVersion: Type.Integer({ minimum: 1, maximum: 100000 }),
  count: Type.Integer({ minimum: 1, maximum: LABEL_SHEET_MAX }),
}, { additionalProperties: false });
export type GenerateBarcodesBody = Static<typeof GenerateBarcodesBody>;
export const GenerateBarcodesResponse = envelope(Type.Object({ ids: Type.Array(BarcodeId) }));
