import { Type, type Static } from 'typebox';
import { envelope } from '../common';
import { LABEL_SHEET_MAX, PROJECT_CODE_PATTERN } from '../validation';
import { BarcodeId } from './barcode';

export { LABEL_SHEET_MAX };

/** POST /barcode/barcodes: `count` new barcodes of the project for a label sheet, with the permission to generate. */
export const GenerateBarcodesBody = Type.Object(
  {
    projectCode: Type.String({ pattern: PROJECT_CODE_PATTERN }),
    projectVersion: Type.Integer({ minimum: 1, maximum: 100000 }),
    count: Type.Integer({ minimum: 1, maximum: LABEL_SHEET_MAX }),
  },
  { additionalProperties: false },
);
export type GenerateBarcodesBody = Static<typeof GenerateBarcodesBody>;
export const GenerateBarcodesResponse = envelope(Type.Object({ ids: Type.Array(BarcodeId) }));
