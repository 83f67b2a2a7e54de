import type { Project } from '@schemas/api/project';
import type { BULK_TRACKING_MAX_DEFAULT } from '@schemas/project-config';

/** The server's default (typed against it, so the two cannot differ; the bundle carries no schema code). */
const DEFAULT_MAX: typeof BULK_TRACKING_MAX_DEFAULT = 1000;

/** How many barcodes one bulk request of this project may list (`bulkTrackingMaxCount`, else the default). */
export const bulkMaxCountOf = (project: Pick<Project, 'bulkTrackingMaxCount'>): number =>
  project.bulkTrackingMaxCount ?? DEFAULT_MAX;
