import { ownValue } from '../../schemas/own-keys';
import type { ConfigChange, FormPlace, UsageQuery } from './config-diff';

/**
 * The compatibility report of a draft against the published configuration: each change with its
 * effect on stored data, and the verdict.
 *
 * - `inPlace`: no stored record becomes invalid (new fields, optional or required only for steps
 *   made from then on; labels; order; options added; rules of trackpoints for steps to come).
 * - `newVersion`: stored records would no longer match the form (a field with values removed,
 *   renamed, its rules or options narrowed, a trackpoint with barcodes removed): publish as
 *   `code@N+1`, whose barcodes are new, while stored ones keep the version they were made with.
 * - `refused`: a field with values changes to a type its values cannot be read as (number -> date).
 *   Allowed only as a new version with an explicit migration choice for that change
 *   (`keepOldValues`: stored values stay as they were, under the version they were made with). A
 *   type change to text is the one ODK allows: its values stay readable, so it needs only a new
 *   version.
 */
export type Impact = 'inPlace' | 'newVersion' | 'refused';
export type Verdict = Impact;

export interface AssessedChange {
  /** What and where, e.g. `fieldTypeChanged:pallet/pharmacy/arrival/temperature`: a migration choice names it. */
  id: string;
  change: ConfigChange;
  impact: Impact;
  /** Stored records the change touches (null when it touches none by its nature). */
  affected: number | null;
}

export interface CompatReport {
  verdict: Verdict;
  changes: AssessedChange[];
}

/** Counted stored records per usage query (the service counts them; `usageKey` names each). */
export type UsageCounts = ReadonlyMap<string, number>;

/** A usage query as one text, so counts can be kept in a map and each query counted once. */
export const usageKey = (query: UsageQuery): string => JSON.stringify(query);

function impactOf(change: ConfigChange, affected: number): Impact {
  switch (change.kind) {
    case 'fieldTypeChanged':
      if (affected === 0) return 'inPlace';
      return change.to === 'text' ? 'newVersion' : 'refused';
    case 'fieldRemoved':
    case 'fieldRenamed':
    case 'fieldMadeRequired':
    case 'fieldRulesChanged':
    case 'optionsRemoved':
    case 'trackPointRemoved':
    case 'barcodeTypeRemoved':
      return affected > 0 ? 'newVersion' : 'inPlace';
    default:
      return 'inPlace';
  }
}

/** A change's id: its kind and place, the same for the same change in every report of a draft. */
export function changeId(change: ConfigChange): string {
  if (!('place' in change)) return change.kind;
  const { barcodeType, trackPoint = '', form = '' } = change.place;
  return `${change.kind}:${barcodeType}/${trackPoint}/${form}/${'field' in change ? change.field : ''}`;
}

const RANK: Record<Impact, number> = { inPlace: 0, newVersion: 1, refused: 2 };

/**
 * Each change with its impact given the counted stored records, and the verdict: the worst
 * impact, where a refused change with a `keepOldValues` migration choice counts as a new version.
 */
export function assessChanges(
  changes: ConfigChange[],
  counts: UsageCounts,
  migrations: Readonly<Record<string, 'keepOldValues'>> = {},
): CompatReport {
  const assessed = changes.map((change): AssessedChange => {
    const usage = 'usage' in change ? change.usage : undefined;
    const affected = usage ? (counts.get(usageKey(usage)) ?? 0) : null;
    const id = changeId(change);
    const impact = impactOf(change, affected ?? 0);
    return {
      id,
      change,
      impact: impact === 'refused' && ownValue(migrations, id) === 'keepOldValues' ? 'newVersion' : impact,
      affected,
    };
  });
  // Stryker disable next-line EqualityOperator: RANK gives each impact its own rank, so on equal ranks c.impact and worst are the same impact
  const verdict = assessed.reduce<Impact>((worst, c) => (RANK[c.impact] > RANK[worst] ? c.impact : worst), 'inPlace');
  return { verdict, changes: assessed };
}

/** Every usage query of the changes, once each, for the service to count. */
export function usageQueries(changes: ConfigChange[]): UsageQuery[] {
  const queries = new Map<string, UsageQuery>();
  for (const change of changes)
    if ('usage' in change && change.usage) queries.set(usageKey(change.usage), change.usage);
  return [...queries.values()];
}

/** May the report be published this way? The reason when it may not (`refused`, or in place when it needs a new version). */
export function publishRefusal(
  report: CompatReport,
  mode: 'inPlace' | 'newVersion',
): 'refused' | 'needsNewVersion' | null {
  if (report.verdict === 'refused') return 'refused';
  if (mode === 'inPlace' && report.verdict === 'newVersion') return 'needsNewVersion';
  return null;
}

/** The templates of locales/<lang>/config-diff.json (the service passes the language asked for). */
export type DiffMessages = Record<DiffMessageKey, string>;
export type DiffMessageKey =
  | ChangeKindKey
  | 'fieldAddedRequired'
  | 'namesChanged'
  | 'typeNameChanged'
  | 'placeActivation'
  | 'placeTrackPoint'
  | 'placeForm'
  | `impact_${Impact}`
  | `verdict_${Verdict}`;
type ChangeKindKey = ConfigChange['kind'];

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

function placeWords(place: FormPlace, m: DiffMessages): string {
  if (place.trackPoint === undefined) return fill(m.placeActivation, { type: place.barcodeType });
  if (place.form === undefined)
    return fill(m.placeTrackPoint, { type: place.barcodeType, trackPoint: place.trackPoint });
  return fill(m.placeForm, { type: place.barcodeType, trackPoint: place.trackPoint, form: place.form });
}

/** One change in words, in the language asked, with its effect on stored data. */
export function describeChange(assessed: AssessedChange, m: DiffMessages): string {
  const { change } = assessed;
  const values: Record<string, string | number> = {
    ...('place' in change ? { place: placeWords(change.place, m), type: change.place.barcodeType } : {}),
  };
  if ('field' in change) values.field = change.field;
  if ('from' in change) values.from = change.from;
  if ('to' in change) values.to = change.to;
  if ('fieldType' in change) values.fieldType = change.fieldType;
  if ('values' in change) values.values = change.values.join(', ');
  if ('properties' in change) values.properties = change.properties.join(', ');
  let key: DiffMessageKey = change.kind;
  if (change.kind === 'fieldAdded' && change.required) key = 'fieldAddedRequired';
  // A name of the type itself or of a trackpoint (no field): the type is named as a type, not by its activation form.
  if (change.kind === 'labelsChanged' && change.field === '')
    key = change.place.trackPoint === undefined ? 'typeNameChanged' : 'namesChanged';
  const sentence = fill(m[key], values);
  const effect = assessed.affected === null ? '' : fill(m[`impact_${assessed.impact}`], { count: assessed.affected });
  return effect ? `${sentence} ${effect}` : sentence;
}

/** The verdict in words. */
export function describeVerdict(verdict: Verdict, m: DiffMessages): string {
  return m[`verdict_${verdict}`];
}
