import type { CustomField } from '@schemas/custom-field';
import type { ProjectConfig } from '@schemas/project-config';
import { localized } from '@schemas/languages';
import { labelsOf, moved } from './draft-edit';

/**
 * The builder's structure edits: barcode types and their trackpoints added, removed and
 * reordered. Pure: each returns a changed copy of the configuration; the QA check still judges
 * the result (a key used twice, a type without the end trackpoint, ...).
 */

type BarcodeType = ProjectConfig['barcodeTypes'][string];

/** What the builder's add forms collect: a key and a name in the four languages. */
export interface NamedInput {
  key?: string;
  labelEn?: string;
  labelJa?: string;
  labelZhTw?: string;
  labelZhCn?: string;
}

/** The key of the form a new trackpoint starts with (its fields are added in the field builder). */
export const FIRST_FORM_KEY = 'main';

/** A new trackpoint (appended; reorder it with the arrows) with one empty form, named as the trackpoint. */
export function withTrackPointAdded(config: ProjectConfig, typeKey: string, input: NamedInput): ProjectConfig {
  const copy = structuredClone(config);
  const type = copy.barcodeTypes[typeKey];
  if (!type) return copy;
  const name = labelsOf(input);
  type.trackPoints.push({
    key: input.key ?? '',
    name,
    trackPointForms: [{ key: FIRST_FORM_KEY, name, customFields: [] as CustomField[] }],
  });
  return copy;
}

export function withTrackPointMoved(config: ProjectConfig, typeKey: string, index: number, by: -1 | 1): ProjectConfig {
  const copy = structuredClone(config);
  const type = copy.barcodeTypes[typeKey];
  if (type) type.trackPoints = moved(type.trackPoints, index, by);
  return copy;
}

export function withTrackPointRemoved(config: ProjectConfig, typeKey: string, index: number): ProjectConfig {
  const copy = structuredClone(config);
  const type = copy.barcodeTypes[typeKey];
  if (type) type.trackPoints = type.trackPoints.filter((_, i) => i !== index);
  return copy;
}

/** The barcode types in their `order`. */
export function typesInOrder(config: ProjectConfig): [string, BarcodeType][] {
  return Object.entries(config.barcodeTypes).sort(([, a], [, b]) => a.order - b.order);
}

/**
 * A new barcode type, last in order: the first of the others' look and user types, no activation
 * fields, and the project's end trackpoint (every type must have it), named as in another type.
 */
export function withBarcodeTypeAdded(config: ProjectConfig, input: NamedInput): ProjectConfig {
  const copy = structuredClone(config);
  const types = typesInOrder(copy);
  const model = types[0]?.[1];
  const end = types.flatMap(([, t]) => t.trackPoints).find((p) => p.key === copy.endTrackPointKey);
  const key = copy.endTrackPointKey;
  const endName = end?.name ?? localized(key, key, key, key);
  copy.barcodeTypes[input.key ?? ''] = {
    order: Math.max(0, ...types.map(([, t]) => t.order)) + 1,
    name: labelsOf(input),
    icon: model?.icon ?? 'node',
    color: model ? { ...model.color } : { foreground: '#ffffff', background: '#0b7285' },
    userTypes: model ? [...model.userTypes] : ['staff'],
    activationFields: [],
    trackPoints: [{ key: copy.endTrackPointKey, name: endName, trackPointForms: [] }],
  } as BarcodeType;
  return copy;
}

/** The type swapped in order with its neighbour (the `order` values are exchanged). */
export function withBarcodeTypeMoved(config: ProjectConfig, typeKey: string, by: -1 | 1): ProjectConfig {
  const copy = structuredClone(config);
  const types = typesInOrder(copy);
  const index = types.findIndex(([key]) => key === typeKey);
  const other = types[index + by];
  if (index < 0 || !other) return copy;
  const [, type] = types[index]!;
  [type.order, other[1].order] = [other[1].order, type.order];
  // Equal orders (hand-written configurations) would not move: make them distinct.
  if (type.order === other[1].order) type.order += by;
  return copy;
}

export function withBarcodeTypeRemoved(config: ProjectConfig, typeKey: string): ProjectConfig {
  const copy = structuredClone(config);
  delete copy.barcodeTypes[typeKey];
  return copy;
}
