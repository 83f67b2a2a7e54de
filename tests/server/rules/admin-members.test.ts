import { describe, expect, it } from 'vitest';
import { isReservedProjectCode, MEMBER_ROLE_NAMES, MEMBER_ROLES } from '../../../server/rules/admin-members';

describe('the roles of a project member', () => {
  it('are, from most to least: manager, operator, tracker, viewer', () => {
    expect(MEMBER_ROLE_NAMES).toEqual(['manager', 'operator', 'tracker', 'viewer']);
  });

  it('a manager generates, activates, tracks and recalls; an operator does not generate; a tracker only tracks; a viewer only looks', () => {
    const can = (role: keyof typeof MEMBER_ROLES) => {
      const p = MEMBER_ROLES[role];
      return [p.can_generate_barcode, p.can_activate_barcode, p.can_add_tracking, p.can_recall];
    };
    expect(can('manager')).toEqual([true, true, true, true]);
    expect(can('operator')).toEqual([false, true, true, false]);
    expect(can('tracker')).toEqual([false, false, true, false]);
    expect(can('viewer')).toEqual([false, false, false, false]);
  });
});

describe("project codes the client's own pages use", () => {
  it('may not be taken by a project, in any case', () => {
    for (const code of ['admin', 'playground', 'api', 'assets', 'Admin', 'PLAYGROUND'])
      expect(isReservedProjectCode(code), code).toBe(true);
  });

  it('leave every other code free, even one that starts like them', () => {
    for (const code of ['demo', 'administration', 'api2', 'my-assets'])
      expect(isReservedProjectCode(code), code).toBe(false);
  });
});
