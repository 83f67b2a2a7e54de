import type { AdjustmentQuantity } from '@schemas/api/stock-state';
import type { UploadResponse, WeightResponse } from '@schemas/api/files';
import type { ReviewCalculationResponse } from '@schemas/api/ghg';
import type { Project } from '@schemas/api/project';
import type { FormStage } from '@schemas/field-constants';
import type { Language } from '@schemas/languages';
import i18next from 'i18next';
import { suggestionsOf } from '@renderer';
import type { FormContext } from '@widgets/types';
import { api } from '../api';
import { translateError } from '../i18n/error-message';
import type { Payload } from '../api/payload';
import { deviceSettings } from '../storage/device-settings';
import { ocrDialog, photoDialog, scanDialog } from '../ui/capture-requests';
import { scanFrameSource } from './scan-state';

export interface BarcodeFormContextInput {
  project: Project;
  barcodeType: string;
  barcodeId: string;
  language: Language;
  stage: FormStage;
  referenceData?: Record<string, string>;
  /** The trackpoint being tracked: auto weight measurement reads its scale. */
  trackPointKey?: string;
  /** The barcode's running quantities (GET /barcode/barcode `quantities`): the adjustment widget shows them when tracking. */
  quantities?: readonly AdjustmentQuantity[];
}

/**
 * What the widgets of a barcode's form get (rjsf formContext): the type's contact suggestions,
 * file storage through POST/DELETE /barcode/file, reference values and the scale reading.
 * Widgets never call the API themselves: the screen owns the requests, the widgets only draw.
 */
export function barcodeFormContext(input: BarcodeFormContextInput): FormContext {
  const { project, barcodeType, barcodeId, trackPointKey } = input;
  return {
    language: input.language,
    stage: input.stage,
    ...suggestionsOf(project.barcodeTypes[barcodeType]),
    referenceData: input.referenceData,
    currentQuantities:
      input.quantities && Object.fromEntries(input.quantities.map(({ key, ...quantity }) => [key, quantity])),
    uploadFile: (file, onProgress) => {
      const body = new FormData();
      body.append('barcodeId', barcodeId);
      body.append('file', file);
      return api.upload<Payload<typeof UploadResponse>>('/barcode/file', body, onProgress);
    },
    deleteFile: async (url) => {
      await api.delete('/barcode/file', { filePath: url });
    },
    // A code scanned into a field is that field's value; only the scan that opened the barcode gives its scan frame.
    scanBarcode: async () => (await scanDialog.request({ routeName: input.stage }))?.text ?? null,
    scanFrame: scanFrameSource(barcodeId),
    readText: async (fieldName) => (await ocrDialog.request({ fieldName }))?.text ?? null,
    takePhoto: (overlayUrl) => photoDialog.request({ overlayUrl }),
    deviceSettings,
    // A review is a read (nothing is stored), sent as a POST for its body of inputs.
    reviewCalculation: async (calculationType, input) => {
      try {
        return {
          result: await api.post<Payload<typeof ReviewCalculationResponse>>('/barcode/review-calculation', {
            projectId: project.id,
            calculationType,
            input,
          }),
        };
      } catch (error) {
        return { message: translateError(i18next.t.bind(i18next), error) };
      }
    },
    fetchWeight: trackPointKey
      ? async () =>
          (await api.get<Payload<typeof WeightResponse>>('/barcode/weight-measurement', { barcodeId, trackPointKey }))
            .weight
      : undefined,
  };
}
