import { expect, type APIRequestContext } from '@playwright/test';

const address = {
  companyName: 'FrostLine Pharma',
  country: 'JPN',
  postalCode: '530-0001',
  prefecture: 'Osaka',
  address1: '1-1 Umeda',
};

/**
 * A demo pallet generated and activated through the API by whoever `request` is logged in as
 * (the page's own context, so the browser shares the session), with a field only users see
 * (internal cost). The type's hidden field (QA notes) cannot be sent by any client.
 */
export async function activatedPallet(
  request: APIRequestContext,
  { lotNumber = 'FLU-2026-1', ...extra }: { externalId?: string; lotNumber?: string } = {},
): Promise<string> {
  const generated = await request.post('/api/barcode/barcode', { data: { projectCode: 'demo', projectVersion: 1 } });
  expect(generated.ok(), await generated.text()).toBe(true);
  const { id } = (await generated.json()).data as { id: string };
  const activated = await request.post('/api/barcode/activation', {
    data: {
      barcodeId: id,
      barcodeType: 'pallet',
      origin: address,
      destination: { ...address, address1: '2-2 Namba' },
      dimension: { height: 150, width: 120, depth: 100 },
      weight: 480,
      customFields: {
        productName: 'Influenza vaccine',
        lotNumber,
        expiryDate: '2027-03-31',
        storageRange: '2-8',
        caseCount: 40,
        internalCost: 1234.5,
      },
      ...extra,
    },
  });
  expect(activated.ok(), await activated.text()).toBe(true);
  return id;
}

/** A demo barcode of `barcodeType` generated and activated through the API (at the manufacturer). */
export async function activatedOf(
  request: APIRequestContext,
  barcodeType: 'case' | 'logger',
  externalId?: string,
): Promise<string> {
  const generated = await request.post('/api/barcode/barcode', { data: { projectCode: 'demo', projectVersion: 1 } });
  expect(generated.ok(), await generated.text()).toBe(true);
  const { id } = (await generated.json()).data as { id: string };
  const data =
    barcodeType === 'case'
      ? {
          barcodeId: id,
          barcodeType,
          origin: address,
          destination: { ...address, address1: '2-2 Namba' },
          dimension: { height: 30, width: 40, depth: 30 },
          weight: 12,
          customFields: {
            productName: 'Influenza vaccine',
            lotNumber: 'FLU-2026-1',
            expiryDate: '2027-03-31',
            storageRange: '2-8',
          },
          externalId,
        }
      : { barcodeId: id, barcodeType, customFields: { serialNumber: 'TL-1' }, externalId };
  const res = await request.post('/api/barcode/activation', { data });
  expect(res.ok(), await res.text()).toBe(true);
  return id;
}
