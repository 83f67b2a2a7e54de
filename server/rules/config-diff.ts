import type { CustomField } from '../../schemas/custom-field';
import { ownValue } from '../../schemas/own-keys';
import type { BarcodeType, ProjectConfig, TrackPoint } from '../../schemas/project-config';
import { formsOf, type ConfiguredForm } from '../../renderer';

/**
 * What changed between two project configurations, for the compatibility report: one entry per
 * change an admin would name, each with where it is and, when stored data could be touched, which
 * stored records to count (`usage`). Pure: the service counts the records and hands the counts to
 * `assessChanges` (config-compat.ts).
 */

/** Where a field lives: a barcode type's activation fields, or one form of one trackpoint. */
export interface FormPlace {
  barcodeType: string;
  /** Absent for activation fields. */
  trackPoint?: string;
  /** The trackPointForms[].key; absent for activation fields. */
  form?: string;
}

/**
 * Which stored records a change touches, for the service to count: barcodes of a type
 * (activation data) or tracking history entries at a trackpoint (a form's data), those with a
 * value of `field` (or, with `missing`, those without one; with `values`, those holding one of them).
 */
export interface UsageQuery {
  place: FormPlace;
  field?: string;
  values?: string[];
  missing?: boolean;
  /** Count barcodes now at the trackpoint or with history there (trackpoint removed). */
  atTrackPoint?: boolean;
}

export type ConfigChange =
  | { kind: 'barcodeTypeAdded' | 'barcodeTypeRemoved'; place: FormPlace; usage?: UsageQuery }
  | { kind: 'trackPointAdded' | 'trackPointRemoved'; place: FormPlace; usage?: UsageQuery }
  | { kind: 'trackPointRulesChanged'; place: FormPlace; properties: string[] }
  | { kind: 'barcodeTypeRulesChanged'; place: FormPlace; properties: string[] }
  | { kind: 'fieldAdded'; place: FormPlace; field: string; fieldType: string; required: boolean }
  | { kind: 'fieldRemoved'; place: FormPlace; field: string; usage: UsageQuery }
  | { kind: 'fieldRenamed'; place: FormPlace; field: string; from: string; usage: UsageQuery }
  | { kind: 'fieldTypeChanged'; place: FormPlace; field: string; from: string; to: string; usage: UsageQuery }
  | { kind: 'fieldMadeRequired'; place: FormPlace; field: string; usage: UsageQuery }
  | { kind: 'fieldMadeOptional'; place: FormPlace; field: string }
  | { kind: 'fieldRulesChanged'; place: FormPlace; field: string; properties: string[]; usage: UsageQuery }
  | { kind: 'labelsChanged'; place: FormPlace; field: string; properties: string[] }
  | { kind: 'orderChanged'; place: FormPlace }
  | { kind: 'optionsAdded'; place: FormPlace; field: string; values: string[] }
  | { kind: 'optionsRemoved'; place: FormPlace; field: string; values: string[]; usage: UsageQuery }
  | { kind: 'settingsChanged'; properties: string[] };

/** Field properties that only change what people read, never what a value may be. */
const WORDING = new Set(['label', 'helpText']);
/** Field properties that neither change a value's rules nor its words. */
const PRESENTATION = new Set([
  'order',
  'visibility',
  'multiLine',
  'counter',
  'readers',
  'step',
  'unitPrefix',
  'unitSuffix',
  'overlayImageUrl',
  'maxImageSide',
]);
const FIELD_IDENTITY = new Set(['key', 'type', 'required', 'options']);

/**
 * A configuration (or any part of one) as one text that depends on its meaning only: object keys
 * sorted, no whitespace. Key order and layout of a JSON file are no change; array order is (the
 * order of fields and trackpoints is what forms show).
 */
export const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

/** Do two configurations, or two parts of them, mean the same (whatever the order of their keys)? */
export const sameMeaning = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);

const same = sameMeaning;

function changedProperties(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  skip: Set<string> = new Set(),
): string[] {
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((n) => !skip.has(n));
  return names.filter((n) => !same(ownValue(a, n), ownValue(b, n))).sort();
}

