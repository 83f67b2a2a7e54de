import { readStored, writeStored } from '@/shared/storage/storage';
import { asSymbology, type Symbology } from './symbology';

/** The symbology last chosen on a route (spec section 3: kept per route name). */
export function storedSymbology(routeName: string): Symbology {
  try {
    return asSymbology((JSON.parse(readStored('lastSymbology') ?? '{}') as Record<string, string>)[routeName]);
  } catch {
    return 'default';
  }
}

export function storeSymbology(routeName: string, symbology: Symbology): void {
  let all: Record<string, string> = {};
  try {
    all = JSON.parse(readStored('lastSymbology') ?? '{}') as Record<string, string>;
  } catch {
    // A broken value is replaced.
  }
  writeStored('lastSymbology', JSON.stringify({ ...all, [routeName]: symbology }));
}
