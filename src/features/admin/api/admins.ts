import useSWR from 'swr';
import type { AdminAccount, CreateAdminBody } from '@schemas/api/admin';
import { adminApi, adminKey, revalidateAdminResource } from '@/shared/admin/admin-api';

/** A new admin and their password: shown once, then gone. */
export interface AdminWithPassword {
  admin: AdminAccount;
  password: string;
}

/** GET /admin/admins: the enterprise's admins (enterprise admins only). */
export function useAdmins() {
  return useSWR(adminKey('admins'), () => adminApi.get<AdminAccount[]>('/admin/admins'));
}

/** Runs a change, then reloads the admins and the audit log (which it wrote to). */
async function changing<T>(change: Promise<T>): Promise<T> {
  const result = await change;
  await Promise.all([revalidateAdminResource('admins'), revalidateAdminResource('audit-log')]);
  return result;
}

export const createAdmin = (body: CreateAdminBody) => changing(adminApi.post<AdminWithPassword>('/admin/admins', body));
export const deactivateAdmin = (adminId: string) =>
  changing(adminApi.post<AdminAccount>(`/admin/admins/${encodeURIComponent(adminId)}/deactivate`));
