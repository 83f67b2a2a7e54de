import useSWR from 'swr';
import type { AuditEntry, AuditLogQuery } from '@schemas/api/admin';
import { adminApi, adminKey } from '@/shared/admin/admin-api';

export interface Page<T> {
  items: T[];
  total: number;
}

/** The audit log's filters as the screen holds them (empty strings: no filter). */
export type AuditFilters = Required<Pick<AuditLogQuery, 'action' | 'actor' | 'target' | 'projectCode' | 'from' | 'to'>>;

export const NO_AUDIT_FILTERS: AuditFilters = { action: '', actor: '', target: '', projectCode: '', from: '', to: '' };

/** GET /admin/audit-log: one page, newest first. */
export function fetchAuditLog(filters: AuditFilters, skip: number, count: number): Promise<Page<AuditEntry>> {
  const params = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''));
  return adminApi.get<Page<AuditEntry>>('/admin/audit-log', { ...params, skip, count });
}

/** The page of the audit log these filters and this offset show; kept while the next one loads. */
export function useAuditLog(filters: AuditFilters, skip: number, count: number) {
  return useSWR(adminKey('audit-log', filters, skip, count), () => fetchAuditLog(filters, skip, count), {
    keepPreviousData: true,
  });
}
