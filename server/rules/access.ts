import type { ProjectPermission } from '../../schemas/api/project';
import { ErrorCode } from '../../schemas/error-codes';
import type { ProjectConfig, UserType } from '../../schemas/project-config';
import { commonFailure } from './api-failure';

/** What a session's login proved beyond the access code. */
export interface ProvenFactors {
  password: boolean;
  oneTimePasscode: boolean;
}

/** The viewer of a request: who is logged in, if anyone, and what their login proved. */
export interface Viewer {
  userId: string;
  userType: UserType;
  enterpriseId: string;
  proven: ProvenFactors;
}

/** What a project asks of a login, beyond the access code. */
export type LoginRequirements = Pick<ProjectConfig, 'requirePassword' | 'requireOneTimePasscode'>;

/** A project as the access rules see it: the enterprise it belongs to and what its login asks. */
export interface OwnedProject {
  enterprise_id: string;
  config: LoginRequirements;
}

/** A project_members row: what one user may do in one project, in place of their user type's defaults. */
export interface MemberPermissions {
  can_generate_barcode: boolean;
  can_activate_barcode: boolean;
  can_add_tracking: boolean;
  can_recall: boolean;
}

/** One of the permissions a project grants: generate, activate, add tracking, recall. */
export type PermissionKey = keyof ProjectPermission;

/**
 * What each user type may do in its enterprise's projects without a project_members row
 * (docs/admins/access-and-roles.md).
 */
export const DEFAULT_PERMISSIONS: Readonly<Record<UserType, MemberPermissions>> = {
  staff: { can_generate_barcode: true, can_activate_barcode: true, can_add_tracking: true, can_recall: true },
  carrier: { can_generate_barcode: false, can_activate_barcode: true, can_add_tracking: true, can_recall: false },
  client: { can_generate_barcode: true, can_activate_barcode: true, can_add_tracking: false, can_recall: false },
};

const NOTHING: MemberPermissions = {
  can_generate_barcode: false,
  can_activate_barcode: false,
  can_add_tracking: false,
  can_recall: false,
};

/**
 * Whether a login that proved `proven` meets what the project asks of its own login. A session is
 * good for every project of the user's enterprise whose login asks no more than it proved, so a
 * project's password or one-time code cannot be skipped by logging in to a laxer project
 * (docs/admins/access-and-roles.md).
 */
export const loginMeets = (proven: ProvenFactors, asks: LoginRequirements): boolean =>
  (!asks.requirePassword || proven.password) && (!asks.requireOneTimePasscode || proven.oneTimePasscode);

/**
 * Whether the viewer works for the project's enterprise with a login the project accepts; a
 * visitor never does.
 */
export const belongsTo = (viewer: Viewer | null, project: OwnedProject): viewer is Viewer =>
  viewer !== null && viewer.enterpriseId === project.enterprise_id && loginMeets(viewer.proven, project.config);

/**
 * A user of the project's enterprise whose session did not prove what the project's login asks:
 * they must log in to this project (ErrorCode.loginForProjectNeeded), not be told they are outside it.
 */
export const needsProjectLogin = (viewer: Viewer | null, project: OwnedProject): boolean =>
  viewer !== null && viewer.enterpriseId === project.enterprise_id && !loginMeets(viewer.proven, project.config);

/**
 * What the viewer may do in the project. Nobody outside the project's enterprise may do anything;
 * inside it, the viewer's project_members row (`member`, undefined when there is none) overrides
 * the user type's defaults.
 */
export function permissionsFor(
  viewer: Viewer | null,
  project: OwnedProject,
  member: MemberPermissions | undefined,
): ProjectPermission {
  const flags = belongsTo(viewer, project) ? (member ?? DEFAULT_PERMISSIONS[viewer.userType]) : NOTHING;
  return {
    generateBarcodePermission: { canEdit: flags.can_generate_barcode },
    activateBarcodePermission: { canEdit: flags.can_activate_barcode },
    addTrackingPermission: { canEdit: flags.can_add_tracking },
    recallPermission: { canEdit: flags.can_recall },
  };
}

/**
 * Throws 403 unless the viewer works for the project's enterprise with a login the project
 * accepts; ErrorCode.loginForProjectNeeded when only the login falls short.
 */
export function assertMember(viewer: Viewer | null, project: OwnedProject): asserts viewer is Viewer {
  if (needsProjectLogin(viewer, project)) throw commonFailure(ErrorCode.loginForProjectNeeded, 403);
  if (!belongsTo(viewer, project)) throw commonFailure(ErrorCode.forbidden, 403);
}

/** Throws 403 unless the permission allows at least one of `keys`. */
export function assertPermitted(permission: ProjectPermission, ...keys: PermissionKey[]): void {
  if (!keys.some((key) => permission[key]?.canEdit === true)) throw commonFailure(ErrorCode.forbidden, 403);
}

/**
 * Whether a member may change a barcode: with one of the permissions `keys` (any one will do),
 * and only while the barcode is not deactivated (403, then ErrorCode.deactivated).
 */
export function assertMayChange(
  permission: ProjectPermission,
  barcode: { is_deactivated: boolean },
  ...keys: PermissionKey[]
): void {
  assertPermitted(permission, ...keys);
  if (barcode.is_deactivated) throw commonFailure(ErrorCode.deactivated);
}

/** Generating needs the generate permission, except for client users, who may always order labels. */
export function assertMayGenerate(viewer: Viewer, permission: ProjectPermission): void {
  if (!permission.generateBarcodePermission.canEdit && viewer.userType !== 'client')
    throw commonFailure(ErrorCode.forbidden, 403);
}

/** Staff of the project's enterprise only (403 for anyone else): sealing the ledger, exporting a whole project. */
export function assertStaffMember(viewer: Viewer | null, project: OwnedProject): asserts viewer is Viewer {
  assertMember(viewer, project);
  if (viewer.userType !== 'staff') throw commonFailure(ErrorCode.forbidden, 403);
}
