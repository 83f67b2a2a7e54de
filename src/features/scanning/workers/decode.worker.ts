/// <reference lib="webworker" />
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { DecodeRequest, DecodeResponse } from '../model/decoding';
import { gs1SymbolText } from '../model/gs1-symbol';

/**
 * Decodes camera frames off the main thread, so the preview stays smooth. zxing-cpp's
 * WebAssembly reads all ten formats (micro QR included); its wasm is served by this app, never
 * fetched from the library's default CDN. Text is read Plain (the same as zxing's default for
 * ordinary content) so that GS1 symbols keep their GS separators and symbology identifier.
 */
prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
  fireImmediately: true,
});

self.onmessage = async (event: MessageEvent<DecodeRequest>) => {
  const { id, image, formats } = event.data;
  let answer: DecodeResponse;
  try {
    const results = await readBarcodes(image, {
      formats: [...formats],
      tryHarder: true,
      maxNumberOfSymbols: 1,
      textMode: 'Plain',
    });
    const found = results.find((r) => r.isValid && r.text.trim() !== '');
    answer = {
      id,
      symbol: found
        ? {
            text: found.contentType === 'GS1' ? gs1SymbolText(found.symbologyIdentifier, found.text) : found.text,
            format: found.format,
            corners: [
              found.position.topLeft,
              found.position.topRight,
              found.position.bottomRight,
              found.position.bottomLeft,
            ],
          }
        : null,
    };
  } catch (error) {
    answer = { id, symbol: null, error: error instanceof Error ? error.message : String(error) };
  }
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(answer);
};
