import useSWR from 'swr';
import type { CustomPageResponse } from '@schemas/api/project';
import { api } from '@/shared/api';
import type { Payload } from '@/shared/api/payload';

/** The key of a project's custom page. */
export const customPageKey = (code: string, version: number) => ['custom-page', code, version] as const;

/** GET /barcode/project-html. */
export const fetchCustomPage = ([, code, version]: ReturnType<typeof customPageKey>) =>
  api.get<Payload<typeof CustomPageResponse>>('/barcode/project-html', { code, version: String(version) });

/** The project's custom page (per language, sanitised by the server), `html: null` when it has none. */
export function useCustomPage(project: { code: string; version: number }) {
  return useSWR(customPageKey(project.code, project.version), fetchCustomPage, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}
