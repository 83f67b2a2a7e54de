import { parseGs1, toBracketed } from '@gs1';

/**
 * The text of a symbol carrying GS1 element strings (zxing reports content type GS1, its
 * symbology identifier `]C1`, `]d2`, `]Q3`... and, in Plain text mode, GS between the values):
 * the bracketed form `(01)09506000134352(10)ABC` when the data are valid (printable, what the
 * label shows under the bars, read back the same by parseGs1), else the raw transmission so that
 * the scan handler can say what is wrong.
 */
export function gs1SymbolText(symbologyIdentifier: string, data: string): string {
  const raw = `${symbologyIdentifier}${data}`;
  const parsed = parseGs1(raw);
  return parsed.status === 'ok' ? toBracketed(parsed.elements) : raw;
}
