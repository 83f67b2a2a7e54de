import type { Barcode } from '@schemas/api/barcode';
import type { Project } from '@schemas/api/project';
import type { Language } from '@schemas/languages';
import type { BarcodeType, TrackPoint } from '@schemas/project-config';

/** The barcode's type in its project, if it has one. */
export const barcodeTypeOf = (project: Project, barcode: Pick<Barcode, 'barcodeType'>): BarcodeType | undefined =>
  barcode.barcodeType ? project.barcodeTypes[barcode.barcodeType] : undefined;

/** The type's trackpoints in order, with the index of the barcode's current one (-1 when none). */
export function trackPointsOf(
  project: Project,
  barcode: Pick<Barcode, 'barcodeType' | 'currentTrackPointKey'>,
): { points: TrackPoint[]; current: number } {
  const points = barcodeTypeOf(project, barcode)?.trackPoints ?? [];
  return { points, current: points.findIndex((p) => p.key === barcode.currentTrackPointKey) };
}

/** The trackpoint after the current one, where tracking is added next; undefined at the end. */
export function nextTrackPoint(
  project: Project,
  barcode: Pick<Barcode, 'barcodeType' | 'currentTrackPointKey'>,
): TrackPoint | undefined {
  const { points, current } = trackPointsOf(project, barcode);
  return current < 0 ? undefined : points[current + 1];
}

/** Whether the barcode is at the end of its journey: the project's end trackpoint or its type's last. */
export function isAtEnd(
  project: Project,
  barcode: Pick<Barcode, 'barcodeType' | 'currentTrackPointKey' | 'isActivated'>,
): boolean {
  if (!barcode.isActivated) return false;
  return barcode.currentTrackPointKey === project.endTrackPointKey || nextTrackPoint(project, barcode) === undefined;
}

/** A trackpoint's name in the language, its key when unknown (e.g. removed from the configuration). */
export function trackPointName(
  project: Project,
  typeKey: string | null,
  key: string | null,
  language: Language,
): string {
  if (!key) return '';
  const point = typeKey ? project.barcodeTypes[typeKey]?.trackPoints.find((p) => p.key === key) : undefined;
  return point?.name[language] ?? key;
}

/** The barcode types a user of this type may activate, in their configured order. */
export function typesForUser(project: Project, userType: string): [string, BarcodeType][] {
  return Object.entries(project.barcodeTypes)
    .filter(([, type]) => (type.userTypes as string[]).includes(userType))
    .sort(([, a], [, b]) => a.order - b.order);
}

/** The label a barcode is known by: external id, then tracking number, then id. */
export const displayLabel = (barcode: Pick<Barcode, 'id' | 'externalId' | 'trackingNumber'>): string =>
  barcode.externalId ?? barcode.trackingNumber ?? barcode.id;

/** Date with time as every screen shows it: YYYY/MM/DD h:mm a. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = d.getHours() % 12 || 12;
  return `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())} ${hours}:${pad(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}
