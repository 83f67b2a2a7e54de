import type { TrackPoint } from '@schemas/project-config';

/** One page of the add-tracking flow: a configured form of the trackpoint, or a built-in section. */
export type TrackStep =
  { kind: 'form'; key: string } | { kind: 'origin' } | { kind: 'destination' } | { kind: 'package' };

/**
 * The pages of adding tracking at a trackpoint: each of its forms in order, then the origin,
 * destination and package information it requires. A trackpoint with nothing to fill still has
 * one (empty) page, so the user confirms the step.
 */
export function trackSteps(point: TrackPoint): TrackStep[] {
  const steps: TrackStep[] = point.trackPointForms.map((form) => ({ kind: 'form', key: form.key }));
  if (point.requireOrigin) steps.push({ kind: 'origin' });
  if (point.requireDestination) steps.push({ kind: 'destination' });
  if (point.requirePackageInfo) steps.push({ kind: 'package' });
  return steps.length > 0 ? steps : [{ kind: 'form', key: '' }];
}

/** The storage key of a step's data. */
export const stepKey = (step: TrackStep) => (step.kind === 'form' ? `form:${step.key}` : step.kind);
