import { PHONE_PATTERN } from '@schemas/validation';
import { asText, type FieldTypeDefinition } from './field-type';

/** A phone number (its format checked); the widget suggests the type's predefined contacts. */
export const phoneNumber: FieldTypeDefinition<'phoneNumber', Record<string, never>> = {
  compile: () => ({ schema: { type: 'string', pattern: PHONE_PATTERN, maxLength: 20 }, options: {} }),
  display: (_field, value) => asText(value),
};
