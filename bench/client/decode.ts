/**
 * `npm run bench:decode`: how long one 1000x1000 camera frame takes to decode, per format the
 * scanner reads. Each of the ten formats is drawn by zxing-wasm's writer onto a synthetic frame
 * (a label about 60% of the frame wide on a noisy, slightly blurred grey background), then
 * decoded by zxing-wasm as the app's decode worker does (its own format alone, and all ten at
 * once, the app's default) and by @zxing/library (pure JavaScript) for comparison. Prints medians;
 * exits non-zero if zxing-wasm does not read a frame back to the value drawn on it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { prepareZXingModule as prepareReader, readBarcodes } from 'zxing-wasm/reader';
import { prepareZXingModule as prepareWriter, writeBarcode, type BarcodeSymbol } from 'zxing-wasm/writer';
import type * as ZXingLibrary from '@zxing/library';

/** The frame the scanner asks the camera for (captureConstraints, src/features/scanning/model/camera.ts). */
const SIDE = 1000;
const WARMUP = 3;
const RUNS = Number(process.env.DECODE_BENCH_RUNS ?? 25);
const GOAL_MS = 30;

/** The ten formats of the default symbology, as in src/features/scanning/model/symbology.ts. */
const FORMATS = [
  'QRCode',
  'MicroQRCode',
  'Codabar',
  'EAN-8',
  'EAN-13',
  'Code128',
  'Code39',
  'UPC-A',
  'UPC-E',
  'ITF',
] as const;
type ScanFormat = (typeof FORMATS)[number];

/**
 * A realistic value per format (valid check digits for EAN/UPC/ITF-14) and @zxing/library's name
 * for it. zxing-cpp 3 reads UPC-A and UPC-E as their 13-digit GTIN (the ISO transfer protocol,
 * zxing-cpp issue #1098): `gtin13` is the text zxing-wasm must return for those two.
 */
type Sample = { value: string; gtin13?: string; library: string };
const SAMPLES: Record<ScanFormat, Sample> = {
  QRCode: { value: 'https://example.com/demo@1/qrcode/0123456789abcdef', library: 'QR_CODE' },
  MicroQRCode: { value: '12345', library: 'MICRO_QR_CODE' },
  Codabar: { value: 'A12345B', library: 'CODABAR' },
  'EAN-8': { value: '96385074', library: 'EAN_8' },
  'EAN-13': { value: '4901234567894', library: 'EAN_13' },
  Code128: { value: 'PKG-2026-000123', library: 'CODE_128' },
  Code39: { value: 'ABC-123', library: 'CODE_39' },
  'UPC-A': { value: '036000291452', gtin13: '0036000291452', library: 'UPC_A' },
  'UPC-E': { value: '01234565', gtin13: '0012345000065', library: 'UPC_E' },
  ITF: { value: '00012345678905', library: 'ITF' },
};

const MATRIX: readonly ScanFormat[] = ['QRCode', 'MicroQRCode'];
/** Quiet zone in modules on each side of the symbol (the writer's symbol has none). */
const QUIET_MODULES: Record<'linear' | 'QRCode' | 'MicroQRCode', number> = { linear: 10, QRCode: 4, MicroQRCode: 2 };

const BACKGROUND = 180;
const PAPER = 225;
const INK = 35;
const NOISE = 12;

/** An RGBA frame in ImageData's shape: Node has no ImageData class, and zxing-wasm reads any { data, width, height }. */
type Frame = ImageData;

// @zxing/library is CommonJS whose exports Node cannot name statically: load it with require.
const require = createRequire(import.meta.url);
const library = require('@zxing/library') as typeof ZXingLibrary;
const wasmBinary = (specifier: string) => new Uint8Array(readFileSync(require.resolve(specifier))).buffer;

/** Draws the symbol (0 = black) on a paper label centred in a grey frame, as luminance. */
function drawLabel(symbol: BarcodeSymbol, format: ScanFormat): Uint8ClampedArray {
  const luma = new Uint8ClampedArray(SIDE * SIDE).fill(BACKGROUND);
  const matrix = MATRIX.includes(format);
  const module = (SIDE * 0.6) / symbol.width;
  const width = Math.round(symbol.width * module);
  const height = matrix ? Math.round(symbol.height * module) : Math.round(SIDE * 0.3);
  const left = Math.round((SIDE - width) / 2);
  const top = Math.round((SIDE - height) / 2);
  const quiet = Math.round(QUIET_MODULES[matrix ? (format as 'QRCode' | 'MicroQRCode') : 'linear'] * module);
  fillRect(luma, left - quiet, top - quiet, width + 2 * quiet, height + 2 * quiet, PAPER);
  for (let y = 0; y < height; y += 1) {
    const row = Math.min(symbol.height - 1, Math.floor((y * symbol.height) / height));
    for (let x = 0; x < width; x += 1) {
      const column = Math.min(symbol.width - 1, Math.floor(x / module));
      if ((symbol.data[row * symbol.width + column] ?? 255) < 128) luma[(top + y) * SIDE + left + x] = INK;
    }
  }
  return luma;
}

