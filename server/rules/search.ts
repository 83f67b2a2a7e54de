import type { ProjectConfig } from '../../schemas/project-config';
import type { SearchBody } from '../../schemas/api/search';
import { ErrorCode } from '../../schemas/error-codes';
import { ownValue } from '../../schemas/own-keys';
import { SEARCH_PAGE_DEFAULT } from '../../schemas/api/search';
import { fieldFailure } from './api-failure';
import { visibleActivationKeys } from './visibility';

/**
 * What a search may look into: for each barcode type, the activation data keys the viewer may see
 * (rules/visibility.ts). Search and list are for users of the project's enterprise only, so
 * `loggedIn` is true there; a hidden field is never searchable nor shown.
 */
export function searchableKeysByType(config: ProjectConfig, loggedIn: boolean): Record<string, string[]> {
  return Object.fromEntries(
    Object.keys(config.barcodeTypes).map((type) => [type, [...visibleActivationKeys(config, type, loggedIn)]]),
  );
}

/** Whether a text holds a word to look for (letters or digits of any script); punctuation alone is no criterion. */
export const hasWords = (text: string | undefined): text is string => text !== undefined && /[\p{L}\p{N}]/u.test(text);

/** How one activation-field criterion is matched; `none` when no barcode the viewer may see can match it. */
export type FieldMatch =
  | { key: string; kind: 'number'; value: number }
  | { key: string; kind: 'words'; value: string }
  | { key: string; kind: 'none' };

/**
 * How a field criterion matches: a number field by its number (exactly, a typed number that is
 * no number matches nothing), any other field by the words typed (word beginnings). A key no
 * searchable type lets the viewer see (a hidden field, a typo) matches nothing: the answer is
 * the same as for a value nobody entered, so a search never tells whether a hidden value exists.
 */
export function fieldMatch(
  config: ProjectConfig,
  keys: Record<string, string[]>,
  barcodeType: string | undefined,
  key: string,
  value: string,
): FieldMatch {
  const types = barcodeType ? [barcodeType] : Object.keys(config.barcodeTypes);
  const where = types.filter((t) => ownValue(keys, t)?.includes(key));
  if (where.length === 0) return { key, kind: 'none' };
  const isNumber = where.every(
    (t) => ownValue(config.barcodeTypes, t)?.activationFields.find((f) => f.key === key)?.type === 'number',
  );
  if (isNumber) {
    // Stryker disable next-line MethodExpression: Number() skips the same leading and trailing white space that trim() removes
    const n = Number(value.trim());
    return value.trim() !== '' && Number.isFinite(n) ? { key, kind: 'number', value: n } : { key, kind: 'none' };
  }
  return hasWords(value) ? { key, kind: 'words', value } : { key, kind: 'none' };
}

/** A date range whose end is before its start is a mistake (refused on the end), not an empty answer. */
export function assertRanges(body: SearchBody): void {
  for (const [from, to, field] of [
    [body.activatedFrom, body.activatedTo, 'activatedTo'],
    [body.lastStepFrom, body.lastStepTo, 'lastStepTo'],
  ] as const) {
    if (from && to && Date.parse(to) < Date.parse(from)) throw fieldFailure(field, ErrorCode.valueLessThan);
  }
}

/** The page asked for: `skip` and `count` (default SEARCH_PAGE_DEFAULT). */
export const pageOf = (body: SearchBody) => ({ skip: body.skip ?? 0, count: body.count ?? SEARCH_PAGE_DEFAULT });

/**
 * A label's title (`uiConfig.listViewTitleLabelField`): the value of that field as text, only when
 * the viewer may see it; null when the type names none or it is empty.
 */
export function labelTitle(
  config: ProjectConfig,
  barcodeType: string | null,
  data: Record<string, unknown> | null,
  visible: ReadonlySet<string>,
): string | null {
  const field = barcodeType ? ownValue(config.barcodeTypes, barcodeType)?.uiConfig?.listViewTitleLabelField : undefined;
  if (!field || !visible.has(field)) return null;
  const value = ownValue(data, field);
  if (value === undefined || value === null || value === '') return null;
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'object' ? null : String(value);
}
