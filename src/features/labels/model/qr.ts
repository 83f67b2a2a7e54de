import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import wasmUrl from 'zxing-wasm/writer/zxing_writer.wasm?url';

// The writer's WebAssembly is served by this site (bundled by Vite), never fetched from a CDN.
prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
});

/**
 * A QR code of `text` as an SVG document, drawn here by zxing-wasm's writer (the scanner's own
 * library, its writer half): no remote service sees the barcodes printed. Error correction M
 * (15 %): a label scuffed on a pallet still reads.
 */
export async function qrSvg(text: string): Promise<string> {
  const result = await writeBarcode(text, { format: 'QRCode', options: 'ecLevel=M' });
  if (result.error || !result.svg) throw new Error(result.error || 'QR code not drawn');
  return result.svg;
}

/** The SVG as an image address (an <img> draws it: nothing of it runs in this page). */
export const svgDataUrl = (svg: string): string => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
