import type { OutboxItem } from './outbox-item';

/**
 * What a stored write is about, read from its body, for the screens that name it (the outbox,
 * a barcode's pending steps).
 */

/** The barcode a write is about, when its body (or an upload's form) names one. */
export function barcodeOfWrite(item: Pick<OutboxItem, 'data' | 'form'>): string | undefined {
  const data = item.data as { barcodeId?: unknown; parentId?: unknown } | null;
  const id = data?.barcodeId ?? data?.parentId ?? item.form?.find((entry) => entry.name === 'barcodeId')?.value;
  return typeof id === 'string' ? id : undefined;
}

/** The trackpoint a tracking step goes to (POST /barcode/tracking), else undefined. */
export function trackPointOfWrite(item: Pick<OutboxItem, 'data' | 'url' | 'method'>): string | undefined {
  if (item.method !== 'post' || !item.url.endsWith('/tracking')) return undefined;
  const key = (item.data as { trackPointKey?: unknown } | null)?.trackPointKey;
  return typeof key === 'string' ? key : undefined;
}