function placeOf(form: ConfiguredForm): FormPlace {
  if (form.ref.form !== 'trackPoint') return { barcodeType: form.barcodeType };
  return { barcodeType: form.barcodeType, trackPoint: form.ref.trackPointKey, form: form.ref.formKey };
}

// Stryker disable next-line ArrayDeclaration: compared fields have the same type (a type change returns first), so both or neither have options; any same list for both adds and removes nothing
const optionValues = (field: CustomField): string[] => ('options' in field ? field.options.map((o) => o.value) : []);

/** The changes of one field that kept its key. */
function fieldChanges(place: FormPlace, before: CustomField, after: CustomField): ConfigChange[] {
  const field = after.key;
  const usage: UsageQuery = { place, field };
  if (before.type !== after.type)
    return [{ kind: 'fieldTypeChanged', place, field, from: before.type, to: after.type, usage }];
  const changes: ConfigChange[] = [];
  if (!before.required && after.required)
    changes.push({ kind: 'fieldMadeRequired', place, field, usage: { place, field, missing: true } });
  if (before.required && !after.required) changes.push({ kind: 'fieldMadeOptional', place, field });
  const oldValues = optionValues(before);
  const newValues = optionValues(after);
  const added = newValues.filter((v) => !oldValues.includes(v));
  const removed = oldValues.filter((v) => !newValues.includes(v));
  if (added.length > 0) changes.push({ kind: 'optionsAdded', place, field, values: added });
  if (removed.length > 0)
    changes.push({ kind: 'optionsRemoved', place, field, values: removed, usage: { place, field, values: removed } });
  const all = changedProperties(before as Record<string, unknown>, after as Record<string, unknown>, FIELD_IDENTITY);
  const optionLabelsChanged =
    removed.length === 0 &&
    added.length === 0 &&
    !same('options' in before ? before.options : null, 'options' in after ? after.options : null);
  const wording = [...all.filter((n) => WORDING.has(n)), ...(optionLabelsChanged ? ['options'] : [])];
  const rules = all.filter((n) => !WORDING.has(n) && !PRESENTATION.has(n));
  if (wording.length > 0) changes.push({ kind: 'labelsChanged', place, field, properties: wording });
  if (rules.length > 0) changes.push({ kind: 'fieldRulesChanged', place, field, properties: rules, usage });
  return changes;
}

/**
 * A removed field and an added one of the same type and the same English label in the same
 * form are one field whose key changed: that is how an admin renames it in the JSON.
 */
function fieldsChanges(place: FormPlace, before: CustomField[], after: CustomField[]): ConfigChange[] {
  const changes: ConfigChange[] = [];
  const oldKeys = new Map(before.map((f) => [f.key, f]));
  const newKeys = new Map(after.map((f) => [f.key, f]));
  const removed = before.filter((f) => !newKeys.has(f.key));
  const added = after.filter((f) => !oldKeys.has(f.key));
  for (const field of added) {
    const renamedFrom = removed.find((r) => r.type === field.type && r.label.en === field.label.en);
    if (renamedFrom) {
      removed.splice(removed.indexOf(renamedFrom), 1);
      changes.push({
        kind: 'fieldRenamed',
        place,
        field: field.key,
        from: renamedFrom.key,
        usage: { place, field: renamedFrom.key },
      });
    } else {
      changes.push({
        kind: 'fieldAdded',
        place,
        field: field.key,
        fieldType: field.type,
        required: field.required === true,
      });
    }
  }
  for (const field of removed)
    changes.push({ kind: 'fieldRemoved', place, field: field.key, usage: { place, field: field.key } });
  for (const field of after) {
    const old = oldKeys.get(field.key);
    if (old) changes.push(...fieldChanges(place, old, field));
  }
  const kept = (list: CustomField[]) =>
    // Stryker disable next-line StringLiteral: order is an integer or absent, so any placeholder for absent that is not a number's text compares alike
    list.filter((f) => oldKeys.has(f.key) && newKeys.has(f.key)).map((f) => `${f.key}:${f.order ?? ''}`);
  if (!same(kept(before), kept(after))) changes.push({ kind: 'orderChanged', place });
  return changes;
}

