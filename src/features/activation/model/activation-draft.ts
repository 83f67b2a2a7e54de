import type { Project } from '@schemas/api/project';
import type { Product } from '@schemas/api/search';
import { takeActivationPrefill } from '@/shared/barcode/activation-prefill';
import { hasInput, isFilled, packageInfoOf } from '@/shared/barcode/step-data';
import { useStepDraft } from '@/shared/step-flow/use-step-draft';

/** What the activation steps collected so far. */
export interface ActivationDraft {
  barcodeType?: string;
  trackPointKey?: string;
  origin: Record<string, unknown>;
  destination: Record<string, unknown>;
  /** Package information, identifiers and the type's activation fields (one form). */
  packageData: Record<string, unknown>;
  /** The product a client user picked (its defaults were put into packageData). */
  productCode?: string;
}

const EMPTY: ActivationDraft = { origin: {}, destination: {}, packageData: {} };

/**
 * The draft of one barcode's activation, kept for the tab's session (sessionStorage) so that a
 * reload, a slip of the thumb or the camera app taking over the phone loses nothing. A new
 * draft starts from what a scan found (GS1 Digital Link: GTIN, lot, serial, expiry).
 */
export function useActivationDraft(barcodeId: string) {
  return useStepDraft(EMPTY, {
    storageKey: `activation-draft:${barcodeId}`,
    start: () => ({ ...EMPTY, packageData: takeActivationPrefill(barcodeId) }),
  });
}

/** Whether the draft holds anything the user chose or entered (leaving would lose it). */
export const hasDraftInput = (draft: ActivationDraft) =>
  Boolean(draft.barcodeType) ||
  Boolean(draft.productCode) ||
  hasInput(draft.origin) ||
  hasInput(draft.destination) ||
  hasInput(draft.packageData);

const PACKAGE_KEYS = ['depth', 'width', 'height', 'weight', 'trackingNumber', 'externalId'];

/**
 * Splits the package step's data into the API's shape: dimension and weight (only when all
 * three sizes are given), identifiers, and the custom fields.
 */
export function splitPackageData(data: Record<string, unknown>) {
  const text = (key: string) =>
    typeof data[key] === 'string' && (data[key] as string).trim() !== '' ? (data[key] as string).trim() : undefined;
  return {
    ...packageInfoOf(data),
    trackingNumber: text('trackingNumber'),
    externalId: text('externalId'),
    customFields: Object.fromEntries(
      Object.entries(data).filter(([key, value]) => !PACKAGE_KEYS.includes(key) && isFilled(value)),
    ),
  };
}

/** The package step's data for a stored activation (edit): the inverse of splitPackageData. */
export function packageDataOf(activationData: Record<string, unknown>): Record<string, unknown> {
  const { dimension, origin: _origin, destination: _destination, ...rest } = activationData;
  return { ...rest, ...(dimension && typeof dimension === 'object' ? dimension : {}) };
}

/**
 * What picking a product changes in the draft: its code, its defaults in the package data, and
 * its package type where it sets one the user may activate (the type step can then go on at
 * once; a different type than before forgets the trackpoint chosen for the old one).
 */
export function productPick(
  draft: ActivationDraft,
  product: Product | undefined,
  project: Pick<Project, 'barcodeTypes'>,
  userType: string,
): Partial<ActivationDraft> {
  const picked: Partial<ActivationDraft> = {
    productCode: product?.code,
    packageData: { ...draft.packageData, ...product?.defaults },
  };
  const type = product?.barcodeType;
  if (type === undefined || !Object.hasOwn(project.barcodeTypes, type)) return picked;
  const userTypes: readonly string[] = project.barcodeTypes[type]?.userTypes ?? [];
  if (!userTypes.includes(userType)) return picked;
  return {
    ...picked,
    barcodeType: type,
    trackPointKey: type === draft.barcodeType ? draft.trackPointKey : undefined,
  };
}
