import useSWR, { mutate, unstable_serialize } from 'swr';
import type { Admin } from '@schemas/api/admin';
import { createApiClient } from '../api/client';
import { API_BASE, API_TIMEOUT_MS } from '../config';
import { visitorId } from '../storage/storage';
import { announceVersion } from '../ui/update-events';

/**
 * The admin area's API client: the app's client (credentials, headers, timeout, error
 * normalisation, an Idempotency-Key on every write) without the staff session's refresh and
 * without the outbox: an admin's change is made online or not at all. The admin session is its
 * own httpOnly cookie (`sb_admin`, path /api/admin); a 401 means "log in to the admin area".
 * Every admin screen, of any feature, calls the server through this client.
 */
export const adminApi = createApiClient({
  baseURL: API_BASE,
  timeoutMs: API_TIMEOUT_MS,
  visitorId,
  mayHaveSession: () => false,
  onSignedOut: () => undefined,
  onNewVersion: announceVersion,
});

/** SWR keys of the admin area all start with 'admin', so a login or logout can reload them all. */
export const adminKey = <P extends readonly unknown[]>(resource: string, ...params: P) =>
  ['admin', resource, ...params] as const;

const isAdminKey = (key: unknown) => Array.isArray(key) && key[0] === 'admin';

/** Reloads every key of one admin resource (e.g. 'users' after creating a user): all its pages and filters. */
export const revalidateAdminResource = (resource: string) =>
  mutate((key) => isAdminKey(key) && (key as unknown[])[1] === resource);

const meKey = adminKey('me');

/** GET /admin/me: the logged-in admin; the error is ApiError ErrorCode.loginExpired (401) when nobody is, '403' for a staff session. */
export function useAdminSession() {
  return useSWR(meKey, () => adminApi.get<Admin>('/admin/me'), { shouldRetryOnError: false, revalidateOnFocus: false });
}

/**
 * What the admin area does with any of its requests' errors (its SWRConfig `onError`): a 401
 * (ErrorCode.loginExpired) on a screen's data means the session ended meanwhile (logged out
 * elsewhere, expired, or the admin deactivated), so the session is asked again and the area
 * shows its login. The session's own request is left out (it would ask itself again and again).
 */
export function onAdminDataError(error: unknown, key: string): void {
  if (key === unstable_serialize(meKey)) return;
  if (error instanceof Error && (error as { code?: unknown }).code === '2003') void mutate(meKey);
}

/** POST /admin/session: logs in, then the whole admin area reloads as that admin. */
export async function adminLogin(login: string, password: string): Promise<Admin> {
  const admin = await adminApi.request<Admin>('post', '/admin/session', { data: { login, password } });
  await mutate(meKey, admin.data, { revalidate: false });
  return admin.data;
}

/** POST /admin/logout: ends the session, then forgets everything the admin area read. */
export async function adminLogout(): Promise<void> {
  await adminApi.post('/admin/logout');
  await mutate(isAdminKey, undefined, { revalidate: false });
  await mutate(meKey, undefined, { revalidate: true });
}
