import type { FILE_KINDS } from '@schemas/field-constants';
import { isRecord, type FieldTypeDefinition } from './field-type';

export const DEFAULT_MAX_FILES = 5;

/** What a barcode-scan-frame field without a frame (the code was typed, not scanned) holds: this single item. */
export const NO_SCAN_FRAME = { name: 'none', url: 'none' } as const;
export const DEFAULT_MAX_IMAGE_SIDE = 1600;

export interface FilesOptions {
  fileKind: (typeof FILE_KINDS)[number];
  /** At most this many files (default 5). */
  maxCount: number;
  /** Images are scaled down to this many pixels on their longer side (default 1600). */
  maxImageSide: number;
  /** photoOnly: an image on this site drawn over the live camera to help framing. */
  overlayImageUrl?: string;
}

/**
 * Pictures and files: uploaded one by one (POST /barcode/file), the form holds their names and
 * URLs.
 */
export const files: FieldTypeDefinition<'files', FilesOptions> = {
  compile(field) {
    const maxCount = field.maxCount ?? DEFAULT_MAX_FILES;
    return {
      schema: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            name: { type: 'string', maxLength: 255 },
            url: { type: 'string', minLength: 1, maxLength: 2048 },
          },
          required: ['name', 'url'],
          additionalProperties: false,
        },
        maxItems: maxCount,
      },
      options: {
        fileKind: field.fileKind,
        maxCount,
        maxImageSide: field.maxImageSide ?? DEFAULT_MAX_IMAGE_SIDE,
        overlayImageUrl: field.overlayImageUrl,
      },
    };
  },
  fileUrls(field, value) {
    if (!Array.isArray(value)) return [];
    const urls = value.map((file: unknown) => (isRecord(file) ? file.url : file));
    return field.fileKind === 'barcodeScanFrame' ? urls.filter((url) => url !== NO_SCAN_FRAME.url) : urls;
  },
  message(error) {
    const limit = (error.params as { limit?: number }).limit ?? 0;
    if (error.keyword === 'minItems')
      return { key: limit === 1 ? 'form.required' : 'form.minFiles', values: { limit } };
    if (error.keyword === 'maxItems') return { key: 'form.maxFiles', values: { limit } };
    return undefined;
  },
  display: (_field, value) =>
    Array.isArray(value)
      ? { kind: 'files', files: value.filter(isRecord).map((f) => ({ name: String(f.name), url: String(f.url) })) }
      : { kind: 'empty' },
};
