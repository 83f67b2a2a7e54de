import type { Address } from '@schemas/api/barcode';
import { ADDRESS_KEYS } from '@/renderer/builtin-forms';

/** Whether a form value holds something the user entered. */
export const isFilled = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/** Whether a form's data holds anything the user entered. */
export const hasInput = (data: Record<string, unknown> | undefined) => Object.values(data ?? {}).some(isFilled);

/** The address form's data as an Address, or undefined when nothing was entered. */
export function toAddress(data: Record<string, unknown> | undefined): Address | undefined {
  if (!data || !hasInput(data)) return undefined;
  return Object.fromEntries(ADDRESS_KEYS.filter((k) => isFilled(data[k])).map((k) => [k, data[k]])) as unknown as Address;
}

/** Leaves out undefined values, so the strict API schema sees only what was entered. */
export const defined = <T extends Record<string, unknown>>(body: T): T =>
  Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as T;
