import useSWR from 'swr';
import type { AdminProject, CreateProjectBody, ProjectsQuery } from '@schemas/api/admin';
import { adminApi, adminKey, revalidateAdminResource } from '@/shared/admin/admin-api';
import type { Page } from './audit-log';

/** GET /admin/projects: one page, searched. */
export function useProjects(query: ProjectsQuery) {
  return useSWR(adminKey('projects', query), () => adminApi.get<Page<AdminProject>>('/admin/projects', query), {
    keepPreviousData: true,
  });
}

async function changing<T>(change: Promise<T>): Promise<T> {
  const result = await change;
  await Promise.all([revalidateAdminResource('projects'), revalidateAdminResource('audit-log')]);
  return result;
}

export const createProject = (body: CreateProjectBody) =>
  changing(adminApi.post<AdminProject>('/admin/projects', body));
export const setSelfRegistration = (code: string, allow: boolean) =>
  changing(adminApi.put<AdminProject>(`/admin/projects/${encodeURIComponent(code)}/self-registration`, { allow }));

/** PUT /admin/projects/:code/logo: a new logo for every version of the project, or none (null). */
export const setProjectLogo = (code: string, logo: CreateProjectBody['logo'] | null) =>
  changing(adminApi.put<AdminProject>(`/admin/projects/${encodeURIComponent(code)}/logo`, { logo }));

/** A logo file as the API takes it (base64); null when the type is not one the server accepts. */
export async function logoUpload(file: File): Promise<CreateProjectBody['logo'] | null> {
  const types = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;
  const contentType = types.find((t) => t === file.type);
  if (!contentType) return null;
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return { contentType, base64: btoa(binary) };
}
