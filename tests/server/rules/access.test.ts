import { describe, expect, it } from 'vitest';
import {
  assertMayChange,
  assertMayGenerate,
  assertMember,
  assertPermitted,
  assertStaffMember,
  belongsTo,
  DEFAULT_PERMISSIONS,
  loginMeets,
  needsProjectLogin,
  permissionsFor,
} from '../../../server/rules/access';
import { answer, CARRIER, CLIENT, common, ENTERPRISE, OUTSIDER, STAFF } from './fixtures';

const project = { enterprise_id: ENTERPRISE, config: { requirePassword: false, requireOneTimePasscode: false } };
const flags = (permission: ReturnType<typeof permissionsFor>) => [
  permission.generateBarcodePermission.canEdit,
  permission.activateBarcodePermission.canEdit,
  permission.addTrackingPermission.canEdit,
  permission.recallPermission?.canEdit,
];
const member = (g: boolean, a: boolean, t: boolean, r = false) => ({
  can_generate_barcode: g,
  can_activate_barcode: a,
  can_add_tracking: t,
  can_recall: r,
});

describe('enterprise membership', () => {
  it("holds for users of the project's enterprise only, never for a visitor", () => {
    expect(belongsTo(STAFF, project)).toBe(true);
    expect(belongsTo(OUTSIDER, project)).toBe(false);
    expect(belongsTo(null, project)).toBe(false);
  });

  it("is required with 403 for the enterprise's data", () => {
    expect(answer(() => assertMember(STAFF, project))).toBe('passed');
    expect(answer(() => assertMember(OUTSIDER, project))).toEqual(common(403, 403));
    expect(answer(() => assertMember(null, project))).toEqual(common(403, 403));
  });

  it('staff of the enterprise only, for sealing the ledger or exporting a whole project: a carrier, a client, an outsider or a visitor gets 403', () => {
    expect(answer(() => assertStaffMember(STAFF, project))).toBe('passed');
    for (const viewer of [CARRIER, CLIENT, OUTSIDER, null])
      expect(answer(() => assertStaffMember(viewer, project))).toEqual(common(403, 403));
  });
});

describe('a session is good for the projects whose login asks no more than it proved', () => {
  const asks = (requirePassword: boolean, requireOneTimePasscode: boolean) => ({
    enterprise_id: ENTERPRISE,
    config: { requirePassword, requireOneTimePasscode },
  });
  const proved = (password: boolean, oneTimePasscode: boolean) => ({ ...STAFF, proven: { password, oneTimePasscode } });

  it.each([
    [false, false, false, false, true],
    [true, false, false, false, false],
    [false, true, false, false, false],
    [true, true, true, false, false],
    [true, true, false, true, false],
    [true, true, true, true, true],
    [true, false, true, false, true],
    [false, true, false, true, true],
    [false, false, true, true, true],
  ])('project asks password %s, code %s; login proved password %s, code %s: %s', (pw, otp, hasPw, hasOtp, ok) => {
    expect(
      loginMeets({ password: hasPw, oneTimePasscode: hasOtp }, { requirePassword: pw, requireOneTimePasscode: otp }),
    ).toBe(ok);
    expect(belongsTo(proved(hasPw, hasOtp), asks(pw, otp))).toBe(ok);
    expect(needsProjectLogin(proved(hasPw, hasOtp), asks(pw, otp))).toBe(!ok);
  });

  it('a short login is told to log in to the project (2005), an outsider or a visitor only 403', () => {
    const strict = asks(true, true);
    expect(answer(() => assertMember(STAFF, strict))).toEqual(common(2005, 403));
    expect(answer(() => assertStaffMember(STAFF, strict))).toEqual(common(2005, 403));
    expect(answer(() => assertMember(OUTSIDER, strict))).toEqual(common(403, 403));
    expect(answer(() => assertMember(null, strict))).toEqual(common(403, 403));
    expect(needsProjectLogin(OUTSIDER, strict)).toBe(false);
    expect(needsProjectLogin(null, strict)).toBe(false);
    expect(flags(permissionsFor(STAFF, strict, member(true, true, true, true)))).toEqual([false, false, false, false]);
    expect(flags(permissionsFor(proved(true, true), strict, undefined))).toEqual([true, true, true, true]);
  });
});

describe('default permissions per user type', () => {
  it.each([
    ['staff may generate, activate, track and recall', STAFF, [true, true, true, true]],
    ['a carrier may activate and track, not generate nor recall', CARRIER, [false, true, true, false]],
    ['a client may generate and activate, not track nor recall', CLIENT, [true, true, false, false]],
  ] as const)('%s', (_name, viewer, expected) => {
    expect(flags(permissionsFor(viewer, project, undefined))).toEqual(expected);
    expect(Object.values(DEFAULT_PERMISSIONS[viewer.userType])).toEqual(expected);
  });

  it('give nothing to users of another enterprise, or to visitors, even with a members row', () => {
    expect(flags(permissionsFor(OUTSIDER, project, member(true, true, true, true)))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(flags(permissionsFor(null, project, undefined))).toEqual([false, false, false, false]);
  });

  it("are replaced by the user's project_members row, in both directions", () => {
    expect(flags(permissionsFor(STAFF, project, member(false, true, false)))).toEqual([false, true, false, false]);
    expect(flags(permissionsFor(CARRIER, project, member(true, false, false, true)))).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });
});

describe('permission checks', () => {
  const only = (g: boolean, a: boolean, t: boolean) => permissionsFor(STAFF, project, member(g, a, t));

  it('pass when any of the permissions named is granted, else 403', () => {
    expect(answer(() => assertPermitted(only(false, false, true), 'addTrackingPermission'))).toBe('passed');
    expect(
      answer(() => assertPermitted(only(false, true, false), 'addTrackingPermission', 'activateBarcodePermission')),
    ).toBe('passed');
    expect(
      answer(() => assertPermitted(only(true, false, false), 'addTrackingPermission', 'activateBarcodePermission')),
    ).toEqual(common(403, 403));
  });

  it('recall passes only with the recall permission; a permission left out of an answer counts as not granted', () => {
    expect(answer(() => assertPermitted(permissionsFor(STAFF, project, undefined), 'recallPermission'))).toBe('passed');
    expect(answer(() => assertPermitted(only(true, true, true), 'recallPermission'))).toEqual(common(403, 403));
    const older = { ...only(true, true, true), recallPermission: undefined };
    expect(answer(() => assertPermitted(older, 'recallPermission'))).toEqual(common(403, 403));
  });

  it('refuse a change without the permission (403) before a deactivated barcode (3095)', () => {
    const deactivated = { is_deactivated: true };
    expect(answer(() => assertMayChange(only(false, false, false), deactivated, 'activateBarcodePermission'))).toEqual(
      common(403, 403),
    );
    expect(answer(() => assertMayChange(only(false, true, false), deactivated, 'activateBarcodePermission'))).toEqual(
      common(3095),
    );
    expect(
      answer(() => assertMayChange(only(false, true, false), { is_deactivated: false }, 'activateBarcodePermission')),
    ).toBe('passed');
  });

  it('let a client generate even when their row says no, and nobody else without the permission', () => {
    expect(answer(() => assertMayGenerate(CLIENT, only(false, true, true)))).toBe('passed');
    expect(answer(() => assertMayGenerate(STAFF, only(false, true, true)))).toEqual(common(403, 403));
    expect(answer(() => assertMayGenerate(CARRIER, permissionsFor(CARRIER, project, undefined)))).toEqual(
      common(403, 403),
    );
    expect(answer(() => assertMayGenerate(STAFF, only(true, false, false)))).toBe('passed');
  });
});
