import type { ActivationBody } from '@schemas/api/barcode';
import { api } from '@/shared/api';

/** POST /barcode/activation: the new barcode gets its type, start, addresses, package and data. */
export const activate = (body: ActivationBody) => api.post<boolean>('/barcode/activation', body);

/** PUT /barcode/activation: changes an activated barcode's data. */
export const editActivation = (body: ActivationBody) => api.put<boolean>('/barcode/activation', body);
