import { ErrorCode } from '../../schemas/error-codes';
import { commonFailure, unauthenticated, type ApiFailure } from './api-failure';

/** The reference server's own admin roles, apart from the staff, carrier and client user types. */
export const ADMIN_ROLES = ['enterprise', 'project'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** The admin a request acts for (server/plugins/admin-auth.ts requireAdmin). */
export interface AdminActor {
  id: string;
  login: string;
  name: string;
  role: AdminRole;
  enterpriseId: string;
  /** The project codes a project admin manages; empty for an enterprise admin (all of the enterprise's). */
  projectCodes: string[];
}

/**
 * What an admin route touches. Nothing named: any admin may call it (their own data, lists
 * filtered to what they manage). `enterpriseWide`: only an enterprise admin (e.g. create a
 * project). `enterpriseId`: something of that enterprise. `projectCode` (with the enterprise the
 * project belongs to, looked up by the caller): that project.
 */
export interface AdminScope {
  enterpriseWide?: boolean;
  enterpriseId?: string;
  projectCode?: string;
}

/** Whether the admin may act on the scope; `projectEnterpriseId` is the enterprise of `scope.projectCode`. */
export function mayAdminister(actor: AdminActor, scope: AdminScope, projectEnterpriseId?: string): boolean {
  if (scope.enterpriseWide && actor.role !== 'enterprise') return false;
  if (scope.enterpriseId !== undefined && scope.enterpriseId !== actor.enterpriseId) return false;
  if (scope.projectCode !== undefined) {
    if (projectEnterpriseId !== actor.enterpriseId) return false;
    if (actor.role === 'project' && !actor.projectCodes.includes(scope.projectCode)) return false;
  }
  return true;
}

/**
 * The refusal of an admin route to a request without an admin session: a logged-in staff,
 * carrier or client user is refused (403); a visitor is asked to log in (401, ErrorCode.loginExpired).
 */
export function adminRefusal(isLoggedInUser: boolean): ApiFailure {
  return isLoggedInUser ? forbidden() : unauthenticated();
}

export const forbidden = (): ApiFailure => commonFailure(ErrorCode.forbidden, 403);

/** Login names: 3 to 64 of a-z, 0-9, '.', '_', '-', starting with a letter or digit. */
export const ADMIN_LOGIN_PATTERN = '^[a-z0-9][a-z0-9._-]{2,63}$';

/** A login name made from a person's name ('Aiko Mori' -> 'aiko.mori'), or null when nothing usable is left. */
export function loginFromName(name: string): string | null {
  const login = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '')
    .slice(0, 64);
  return new RegExp(ADMIN_LOGIN_PATTERN).test(login) ? login : null;
}
