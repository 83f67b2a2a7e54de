import type { ActivationBody } from '@schemas/api/barcode';
import type { OkResponse } from '@schemas/common';
import { api } from '@/shared/api';
import { revalidateBarcode } from '@/shared/api/keys';
import type { Mutation } from '@/shared/api/mutation';
import type { Payload } from '@/shared/api/payload';
import { revalidateUserAddresses } from './addresses';

/** What an activation or its edit makes stale: the barcode, and the addresses the user used before. */
const revalidateActivated = (body: ActivationBody) =>
  Promise.all([revalidateBarcode(body.barcodeId), revalidateUserAddresses()]);

/** POST /barcode/activation: the new barcode gets its type, start, addresses, package and data. */
export const activateBarcode: Mutation<ActivationBody> = {
  send: async (body) => {
    await api.post<Payload<typeof OkResponse>>('/barcode/activation', body);
  },
  revalidate: revalidateActivated,
};

/** PUT /barcode/activation: changes an activated barcode's data. */
export const editActivation: Mutation<ActivationBody> = {
  send: async (body) => {
    await api.put<Payload<typeof OkResponse>>('/barcode/activation', body);
  },
  revalidate: revalidateActivated,
};
