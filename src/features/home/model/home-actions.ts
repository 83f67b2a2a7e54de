import type { Project } from '@schemas/api/project';
import type { Profile } from '@schemas/api/user';
import { hasGhgFields } from '@/shared/project/ghg';
import { mayGenerateBarcodes } from '@/shared/project/permissions';

/** The buttons of the logged-in home, each backed by a screen. */
export type HomeActionName =
  | 'generateBarcode'
  | 'scanBarcode'
  | 'barcodeSearch'
  | 'trackingTimes'
  | 'ghgReport'
  | 'labelSheet'
  | 'activity'
  | 'recall';

export interface HomeAction {
  name: HomeActionName;
  enabled: boolean;
  /** Why a disabled action is disabled (shown as its hover hint). */
  disabledReason?: 'generateNoPermission';
}

/**
 * Which home buttons to show and whether each is enabled. Only actions whose screens exist in
 * this build (`available`) are ever shown: no dead buttons.
 * - Generate: enabled with generateBarcodePermission.canEdit or for a client user.
 * - Search: when the project shows the search page.
 * - Tracking Times: when the project shows the tracking-count page, never for client users.
 * - GHG emission report: for staff users of a project with a GHG emission field (the server
 *   answers 403 to carriers and client users).
 * - Label sheet (generate N barcodes and print their labels): as Generate.
 * - Activity: for staff users (the server answers 403 to others).
 * - Recall: for users the project gives the recall permission (the server answers 403 to others).
 */
export function homeActions(project: Project, profile: Profile, available: ReadonlySet<HomeActionName>): HomeAction[] {
  const isClient = profile.user.userType === 'client';
  const all: (HomeAction | null)[] = [
    mayGenerateBarcodes(project, profile)
      ? { name: 'generateBarcode', enabled: true }
      : { name: 'generateBarcode', enabled: false, disabledReason: 'generateNoPermission' },
    { name: 'scanBarcode', enabled: true },
    project.showBarcodeSearchPage ? { name: 'barcodeSearch', enabled: true } : null,
    project.showTrackingCountPage && !isClient ? { name: 'trackingTimes', enabled: true } : null,
    profile.user.userType === 'staff' && hasGhgFields(project) ? { name: 'ghgReport', enabled: true } : null,
    mayGenerateBarcodes(project, profile) ? { name: 'labelSheet', enabled: true } : null,
    profile.user.userType === 'staff' ? { name: 'activity', enabled: true } : null,
    project.projectPermission.recallPermission?.canEdit ? { name: 'recall', enabled: true } : null,
  ];
  return all.filter((a): a is HomeAction => a !== null && available.has(a.name));
}
