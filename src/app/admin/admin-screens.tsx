import type { ComponentType } from 'react';
import type admin from '@locales/en/admin.json';
import type { Admin } from '@schemas/api/admin';
import { lazyScreen } from '../lazy';

const named =
  <K extends string>(key: K) =>
  <M extends Record<K, ComponentType<object>>>(m: M) => ({ default: m[key] });

const AuditLogPage = lazyScreen(() => import('@/features/admin/components/audit-log-page').then(named('AuditLogPage')));
const UsersPage = lazyScreen(() => import('@/features/admin/components/users-page').then(named('UsersPage')));
const UserDetailPage = lazyScreen(() =>
  import('@/features/admin/components/user-detail-page').then(named('UserDetailPage')),
);
const ProjectsPage = lazyScreen(() => import('@/features/admin/components/projects-page').then(named('ProjectsPage')));
const AdminsPage = lazyScreen(() => import('@/features/admin/components/admins-page').then(named('AdminsPage')));
const ConfigPage = lazyScreen(() => import('@/features/admin-config/components/config-page').then(named('ConfigPage')));

/** A navigation label: a key under `nav` in locales/<lang>/admin.json. */
export type AdminNavKey = Exclude<keyof typeof admin.nav, 'label'>;

/** One screen of the admin area. */
export interface AdminScreen {
  /** Its route under /admin (a react-router pattern: 'users', 'projects/:code/draft'). */
  path: string;
  /** Its navigation label; a screen without one is reached from another screen, not from the navigation. */
  nav?: AdminNavKey;
  /** The roles whose navigation lists it (default: both). The server still decides what each may do. */
  roles?: readonly Admin['role'][];
  /** Its component, lazily loaded (lazyScreen): the admin area never joins the staff first load. */
  Screen: ComponentType<object>;
}

/**
 * THE list of admin screens: the admin area's router and its navigation both read it, in this
 * order; the first entry in the navigation is where /admin opens. A new admin screen is one
 * entry here (and its label under `nav` in the four admin.json files).
 */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { path: 'users', nav: 'users', Screen: UsersPage },
  { path: 'users/:userId', Screen: UserDetailPage },
  { path: 'projects', nav: 'projects', Screen: ProjectsPage },
  { path: 'admins', nav: 'admins', roles: ['enterprise'], Screen: AdminsPage },
  { path: 'audit-log', nav: 'auditLog', Screen: AuditLogPage },
  { path: 'config', nav: 'config', Screen: ConfigPage },
];
