import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Client } from './harness';

/** A form field, or a file part with its name as a browser would send it. */
export type FormPart =
  { name: string; value: string } | { name: string; filename: string; content: Buffer | string; type?: string };

/** A multipart/form-data body, its parts in the order given (as FormData sends them). */
export function formData(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----smart-barcode-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"`
        : `form-data; name="${part.name}"`;
    const type = 'filename' in part ? `\r\nContent-Type: ${part.type ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.from('filename' in part ? part.content : part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /api/barcode/file with a barcode id and one file. */
export function upload(
  client: Client,
  barcodeId: string,
  filename: string,
  content: Buffer | string,
  type = 'image/png',
): Promise<LightMyRequestResponse> {
  return client.request({
    method: 'POST',
    url: '/api/barcode/file',
    ...formData([
      { name: 'barcodeId', value: barcodeId },
      { name: 'file', filename, content, type },
    ]),
  });
}

/** A few bytes that start like a PNG image. */
export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  randomBytes(120),
]);
