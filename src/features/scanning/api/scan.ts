import type { Barcode } from '@schemas/api/barcode';
import { api, ApiError } from '@/shared/api';

/** The project's barcode with this external id, or null (GET /barcode/barcode, 2303 = none). */
export async function findByExternalId(projectCode: string, externalId: string): Promise<Barcode | null> {
  try {
    return await api.get<Barcode>('/barcode/barcode', { projectCode, externalId });
  } catch (error) {
    if (error instanceof ApiError && error.code === '2303') return null;
    throw error;
  }
}

/** POST /barcode/barcode with the scanned text as external id. */
export const generateWithExternalId = (projectCode: string, projectVersion: number, externalId: string) =>
  api.post<{ id: string }>('/barcode/barcode', { projectCode, projectVersion, externalId });
