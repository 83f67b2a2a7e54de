import type { Project } from '@schemas/api/project';
import type { Language } from '@schemas/languages';
import type { RecallTrace } from '../api/recall';

export type RecalledPackage = RecallTrace['packages'][number];
export type Direction = RecalledPackage['direction'];
export const DIRECTIONS: readonly Direction[] = ['start', 'backward', 'forward'];

/** What the list shows: one direction or all, one trackpoint or all (`null`: packages at none yet). */
export interface ResultFilter {
  direction: Direction | 'all';
  place: string | null | 'all';
}
export const ALL: ResultFilter = { direction: 'all', place: 'all' };

/** The packages the filter keeps, in the trace's order (start, then backward, then forward, nearest first). */
export const filterPackages = (packages: readonly RecalledPackage[], filter: ResultFilter): RecalledPackage[] =>
  packages.filter(
    (p) =>
      (filter.direction === 'all' || p.direction === filter.direction) &&
      (filter.place === 'all' || p.place.trackPointKey === filter.place),
  );

/** How many listed packages each direction holds. */
export function countByDirection(packages: readonly RecalledPackage[]): Record<Direction, number> {
  const counts: Record<Direction, number> = { start: 0, backward: 0, forward: 0 };
  for (const p of packages) counts[p.direction] += 1;
  return counts;
}

/** A trackpoint's name, from the package's own type first (two types may name one key differently), else the key. */
export function trackPointName(project: Project, key: string, language: Language, barcodeType?: string | null): string {
  const own = barcodeType ? project.barcodeTypes[barcodeType]?.trackPoints : undefined;
  const point =
    (own ?? []).find((p) => p.key === key) ??
    Object.values(project.barcodeTypes)
      .flatMap((type) => type.trackPoints)
      .find((p) => p.key === key);
  return point?.name[language] ?? key;
}

/** Every trackpoint of the project once (two types may share a key), in the types' order, by name. */
export function trackPointChoices(project: Project, language: Language): { key: string; name: string }[] {
  const seen = new Map<string, string>();
  const types = Object.values(project.barcodeTypes).sort((a, b) => a.order - b.order);
  for (const point of types.flatMap((type) => type.trackPoints))
    if (!seen.has(point.key)) seen.set(point.key, point.name[language] ?? point.key);
  return [...seen].map(([key, name]) => ({ key, name }));
}

/** A barcode type's name, else its key. */
export const typeName = (project: Project, type: string | null, language: Language): string | null =>
  type === null ? null : (project.barcodeTypes[type]?.name[language] ?? type);

/** How a person reads a package: its type and the code on its label (the external id, else the barcode id). */
export function packageLabel(
  project: Project,
  p: Pick<RecalledPackage, 'barcodeType' | 'externalId' | 'id'>,
  language: Language,
) {
  const type = typeName(project, p.barcodeType, language);
  const code = p.externalId ?? p.id;
  return type ? `${type} ${code}` : code;
}
