import type { Worker as OcrWorker } from 'tesseract.js';

/** Where the build put the OCR engine's files (vite.config.ts `ocrAssets`). */
const assetDir = () => new URL(`${import.meta.env.BASE_URL}${import.meta.env.OCR_ASSET_DIR as string}/`, location.origin).href;

/** The engine stays loaded this long after its last use, then gives its memory back. */
const IDLE_MS = 120_000;

let engine: Promise<OcrWorker> | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

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
    const worker = await createWorker('eng', OEM.LSTM_ONLY, {
      workerPath: `${dir}worker.min.js`,
      corePath: dir,
      langPath: dir.replace(/\/$/, ''),
      workerBlobURL: false,
      gzip: true,
      logger: (message) => {
        const loading = message.status.startsWith('loading') || message.status.startsWith('initializ');
        reportProgress?.(loading ? 'loading' : 'recognising', message.progress);
      },
    });
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
  void startEngine().catch(() => undefined);
}

/** Recognises the English text of an image; the engine is released after two idle minutes. */
export async function recogniseText(image: HTMLCanvasElement | Blob, onProgress?: OcrProgress): Promise<string> {
  clearTimeout(idleTimer);
  reportProgress = onProgress;
  try {
    const worker = await startEngine();
    const { data } = await worker.recognize(image);
    return data.text;
  } finally {
    reportProgress = undefined;
    idleTimer = setTimeout(() => {
      const current = engine;
      engine = null;
      void current?.then((w) => w.terminate());
    }, IDLE_MS);
  }
}
