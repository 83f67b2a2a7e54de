import { asText, type FieldTypeDefinition } from './field-type';

/** An e-mail address; the widget suggests the type's notification and contact addresses. */
export const email: FieldTypeDefinition<'email', Record<string, never>> = {
  compile: () => ({ schema: { type: 'string', format: 'email', maxLength: 254 }, options: {} }),
  display: (_field, value) => asText(value),
};
