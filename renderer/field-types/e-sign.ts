import type { FieldTypeDefinition } from './field-type';

/**
 * A signature: the URL of the uploaded signature image (files never travel inside form data).
 * Missing, it says 'Please sign'.
 */
export const eSign: FieldTypeDefinition<'eSign', Record<string, never>> = {
  compile: () => ({ schema: { type: 'string', minLength: 1, maxLength: 2048 }, options: {} }),
  fileUrls: (_field, value) => [value],
  message: (error) =>
    error.keyword === 'required' || error.keyword === 'minLength' ? { key: 'form.sign' } : undefined,
  display: (_field, value) => ({ kind: 'image', url: String(value) }),
};
