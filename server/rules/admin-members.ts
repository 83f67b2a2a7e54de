/**
 * Roles of a member in a project: each stands for the permissions of project_members
 * (generate, activate, add tracking, recall). A user of the project's enterprise without a membership keeps
 * their user type's defaults.
 */
export const MEMBER_ROLES = {
  /** Generates, activates and tracks barcodes, and traces and exports recalls. */
  manager: { can_generate_barcode: true, can_activate_barcode: true, can_add_tracking: true, can_recall: true },
  /** Activates and tracks, does not generate new barcodes. */
  operator: { can_generate_barcode: false, can_activate_barcode: true, can_add_tracking: true, can_recall: false },
  /** Adds tracking only. */
  tracker: { can_generate_barcode: false, can_activate_barcode: false, can_add_tracking: true, can_recall: false },
  /** Looks only. */
  viewer: { can_generate_barcode: false, can_activate_barcode: false, can_add_tracking: false, can_recall: false },
} as const;
export type MemberRole = keyof typeof MEMBER_ROLES;
export const MEMBER_ROLE_NAMES = Object.keys(MEMBER_ROLES) as MemberRole[];

/** Project codes the client's own routes use (`/admin`, `/playground`): a project may not take them. */
export const RESERVED_PROJECT_CODES = ['admin', 'playground', 'api', 'assets'];

export const isReservedProjectCode = (code: string): boolean => RESERVED_PROJECT_CODES.includes(code.toLowerCase());
