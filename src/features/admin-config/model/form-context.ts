import type { FormContext } from '@widgets/types';
import type { Language } from '@schemas/languages';
import type { FormRef } from '@renderer';
import { stageOf } from '@renderer';

/**
 * The context of forms drawn in the admin area (the builder's own form, the draft's preview):
 * no barcode, so no uploads, scanner or scale; files stay on this computer (object URLs) and are
 * never sent, as in the playground.
 */
export function adminFormContext(language: Language, ref: FormRef): FormContext {
  return {
    language,
    stage: stageOf(ref),
    phoneSuggestions: [],
    emailSuggestions: [],
    uploadFile: async (file, onProgress) => {
      onProgress(100);
      return URL.createObjectURL(file);
    },
    deleteFile: async (url) => {
      if (url.startsWith('blob:')) URL.revokeObjectURL(url);
    },
  };
}
