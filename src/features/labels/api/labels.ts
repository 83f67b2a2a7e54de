import type { GenerateBarcodesResponse } from '@schemas/api/labels';
import { api } from '@/shared/api';
import type { Payload } from '@/shared/api/payload';

/**
 * POST /barcode/barcodes: `count` new barcodes for a label sheet. The client gives the call
 * one Idempotency-Key, which its retries reuse: a sheet is generated once. Nothing cached is
 * stale afterwards (nothing has read the new barcodes yet). Never queued offline: the sheet
 * needs its ids on the spot, as generating one barcode does.
 */
export const generateBarcodes = async (project: { code: string; version: number }, count: number) =>
  (
    await api.request<Payload<typeof GenerateBarcodesResponse>>('post', '/barcode/barcodes', {
      data: { projectCode: project.code, projectVersion: project.version, count },
      queue: false,
    })
  ).data;
