import useSWR, { mutate } from 'swr';
import type { Profile } from '@schemas/api/user';
import { Headers } from '@schemas/validation';
import { api, ApiError, hasSessionHint } from '../api';
import { primeCache } from '../api/prime';
import { clearTabData, visitorId } from '../storage/storage';
import { forgetCachedAnswers } from '../pwa/cached-api';
import { revalidateProjects } from '../project/use-project';

export const PROFILE_KEY = 'profile';

/** The logged-in user, or null for a visitor. No request is made when there is no session. */
export async function fetchProfile(): Promise<Profile | null> {
  if (!hasSessionHint()) return null;
  try {
    const { data, headers } = await api.request<Profile>('get', '/user/profile');
    // The organization's enterprise is read from the response header.
    const enterpriseId = headers.get(Headers.enterpriseId) ?? data.organization.enterpriseId;
    return { ...data, organization: { ...data.organization, enterpriseId } };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The profile in the cache before the first render (main.tsx): at once for a visitor, asked by index.html with a session. */
export const primeProfile = () => primeCache(PROFILE_KEY, fetchProfile);

export function useProfile() {
  return useSWR(PROFILE_KEY, fetchProfile, { revalidateOnFocus: false, shouldRetryOnError: false });
}

/** Reloads the profile (after login). */
export const reloadProfile = () => mutate(PROFILE_KEY);

/** Forgets the profile locally, without a request. */
export const clearProfile = () => mutate(PROFILE_KEY, null, { revalidate: false });

/** POST /user/logout, then forget the profile and this tab's drafts and scans whatever the server said. */
export async function logout(): Promise<void> {
  try {
    await api.post('/user/logout', { visitorId: visitorId() });
  } finally {
    clearTabData();
    // The worker's copies of what this user read (permissions, barcodes, profile): not for the next one.
    await forgetCachedAnswers().catch(() => undefined);
    await clearProfile();
    await revalidateProjects();
  }
}
