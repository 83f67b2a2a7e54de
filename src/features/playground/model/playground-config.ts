import type { Project } from '@schemas/api/project';
import { api } from '@/shared/api';
import type { FormContext } from '@widgets/types';

/** Fields of GET /barcode/project that are not part of the configuration an admin edits. */
const NOT_CONFIG = [
  'id',
  'code',
  'name',
  'version',
  'enterpriseId',
  'enterpriseName',
  'customLogoImageUrl',
  'barcodeReaderLicenseKey',
  'projectPermission',
  'revision',
] as const;

/** The demo project's configuration as the playground's starting point. */
export async function loadStartingConfig(): Promise<string> {
  const project = await api.get<Project>('/barcode/project', { code: 'demo' });
  const config: Record<string, unknown> = { ...project };
  for (const key of NOT_CONFIG) delete config[key];
  return JSON.stringify(config, null, 2);
}

/**
 * The playground touches no data: files stay in the browser (object URLs), nothing is uploaded.
 */
export function localFileContext(): Pick<FormContext, 'uploadFile' | 'deleteFile'> {
  return {
    uploadFile: async (file, onProgress) => {
      onProgress(100);
      return URL.createObjectURL(file);
    },
    deleteFile: async (url) => {
      if (url.startsWith('blob:')) URL.revokeObjectURL(url);
    },
  };
}
