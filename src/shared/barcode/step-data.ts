import type { Address } from '@schemas/api/barcode';
import { ADDRESS_KEYS } from '@renderer';

/** Whether a form value holds something the user entered. */
export const isFilled = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/** Whether a form's data holds anything the user entered. */
export const hasInput = (data: Record<string, unknown> | undefined) => Object.values(data ?? {}).some(isFilled);

/** The address form's data as an Address, or undefined when nothing was entered. */
export function toAddress(data: Record<string, unknown> | undefined): Address | undefined {
  if (!data || !hasInput(data)) return undefined;
  return Object.fromEntries(
    ADDRESS_KEYS.filter((k) => isFilled(data[k])).map((k) => [k, data[k]]),
  ) as unknown as Address;
}

/**
 * The package form's size and weight in the API's shape: a dimension only when all three sizes
 * are given, each part undefined when not entered.
 */
export function packageInfoOf(data: Record<string, unknown> | undefined): {
  dimension?: { depth: number; width: number; height: number };
  weight?: number;
} {
  const number = (key: string) => (typeof data?.[key] === 'number' ? (data[key] as number) : undefined);
  const [depth, width, height] = [number('depth'), number('width'), number('height')];
  return {
    dimension:
      depth !== undefined && width !== undefined && height !== undefined ? { depth, width, height } : undefined,
    weight: number('weight'),
  };
}

/** Leaves out undefined values, so the strict API schema sees only what was entered. */
export const defined = <T extends Record<string, unknown>>(body: T): T =>
  Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as T;