const TRACKPOINT_IDENTITY = new Set(['key', 'name', 'trackPointForms']);

function trackPointChanges(typeKey: string, before: TrackPoint[], after: TrackPoint[]): ConfigChange[] {
  const changes: ConfigChange[] = [];
  const oldKeys = before.map((p) => p.key);
  const newKeys = after.map((p) => p.key);
  for (const point of after) {
    const place = { barcodeType: typeKey, trackPoint: point.key };
    const old = before.find((p) => p.key === point.key);
    if (!old) {
      changes.push({ kind: 'trackPointAdded', place });
      continue;
    }
    if (!same(old.name, point.name)) changes.push({ kind: 'labelsChanged', place, field: '', properties: ['name'] });
    const rules = changedProperties(
      old as Record<string, unknown>,
      point as Record<string, unknown>,
      TRACKPOINT_IDENTITY,
    );
    if (rules.length > 0) changes.push({ kind: 'trackPointRulesChanged', place, properties: rules });
  }
  for (const point of before.filter((p) => !newKeys.includes(p.key))) {
    const place = { barcodeType: typeKey, trackPoint: point.key };
    changes.push({ kind: 'trackPointRemoved', place, usage: { place, atTrackPoint: true } });
  }
  const keptOrder = (keys: string[], other: string[]) => keys.filter((k) => other.includes(k));
  if (!same(keptOrder(oldKeys, newKeys), keptOrder(newKeys, oldKeys)))
    changes.push({ kind: 'orderChanged', place: { barcodeType: typeKey } });
  return changes;
}

const TYPE_IDENTITY = new Set(['name', 'activationFields', 'trackPoints', 'order']);

function barcodeTypeChanges(typeKey: string, before: BarcodeType, after: BarcodeType): ConfigChange[] {
  const place = { barcodeType: typeKey };
  const changes: ConfigChange[] = [];
  if (!same(before.name, after.name)) changes.push({ kind: 'labelsChanged', place, field: '', properties: ['name'] });
  const rules = changedProperties(before as Record<string, unknown>, after as Record<string, unknown>, TYPE_IDENTITY);
  if (rules.length > 0) changes.push({ kind: 'barcodeTypeRulesChanged', place, properties: rules });
  changes.push(...trackPointChanges(typeKey, before.trackPoints, after.trackPoints));
  const oldForms = new Map(formsOf(typeKey, before).map((f) => [f.form, f]));
  for (const form of formsOf(typeKey, after)) {
    const old = oldForms.get(form.form);
    oldForms.delete(form.form);
    // Fields of a new trackpoint are part of "trackpoint added"; of a new form of a kept one, each is added.
    if (form.trackPointKey && !before.trackPoints.some((p) => p.key === form.trackPointKey)) continue;
    changes.push(...fieldsChanges(placeOf(form), old?.fields ?? [], form.fields));
  }
  for (const old of oldForms.values()) {
    if (old.trackPointKey && !after.trackPoints.some((p) => p.key === old.trackPointKey)) continue;
    changes.push(...fieldsChanges(placeOf(old), old.fields, []));
  }
  return changes;
}

/** Every change from `before` to `after`, in configuration order (settings, then each barcode type). */
export function diffConfigs(before: ProjectConfig, after: ProjectConfig): ConfigChange[] {
  const changes: ConfigChange[] = [];
  const settings = changedProperties(
    before as Record<string, unknown>,
    after as Record<string, unknown>,
    new Set(['barcodeTypes']),
  );
  if (settings.length > 0) changes.push({ kind: 'settingsChanged', properties: settings });
  for (const [typeKey, type] of Object.entries(after.barcodeTypes)) {
    const old = ownValue(before.barcodeTypes, typeKey);
    if (!old) changes.push({ kind: 'barcodeTypeAdded', place: { barcodeType: typeKey } });
    else changes.push(...barcodeTypeChanges(typeKey, old, type));
  }
  for (const typeKey of Object.keys(before.barcodeTypes).filter((k) => !Object.hasOwn(after.barcodeTypes, k))) {
    const place = { barcodeType: typeKey };
    changes.push({ kind: 'barcodeTypeRemoved', place, usage: { place } });
  }
  return changes;
}
