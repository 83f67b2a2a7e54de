// @vitest-environment node
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule as prepareReader, readBarcodes } from 'zxing-wasm/reader';
import { prepareZXingModule as prepareWriter, writeBarcode } from 'zxing-wasm/writer';
import { FORMATS, asSymbology } from '@/features/scanning/model/symbology';

// The wasm comes from node_modules, as the app serves it: nothing is fetched from a CDN.
beforeAll(async () => {
  await prepareReader({
    overrides: {
      wasmBinary: readFileSync('node_modules/zxing-wasm/dist/reader/zxing_reader.wasm').buffer as ArrayBuffer,
    },
    fireImmediately: true,
  });
  await prepareWriter({
    overrides: {
      wasmBinary: readFileSync('node_modules/zxing-wasm/dist/writer/zxing_writer.wasm').buffer as ArrayBuffer,
    },
    fireImmediately: true,
  });
});

/** A sample of each format, valid for it (check digits included), and what a reader reports. */
const SAMPLES: Record<string, string> = {
  QRCode: 'https://smart-barcode.example/demo@1/qrcode/AbCdEf123456',
  MicroQRCode: 'PO-2026',
  Codabar: 'A123456A',
  'EAN-8': '96385074',
  'EAN-13': '4901234567894',
  Code128: 'PAL-2026-0042',
  Code39: 'LOT-42',
  'UPC-A': '036000291452',
  'UPC-E': '01234565',
  ITF: '12345678901231',
};

/** UPC codes are read as their EAN-13 form (UPC-E expanded), as zxing-cpp reports them with EAN-13 enabled. */
const READ_AS: Record<string, string> = { 'UPC-A': '0036000291452', 'UPC-E': '0012345000065' };

describe('decoding the ten formats the app scans with zxing-cpp (WebAssembly)', () => {
  it.each(Object.entries(SAMPLES))('reads %s', async (format, text) => {
    const written = await writeBarcode(text, { format: format as never, scale: 4 });
    expect(written.error).toBe('');
    const image = new Uint8Array(await (written.image as Blob).arrayBuffer());
    const [result] = await readBarcodes(image, {
      formats: [...FORMATS.default],
      tryHarder: true,
      maxNumberOfSymbols: 1,
    });
    expect(result?.isValid).toBe(true);
    expect(result?.text).toBe(READ_AS[format] ?? text);
  });

  it('reads only what the chosen symbology asks for', async () => {
    const qr = await writeBarcode(SAMPLES.QRCode ?? '', { format: 'QRCode', scale: 4 });
    const image = new Uint8Array(await (qr.image as Blob).arrayBuffer());
    expect(await readBarcodes(image, { formats: [...FORMATS.oneDimensional] })).toEqual([]);
    expect((await readBarcodes(image, { formats: [...FORMATS.qr] }))[0]?.text).toBe(SAMPLES.QRCode);
  });

  it('resets an unknown stored symbology to default', () => {
    expect(asSymbology('qr')).toBe('qr');
    expect(asSymbology('pdf417')).toBe('default');
    expect(asSymbology(null)).toBe('default');
  });
});
