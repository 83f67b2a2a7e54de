import { expect, test } from '@playwright/test';
import type { WriteInputBarcodeFormat } from 'zxing-wasm/writer';
import { fakeCamera, writeBarcodeFeed } from './fake-camera';
import { login, newCasePackageStep } from './helpers';

test.use(fakeCamera);

/**
 * The ten formats the app scans (FORMATS.default in src/features/scanning/model/symbology.ts), each
 * rendered by zxing-wasm's writer, played by the fake camera and read into a text field through its
 * reader button. UPC-A and UPC-E arrive as their 13-digit GTIN (GS1's transfer rule, what zxing-cpp
 * reports), so a product reads the same whichever of EAN-13, UPC-A or UPC-E carries it.
 */
const SAMPLES: { format: WriteInputBarcodeFormat; value: string; read?: string }[] = [
  { format: 'QRCode', value: 'LOT-QR-2026' },
  { format: 'MicroQRCode', value: '12345' },
  { format: 'Codabar', value: 'A12345B' },
  { format: 'EAN-8', value: '96385074' },
  { format: 'EAN-13', value: '4901234567894' },
  { format: 'Code128', value: 'PKG-2026-000123' },
  { format: 'Code39', value: 'ABC-123' },
  { format: 'UPC-A', value: '036000291452', read: '0036000291452' },
  { format: 'UPC-E', value: '01234565', read: '0012345000065' },
  { format: 'ITF', value: '00012345678905' },
];

test('every one of the ten formats is read by the camera into the field whose reader button opened the scanner', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, '11112222');
  await newCasePackageStep(page);
  const field = page.getByRole('textbox', { name: 'Lot number' });
  for (const { format, value, read } of SAMPLES) {
    await writeBarcodeFeed(value, format);
    await page.getByRole('button', { name: 'Scan a barcode into this field' }).click();
    const scanner = page.getByRole('dialog', { name: 'Scan barcode' });
    await expect(scanner.getByRole('textbox', { name: 'Scanned value' }), format).toHaveValue(read ?? value, {
      timeout: 20_000,
    });
    await scanner.getByRole('button', { name: 'OK' }).click();
    await expect(scanner).toHaveCount(0);
    await expect(field, format).toHaveValue(read ?? value);
  }
});
