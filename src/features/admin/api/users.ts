import useSWR from 'swr';
import type { AdminUser, CreateUserBody, Membership, UsersQuery } from '@schemas/api/admin';
import { adminApi, adminKey, revalidateAdminResource } from '@/shared/admin/admin-api';
import type { Page } from './audit-log';

export type MemberRole = NonNullable<Membership['role']>;
export const MEMBER_ROLES: readonly MemberRole[] = ['manager', 'operator', 'tracker', 'viewer'];

/** A user and the access code made for them: shown once, then gone. */
export interface UserWithCode {
  user: AdminUser;
  accessCode: string;
}

/** GET /admin/users: one page, searched and filtered. */
export function useUsers(query: UsersQuery) {
  return useSWR(adminKey('users', query), () => adminApi.get<Page<AdminUser>>('/admin/users', query), {
    keepPreviousData: true,
  });
}

export function useUser(userId: string) {
  return useSWR(adminKey('users', userId), () => adminApi.get<AdminUser>(`/admin/users/${encodeURIComponent(userId)}`));
}

export function useOrganizations() {
  return useSWR(adminKey('organizations'), () => adminApi.get<{ id: string; name: string }[]>('/admin/organizations'));
}

/** Runs a change, then reloads every user list and page (and the audit log, which it wrote to). */
async function changing<T>(change: Promise<T>): Promise<T> {
  const result = await change;
  await Promise.all([
    revalidateAdminResource('users'),
    revalidateAdminResource('organizations'),
    revalidateAdminResource('audit-log'),
    revalidateAdminResource('projects'),
  ]);
  return result;
}

const userPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}`;

export const createUser = (body: CreateUserBody) => changing(adminApi.post<UserWithCode>('/admin/users', body));
export const deactivateUser = (userId: string) => changing(adminApi.post<AdminUser>(`${userPath(userId)}/deactivate`));
export const reactivateUser = (userId: string) => changing(adminApi.post<AdminUser>(`${userPath(userId)}/reactivate`));
export const issueAccessCode = (userId: string) =>
  changing(adminApi.post<UserWithCode>(`${userPath(userId)}/access-code`));
export const revokeAccessCode = (userId: string) =>
  changing(adminApi.delete<AdminUser>(`${userPath(userId)}/access-code`));
export const putMember = (userId: string, projectCode: string, role: MemberRole) =>
  changing(adminApi.put<AdminUser>(`${userPath(userId)}/projects/${encodeURIComponent(projectCode)}`, { role }));
export const removeMember = (userId: string, projectCode: string) =>
  changing(adminApi.delete<AdminUser>(`${userPath(userId)}/projects/${encodeURIComponent(projectCode)}`));

/** An access code as shown: two groups of 4 digits joined by '-', easier to read than eight in a row. */
export const formatAccessCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;
