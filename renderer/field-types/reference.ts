import { asText, type FieldTypeDefinition } from './field-type';

export interface ReferenceOptions {
  /** The key of the value in GET /barcode/reference-data. */
  referenceKey: string;
}

/** A value looked up from the barcode's reference data (an ERP import): shown, never typed. */
export const reference: FieldTypeDefinition<'reference', ReferenceOptions> = {
  compile: (field) => ({ schema: { type: 'string', readOnly: true }, options: { referenceKey: field.referenceKey } }),
  display: (_field, value) => asText(value),
};
