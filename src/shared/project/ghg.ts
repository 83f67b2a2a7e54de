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

/** Every GHG emission field of the project (or of one barcode type): its key and its calculation method. */
export function ghgFieldMethods(
  project: Pick<Project, 'barcodeTypes'>,
  barcodeType?: string | null,
): { key: string; calculationType: string }[] {
  const types = Object.entries(project.barcodeTypes)
    .filter(([key]) => barcodeType === undefined || barcodeType === null || key === barcodeType)
    .map(([, type]) => type);
  return types.flatMap((type) =>
    [
      ...type.activationFields,
      ...type.trackPoints.flatMap((p) => p.trackPointForms.flatMap((form) => form.customFields)),
    ].flatMap((f) => (f.type === 'ghgEmission' ? [{ key: f.key, calculationType: f.calculationType }] : [])),
  );
}
