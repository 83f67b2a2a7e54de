import { readStored, writeStored } from '@/shared/storage/storage';
import { asSymbology, type Symbology } from './symbology';

/** Every route's stored choice; a broken stored value reads as none (and is replaced on the next choice). */
function storedSymbologies(): Record<string, string> {
  try {
    return JSON.parse(readStored('lastSymbology') ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

/** The symbology last chosen on a route (kept per route name). */
export const storedSymbology = (routeName: string): Symbology => asSymbology(storedSymbologies()[routeName]);

export function storeSymbology(routeName: string, symbology: Symbology): void {
  writeStored('lastSymbology', JSON.stringify({ ...storedSymbologies(), [routeName]: symbology }));
}
