import type { Project } from '@schemas/api/project';

/** Whether any form of the project (activation fields or trackpoint forms) has a GHG emission field. */
export function hasGhgFields(project: Pick<Project, 'barcodeTypes'>): boolean {
  return Object.values(project.barcodeTypes).some(
    (type) =>
      type.activationFields.some((f) => f.type === 'ghgEmission') ||
      type.trackPoints.some((p) =>
        p.trackPointForms.some((form) => form.customFields.some((f) => f.type === 'ghgEmission')),
      ),
  );
}