function fillRect(luma: Uint8ClampedArray, left: number, top: number, width: number, height: number, value: number) {
  for (let y = Math.max(0, top); y < Math.min(SIDE, top + height); y += 1) {
    luma.fill(value, y * SIDE + Math.max(0, left), y * SIDE + Math.min(SIDE, left + width));
  }
}

/** A 3x3 box blur: the mild softness of a phone camera's optics. */
function blur(luma: Uint8ClampedArray): Uint8ClampedArray {
  const out = new Uint8ClampedArray(luma);
  for (let y = 1; y < SIDE - 1; y += 1) {
    for (let x = 1; x < SIDE - 1; x += 1) {
      let sum = 0;
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) sum += luma[(y + dy) * SIDE + x + dx] ?? 0;
      }
      out[y * SIDE + x] = sum / 9;
    }
  }
  return out;
}

/** Sensor noise of ±NOISE levels from a seeded LCG, so every run draws the same frames. */
function addNoise(luma: Uint8ClampedArray, seed: number): Uint8ClampedArray {
  let state = seed >>> 0;
  for (let i = 0; i < luma.length; i += 1) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    luma[i] = (luma[i] ?? 0) + Math.round((state / 2 ** 32) * (2 * NOISE) - NOISE);
  }
  return luma;
}

/** Grey to RGBA, the shape of the ImageData the scanner takes from its canvas. */
function toFrame(luma: Uint8ClampedArray): Frame {
  const data = new Uint8ClampedArray(SIDE * SIDE * 4);
  for (let i = 0; i < luma.length; i += 1) {
    const grey = luma[i] ?? 0;
    data.set([grey, grey, grey, 255], i * 4);
  }
  return { data, width: SIDE, height: SIDE, colorSpace: 'srgb' };
}

async function renderFrame(format: ScanFormat, seed: number): Promise<Frame> {
  const { symbol, error } = await writeBarcode(SAMPLES[format].value, { format });
  if (error) throw new Error(`${format}: the writer failed: ${error}`);
  return toFrame(addNoise(blur(drawLabel(symbol, format)), seed));
}

/** zxing-wasm with the decode worker's options; the text of the first valid symbol, if any. */
async function decodeWasm(frame: Frame, formats: readonly ScanFormat[]): Promise<string | null> {
  const results = await readBarcodes(frame, { formats: [...formats], tryHarder: true, maxNumberOfSymbols: 1 });
  return results.find((r) => r.isValid)?.text ?? null;
}

/** An @zxing/library reader for one format, set up once as a continuous scanner would; null if it lacks the format. */
function libraryDecoder(format: ScanFormat): ((frame: Frame) => string | null) | null {
  const libraryFormat = library.BarcodeFormat[SAMPLES[format].library as keyof typeof library.BarcodeFormat];
  if (libraryFormat === undefined) return null;
  const reader = new library.MultiFormatReader();
  reader.setHints(
    new Map<ZXingLibrary.DecodeHintType, unknown>([
      [library.DecodeHintType.POSSIBLE_FORMATS, [libraryFormat]],
      [library.DecodeHintType.TRY_HARDER, true],
      // Codabar keeps its start and stop characters, as zxing-wasm reports them.
      [library.DecodeHintType.RETURN_CODABAR_START_END, true],
    ]),
  );
  return (frame) => {
    const source = new library.RGBLuminanceSource(luminance(frame.data), frame.width, frame.height);
    try {
      return withoutWarnings(() =>
        reader.decodeWithState(new library.BinaryBitmap(new library.HybridBinarizer(source))).getText(),
      );
    } catch {
      return null;
    }
  };
}

/** Runs fn with console.warn muted: @zxing/library warns (with a stack) whenever one of its readers throws an unexpected exception. */
function withoutWarnings<T>(fn: () => T): T {
  const warn = console.warn;
  console.warn = () => {};
  try {
    return fn();
  } finally {
    console.warn = warn;
  }
}

