import type { Project } from '@schemas/api/project';
import type { Profile } from '@schemas/api/user';
import type { TFunction } from 'i18next';
import { LAST_AUTHORIZED_SYSTEM_DAYS, STORAGE_PREFIX } from '../config';
import { readCookie, removeCookie, writeCookie } from '../storage/storage';

export const LAST_AUTHORIZED_SYSTEM_COOKIE = `${STORAGE_PREFIX}-last-authorized-system`;

export type AuthorizationVerdict =
  { kind: 'ok' } | { kind: 'portal' } | { kind: 'not-belong'; company: string } | { kind: 'login-for-project' };

/** 'You do not belong to {company}' with its second line, as the login and the project check both say it. */
export const notBelongMessage = (t: TFunction, company: string): string =>
  `${t('auth.notBelong', { company })}\n(${t('auth.notBelongEnterprise')})`;

/**
 * Which system the user last logged in to (the portal or this client), checked after the
 * profile loads:
 * - the last system was the portal: log out here (and forget the cookie);
 * - the user's enterprise is not the project's: log out and say so;
 * - the user's session was started in a project whose login asked less than this one's (a
 *   password, a one-time code): log out and ask them to log in to this project;
 * - otherwise remember that the mobile client is the last authorized system
 *   (LAST_AUTHORIZED_SYSTEM_DAYS).
 */
export function checkAuthorizationSystem(profile: Profile, project: Project): AuthorizationVerdict {
  if (readCookie(LAST_AUTHORIZED_SYSTEM_COOKIE) === 'portal') {
    removeCookie(LAST_AUTHORIZED_SYSTEM_COOKIE);
    return { kind: 'portal' };
  }
  if (profile.organization.enterpriseId !== project.enterpriseId) {
    return { kind: 'not-belong', company: project.enterpriseName };
  }
  if (project.loginForProjectNeeded) return { kind: 'login-for-project' };
  writeCookie(LAST_AUTHORIZED_SYSTEM_COOKIE, 'mobile', LAST_AUTHORIZED_SYSTEM_DAYS);
  return { kind: 'ok' };
}
