import type { Worker as OcrWorker } from 'tesseract.js';

/** Where the build put the OCR engine's files (vite.config.ts `ocrAssets`). */
const assetDir = () =>
  new URL(`${import.meta.env.BASE_URL}${import.meta.env.OCR_ASSET_DIR as string}/`, location.origin).href;

/** The engine stays loaded this long after its last use, then gives its memory back. */
const IDLE_MS = 120_000;
/** Starting takes a second or two (downloads first time); a start that has not finished by then failed. */
const START_TIMEOUT_MS = 90_000;

let engine: Promise<OcrWorker> | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let running = 0;

export type OcrProgress = (status: 'loading' | 'recognising', progress: number) => void;
let reportProgress: OcrProgress | undefined;

/**
 * The tesseract.js worker, started on first use (English, LSTM engine) from this app's own
 * files: the worker script, the core for this browser's WebAssembly features and the language
 * model, which tesseract.js keeps in IndexedDB after the first download.
 */
function startEngine(): Promise<OcrWorker> {
  engine ??= (async () => {
    // User timing marks (devtools, `npm run bench`): how long the engine takes to start.
    performance.mark('ocr:engine-start');
    const { createWorker, OEM, PSM } = await import('tesseract.js');
    const dir = assetDir();
    // tesseract.js rejects createWorker only when its first step fails: a model that does not
    // download or initialise reaches errorHandler instead, and its promise would never settle.
    let fail: (reason: unknown) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => {
      fail = reject;
    });
    const timer = setTimeout(() => fail(new Error('OCR engine did not start')), START_TIMEOUT_MS);
    const created = createWorker('eng', OEM.LSTM_ONLY, {
      workerPath: `${dir}worker.min.js`,
      corePath: dir,
      langPath: dir.replace(/\/$/, ''),
      workerBlobURL: false,
      gzip: true,
      logger: (message) => {
        const loading = message.status.startsWith('loading') || message.status.startsWith('initializ');
        reportProgress?.(loading ? 'loading' : 'recognising', message.progress);
      },
      errorHandler: (error: unknown) => fail(error),
    });
    const worker = await Promise.race([created, failed]).finally(() => clearTimeout(timer));
    // A crop is usually a line or a few: one uniform block of text reads best.
    await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, preserve_interword_spaces: '1' });
    performance.measure('ocr:engine-ready', 'ocr:engine-start');
    return worker;
  })();
  engine.catch(() => {
    engine = null;
  });
  return engine;
}

/** Starts loading the engine ahead of the first recognition (while the camera is live). */
export function warmUpOcr(): void {
  clearTimeout(idleTimer);
  void startEngine().catch(() => undefined);
}

/** Gives the engine's memory back after IDLE_MS without use (none running, nothing new asked). */
export function releaseOcrWhenIdle(): void {
  clearTimeout(idleTimer);
  if (running > 0) return;
  idleTimer = setTimeout(() => {
    const current = engine;
    engine = null;
    void current?.then(
      (w) => w.terminate(),
      () => undefined,
    );
  }, IDLE_MS);
}

/** Recognises the English text of an image. */
export async function recogniseText(image: HTMLCanvasElement | Blob, onProgress?: OcrProgress): Promise<string> {
  clearTimeout(idleTimer);
  reportProgress = onProgress;
  running += 1;
  try {
    const worker = await startEngine();
    const { data } = await worker.recognize(image);
    return data.text;
  } finally {
    running -= 1;
    reportProgress = undefined;
    releaseOcrWhenIdle();
  }
}