/** RGBA to luminance (Rec. 601 weights, as zxing-wasm converts ImageData), timed as part of the library's decode. */
function luminance(rgba: Uint8ClampedArray): Uint8ClampedArray {
  const luma = new Uint8ClampedArray(rgba.length / 4);
  for (let i = 0; i < luma.length; i += 1) {
    luma[i] = (306 * (rgba[i * 4] ?? 0) + 601 * (rgba[i * 4 + 1] ?? 0) + 117 * (rgba[i * 4 + 2] ?? 0) + 512) >> 10;
  }
  return luma;
}

/** Median milliseconds of RUNS decodes after WARMUP untimed ones. */
async function medianMs(decode: () => unknown): Promise<number> {
  for (let i = 0; i < WARMUP; i += 1) await decode();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await decode();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? NaN;
}

type Timing = number | 'failed' | 'not supported';
type Row = {
  format: ScanFormat;
  own: Timing;
  all: Timing;
  library: Timing;
  wasmOk: boolean;
  meetsGoal: boolean;
  result: string;
};

/** zxing-wasm's medians for its own format and for all ten; 'failed' where it does not read `expected` back. */
async function benchWasm(frame: Frame, format: ScanFormat, expected: string) {
  const time = async (formats: readonly ScanFormat[]) => {
    const text = await decodeWasm(frame, formats);
    return { text, ms: text === expected ? await medianMs(() => decodeWasm(frame, formats)) : ('failed' as const) };
  };
  const own = await time([format]);
  const all = await time(FORMATS);
  return { own, all, ok: own.text === expected && all.text === expected };
}

/** @zxing/library's median, or why there is none. */
async function benchLibrary(frame: Frame, format: ScanFormat, expected: string): Promise<Timing> {
  const decode = libraryDecoder(format);
  if (!decode) return 'not supported';
  return decode(frame) === expected ? medianMs(() => decode(frame)) : 'failed';
}

async function benchFormat(format: ScanFormat, seed: number): Promise<Row> {
  const { value, gtin13 } = SAMPLES[format];
  const frame = await renderFrame(format, seed);
  const wasm = await benchWasm(frame, format, gtin13 ?? value);
  const library = await benchLibrary(frame, format, value);
  const own = wasm.own.ms;
  const all = wasm.all.ms;
  const meetsGoal = typeof own === 'number' && typeof all === 'number' && Math.max(own, all) <= GOAL_MS;
  const result = wasm.ok
    ? `goal ${meetsGoal ? 'met' : 'MISSED'}`
    : `zxing-wasm FAILED: read ${JSON.stringify(wasm.own.text)} / ${JSON.stringify(wasm.all.text)}`;
  return { format, own, all, library, wasmOk: wasm.ok, meetsGoal, result };
}

const cell = (value: Timing) => (typeof value === 'number' ? value.toFixed(1) : value);

function printTable(rows: Row[]) {
  const header = ['format', 'zxing-wasm own ms', 'zxing-wasm all-ten ms', '@zxing/library ms', 'result'];
  const lines = [header, ...rows.map((r) => [r.format, cell(r.own), cell(r.all), cell(r.library), r.result])];
  const widths = header.map((_, i) => Math.max(...lines.map((line) => (line[i] ?? '').length)));
  const format = (line: string[]) =>
    line
      .map((text, i) => text.padEnd(widths[i] ?? 0))
      .join(' | ')
      .trimEnd();
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const line of lines.slice(1)) console.log(format(line));
}

prepareWriter({ overrides: { wasmBinary: wasmBinary('zxing-wasm/writer/zxing_writer.wasm') } });
prepareReader({ overrides: { wasmBinary: wasmBinary('zxing-wasm/reader/zxing_reader.wasm') } });

console.log(
  `Decode of a ${SIDE}x${SIDE} frame, median of ${RUNS} runs after ${WARMUP} warm-up runs (tryHarder, one symbol)`,
);
const rows: Row[] = [];
for (const [index, format] of FORMATS.entries()) rows.push(await benchFormat(format, index + 1));
printTable(rows);

const missed = rows.filter((r) => !r.meetsGoal).map((r) => r.format);
console.log(
  `goal: median <= ${GOAL_MS} ms per ${SIDE}x${SIDE} frame (zxing-wasm, own format and all ten): ${missed.length === 0 ? 'met by every format' : `missed by ${missed.join(', ')}`}`,
);
const failed = rows.filter((r) => !r.wasmOk).map((r) => r.format);
if (failed.length > 0) {
  console.error(`zxing-wasm did not read back: ${failed.join(', ')}`);
  process.exit(1);
}
