import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { CHROMIUM } from '../playwright.config';
import { prepareZXingModule, writeBarcode, type WriteInputBarcodeFormat } from 'zxing-wasm/writer';

/**
 * Chromium's fake camera plays a Y4M file, read again each time a page opens the camera: a
 * test writes the feed it needs before opening the scanner, the photo dialog or the OCR capture.
 */
export const FEED = join(tmpdir(), `e2e-camera-${process.pid}.y4m`);

/** Launch options for a spec that uses the fake camera (with camera permission granted). */
export const fakeCamera = {
  permissions: ['camera'],
  launchOptions: {
    ...CHROMIUM,
    args: [
      ...CHROMIUM.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${FEED}`,
    ],
  },
};

/**
 * Writes pictures (8-bit luma, grey chroma) as a 30 fps Y4M video, each shown for `framesEach`
 * frames; the fake camera plays it in a loop.
 */
function writeY4m(pictures: Uint8Array[], width: number, height: number, framesEach = 5) {
  const chroma = new Uint8Array((width / 2) * (height / 2)).fill(128);
  const frames = pictures.flatMap((luma) =>
    Array.from({ length: framesEach }, () => Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma])),
  );
  writeFileSync(
    FEED,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`), ...frames]),
  );
}

const SIDE = 480;
const LINEAR_HEIGHT = Math.floor(SIDE * 0.3);

/**
 * A camera feed showing one code (any of the ten formats, rendered by zxing-wasm's writer), black
 * on white. `options` go to the writer: 'gs1' makes GS1-128 / GS1 QR / GS1 DataMatrix from the
 * bracketed element strings `(00)...(01)...` (FNC1 in first position and between values).
 */
export async function writeBarcodeFeed(text: string, format: WriteInputBarcodeFormat, options?: string) {
  writeY4m([await renderBarcode(text, format, options)], SIDE, SIDE);
}

/** A camera feed that shows each code in turn for a second, in a loop (bulk scanning). */
export async function writeBarcodesFeed(texts: string[], format: WriteInputBarcodeFormat) {
  writeY4m(await Promise.all(texts.map((text) => renderBarcode(text, format))), SIDE, SIDE, 30);
}

async function renderBarcode(text: string, format: WriteInputBarcodeFormat, options?: string): Promise<Uint8Array> {
  prepareZXingModule({
    overrides: {
      wasmBinary: readFileSync('node_modules/zxing-wasm/dist/writer/zxing_writer.wasm').buffer as ArrayBuffer,
    },
  });
  const { symbol, error } = await writeBarcode(text, { format, ...(options ? { options } : {}) });
  if (error || !symbol) throw new Error(error ?? `no ${format} symbol`);
  const linear = symbol.height <= 2;
  const scale = Math.max(
    1,
    Math.floor((SIDE * (linear ? 0.8 : 0.6)) / Math.max(symbol.width, linear ? 1 : symbol.height)),
  );
  const rows = linear ? LINEAR_HEIGHT : symbol.height * scale;
  const luma = new Uint8Array(SIDE * SIDE).fill(235);
  const left = Math.floor((SIDE - symbol.width * scale) / 2);
  const top = Math.floor((SIDE - rows) / 2);
  for (let y = 0; y < rows; y += 1) {
    for (let x = 0; x < symbol.width * scale; x += 1) {
      const module =
        symbol.data[Math.min(symbol.height - 1, Math.floor(y / scale)) * symbol.width + Math.floor(x / scale)] ?? 255;
      luma[(top + y) * SIDE + left + x] = module < 128 ? 16 : 235;
    }
  }
  return luma;
}

/** A camera feed showing a line of printed text (drawn by the browser in a scratch page). */
export async function writeTextFeed(context: BrowserContext, text: string) {
  const scratch = await context.newPage();
  const luma = await scratch.evaluate(
    ({ text, side }) => {
      const canvas = document.createElement('canvas');
      canvas.width = side;
      canvas.height = side;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#eee';
      g.fillRect(0, 0, side, side);
      g.fillStyle = '#111';
      g.font = 'bold 44px sans-serif';
      g.textAlign = 'center';
      g.textBaseline = 'middle';
      g.fillText(text, side / 2, side / 2);
      const { data } = g.getImageData(0, 0, side, side);
      return Array.from({ length: side * side }, (_, i) =>
        Math.round(0.299 * data[i * 4]! + 0.587 * data[i * 4 + 1]! + 0.114 * data[i * 4 + 2]!),
      );
    },
    { text, side: SIDE },
  );
  await scratch.close();
  writeY4m([Uint8Array.from(luma)], SIDE, SIDE);
}
