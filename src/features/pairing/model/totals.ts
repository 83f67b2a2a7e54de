import type { Project } from '@schemas/api/project';
import type { Language } from '@schemas/languages';
import type { BarcodeType } from '@schemas/project-config';

/** Field types whose values are numbers (or count as one: an adjustment's value), listed first. */
const NUMERIC = new Set(['number', 'calculation', 'adjustment', 'weightMeasurement']);

/**
 * The fields a parent's children may be totalled over (GET /barcode/children/value): the
 * activation fields of the types the parent accepts as children, each key once, numeric fields
 * first. The server sums what is numeric and says how many values were.
 */
export function totalFieldsOf(
  project: Project,
  parentType: BarcodeType | undefined,
  language: Language,
): { key: string; label: string }[] {
  const childTypes = parentType?.pairing?.childTypes ?? [];
  const seen = new Map<string, { key: string; label: string; numeric: boolean }>();
  for (const typeKey of childTypes) {
    for (const field of project.barcodeTypes[typeKey]?.activationFields ?? []) {
      if (seen.has(field.key)) continue;
      seen.set(field.key, {
        key: field.key,
        label: field.label[language] ?? field.key,
        numeric: NUMERIC.has(field.type),
      });
    }
  }
  return [...seen.values()]
    .sort((a, b) => Number(b.numeric) - Number(a.numeric))
    .map(({ key, label }) => ({ key, label }));
}
