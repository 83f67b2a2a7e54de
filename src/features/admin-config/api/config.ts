import useSWR, { mutate } from 'swr';
import type { ConfigHistory, Draft, Report, TestEntry } from '@schemas/api/admin-config';
import type { AdminProject } from '@schemas/api/admin';
import type { Language } from '@schemas/languages';
import { adminApi, adminKey, revalidateAdminResource } from '@/shared/admin/admin-api';

/** A project version whose configuration the screens edit. */
export interface VersionRef {
  code: string;
  version: number;
}

const base = (ref: VersionRef) => `/admin/config/${encodeURIComponent(ref.code)}/${ref.version}`;
const RESOURCE = 'config';
const ifMatch = (etag: number) => ({ 'if-match': `"${etag}"` });

/** The first project the admin manages (GET /admin/projects, one item): where the screen starts when no link names one. */
export function useFirstProject() {
  return useSWR(adminKey('projects', { skip: 0, count: 1 }), () =>
    adminApi.get<{ items: AdminProject[]; total: number }>('/admin/projects', { skip: 0, count: 1 }),
  );
}

/** GET /admin/config/:code/:version: the revisions and the draft, if any. */
export function useConfigHistory(ref: VersionRef | null) {
  return useSWR(
    ref ? adminKey(RESOURCE, 'history', ref.code, ref.version) : null,
    () => adminApi.get<ConfigHistory>(base(ref!)),
    { shouldRetryOnError: false },
  );
}

/** GET .../draft (null when there is none). */
export function useDraft(ref: VersionRef | null, hasDraft: boolean) {
  return useSWR(
    ref && hasDraft ? adminKey(RESOURCE, 'draft', ref.code, ref.version) : null,
    () => adminApi.get<Draft>(`${base(ref!)}/draft`),
    { shouldRetryOnError: false, revalidateOnFocus: false },
  );
}

/**
 * The draft as the server has it now, put in the cache the editor reads: after a refused save
 * (someone saved meanwhile) the editor is drawn anew from it, with its new ETag.
 */
export const reloadDraft = async (ref: VersionRef, beforeShown: (current: Draft) => void) => {
  const current = await adminApi.get<Draft>(`${base(ref)}/draft`);
  // What the editor opens with (the admin's change to merge) is set before the new draft redraws it.
  beforeShown(current);
  await mutate(adminKey(RESOURCE, 'draft', ref.code, ref.version), current, { revalidate: false });
  void revalidateAdminResource(RESOURCE);
  return current;
};

/** Every change revalidates the whole configuration resource: history, draft and reports. */
const changed = <T>(result: T) => {
  void revalidateAdminResource(RESOURCE);
  return result;
};

export const openDraft = async (ref: VersionRef, fromRevision?: number) =>
  changed(await adminApi.post<Draft>(`${base(ref)}/draft`, fromRevision ? { fromRevision } : {}));

/**
 * PUT .../draft with If-Match: 412 (ErrorCode.draftChangedMeanwhile) when someone saved
 * meanwhile. The draft saved is the draft shown from the moment the call returns (its new ETag
 * redraws the editor then, not later when a reload comes back, under the admin's next clicks).
 */
export const saveDraft = async (ref: VersionRef, etag: number, config: unknown) => {
  const saved = (
    await adminApi.request<Draft>('put', `${base(ref)}/draft`, { data: { config }, headers: ifMatch(etag) })
  ).data;
  await mutate(adminKey(RESOURCE, 'draft', ref.code, ref.version), saved, { revalidate: false });
  return changed(saved);
};

export const discardDraft = async (ref: VersionRef, etag: number) =>
  changed((await adminApi.request<boolean>('delete', `${base(ref)}/draft`, { headers: ifMatch(etag) })).data);

export const draftReport = (ref: VersionRef, language: Language) =>
  adminApi.get<Report>(`${base(ref)}/draft/report`, { language });

export const testDraft = (ref: VersionRef, barcodeType: string, form: string, data: Record<string, unknown>) =>
  adminApi.post<TestEntry>(`${base(ref)}/draft/tests`, { barcodeType, form, data });

export interface PublishAnswer {
  code: string;
  version: number;
  revision: number;
  report: Report;
}

export const publishDraft = async (
  ref: VersionRef,
  etag: number,
  mode: 'inPlace' | 'newVersion',
  note: string,
  language: Language,
) =>
  changed(
    (
      await adminApi.request<PublishAnswer>('post', `${base(ref)}/draft/publish`, {
        data: { mode, note, language },
        headers: ifMatch(etag),
      })
    ).data,
  );

export const rollBack = async (ref: VersionRef, revision: number, mode: 'inPlace' | 'newVersion', language: Language) =>
  changed(await adminApi.post<PublishAnswer>(`${base(ref)}/rollback`, { revision, mode, language }));

/** GET .../revisions/:revision: one published revision with its configuration. */
export const revisionConfig = async (ref: VersionRef, revision: number) =>
  (await adminApi.get<{ revision: number; config: Record<string, unknown> }>(`${base(ref)}/revisions/${revision}`))
    .config;

export const diffRevisions = (ref: VersionRef, from: number, to: number, language: Language) =>
  adminApi.get<Report>(`${base(ref)}/diff`, { from, to, language });
