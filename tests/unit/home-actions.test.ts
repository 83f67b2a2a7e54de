import { describe, expect, it } from 'vitest';
import type { Project } from '@schemas/api/project';
import type { Profile } from '@schemas/api/user';
import { homeActions, type HomeActionName } from '@/features/home/model/home-actions';

const ALL = new Set<HomeActionName>([
  'generateBarcode',
  'scanBarcode',
  'barcodeSearch',
  'trackingTimes',
  'ghgReport',
  'labelSheet',
  'activity',
  'recall',
]);

const project = (canGenerate: boolean, flags: Partial<Project> = {}) =>
  ({
    showBarcodeSearchPage: true,
    showTrackingCountPage: true,
    barcodeTypes: {},
    projectPermission: {
      generateBarcodePermission: { canEdit: canGenerate },
      activateBarcodePermission: { canEdit: true },
      addTrackingPermission: { canEdit: true },
    },
    ...flags,
  }) as Project;
const profile = (userType: 'staff' | 'client' | 'carrier') => ({ user: { userType } }) as Profile;

describe('home actions by user type and permission', () => {
  it('disables Generate with a reason when the staff user lacks the permission', () => {
    const generate = homeActions(project(false), profile('staff'), ALL).find((a) => a.name === 'generateBarcode');
    expect(generate).toEqual({ name: 'generateBarcode', enabled: false, disabledReason: 'generateNoPermission' });
  });

  it('enables Generate for client users whatever the permission', () => {
    expect(homeActions(project(false), profile('client'), ALL).find((a) => a.name === 'generateBarcode')?.enabled).toBe(
      true,
    );
  });

  it('hides Tracking Times from client users and when the project does not show it', () => {
    const names = (p: Project, u: Profile) => homeActions(p, u, ALL).map((a) => a.name);
    expect(names(project(true), profile('client'))).not.toContain('trackingTimes');
    expect(names(project(true, { showTrackingCountPage: false }), profile('staff'))).not.toContain('trackingTimes');
    expect(names(project(true), profile('staff'))).toContain('trackingTimes');
  });

  it('shows Barcode Search only when the project shows the search page', () => {
    expect(
      homeActions(project(true, { showBarcodeSearchPage: false }), profile('staff'), ALL).map((a) => a.name),
    ).toEqual(['generateBarcode', 'scanBarcode', 'trackingTimes', 'labelSheet', 'activity']);
  });

  it('shows the GHG emission report to staff of a project with a GHG emission field only', () => {
    const ghgField = {
      key: 'e',
      type: 'ghgEmission',
      calculationType: 'fuel',
      label: { en: 'E', ja: 'E', 'zh-TW': 'E', 'zh-CN': 'E' },
    };
    const withGhg = project(true, {
      barcodeTypes: {
        pallet: {
          activationFields: [],
          trackPoints: [{ key: 'carrier', trackPointForms: [{ key: 'pickup', customFields: [ghgField] }] }],
        },
      } as never,
    });
    const names = (p: Project, u: Profile) => homeActions(p, u, ALL).map((a) => a.name);
    expect(names(withGhg, profile('staff'))).toContain('ghgReport');
    expect(names(withGhg, profile('carrier'))).not.toContain('ghgReport');
    expect(names(withGhg, profile('client'))).not.toContain('ghgReport');
    expect(names(project(true), profile('staff'))).not.toContain('ghgReport');
  });

  it('never shows an action whose screen this build does not have', () => {
    expect(homeActions(project(true), profile('staff'), new Set(['scanBarcode']))).toEqual([
      { name: 'scanBarcode', enabled: true },
    ]);
    expect(homeActions(project(true), profile('staff'), new Set())).toEqual([]);
  });

  it('offers the label sheet to those who may generate, and the activity chart to staff only', () => {
    const names = (p: Project, u: Profile) => homeActions(p, u, ALL).map((a) => a.name);
    expect(names(project(false), profile('staff'))).not.toContain('labelSheet');
    expect(names(project(true), profile('staff'))).toContain('labelSheet');
    expect(names(project(false), profile('client'))).toContain('labelSheet');
    expect(names(project(true), profile('staff'))).toContain('activity');
    expect(names(project(true), profile('client'))).not.toContain('activity');
    expect(names(project(true), profile('carrier'))).not.toContain('activity');
  });

  it('offers Recall only to users the project gives the recall permission', () => {
    const names = (p: Project, u: Profile) => homeActions(p, u, ALL).map((a) => a.name);
    const withRecall = (canEdit: boolean) =>
      project(true, {
        projectPermission: { ...project(true).projectPermission, recallPermission: { canEdit } },
      });
    expect(names(withRecall(true), profile('staff'))).toContain('recall');
    expect(homeActions(withRecall(true), profile('staff'), ALL).at(-1)).toEqual({ name: 'recall', enabled: true });
    expect(names(withRecall(false), profile('staff'))).not.toContain('recall');
    // A server that does not send the permission gives none.
    expect(names(project(true), profile('staff'))).not.toContain('recall');
  });
});
