import useSWR, { mutate } from 'swr';
import type { Profile } from '@schemas/api/user';
import { Headers } from '@schemas/validation';
import { SESSION_HINT } from '@schemas/boot-request';
import { api, ApiError, hasSessionHint } from '../api';
import { primeCache } from '../api/prime';
import { outboxOwner } from '../api/outbox/outbox-items';
import { clearTabData, removeCookie, visitorId } from '../storage/storage';
import { forgetCachedAnswers } from '../pwa/cached-api';
import { revalidateProjects } from '../project/use-project';

export const PROFILE_KEY = 'profile';

/** The logged-in user, or null for a visitor. No request is made when there is no session. */
export async function fetchProfile(): Promise<Profile | null> {
  const profile = await readProfile();
  // The outbox sends and shows this user's writes only.
  outboxOwner.set(profile?.user.id ?? null);
  return profile;
}

async function readProfile(): Promise<Profile | null> {
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

/** Forgets the profile locally, without a request. */
export const clearProfile = () => mutate(PROFILE_KEY, null, { revalidate: false });

/**
 * Ends the session on this phone at once, online or not: the outbox stops sending (and showing)
 * this user's writes, which stay stored for them unless the logout dialog discarded them first;
 * the session hint cookie, this tab's drafts and scans, every cached read (SWR's and the
 * worker's) go. POST /user/logout ends the session on the server; when it gets no answer it is
 * kept and sent before anything else once the server can be reached (revocation.ts), so
 * reconnecting never brings this user back. See "Logging out" in docs/staff/offline.md.
 */
export async function logout(): Promise<void> {
  outboxOwner.set(null);
  const visitor = visitorId();
  try {
    await api.post('/user/logout', { visitorId: visitor });
  } catch (error) {
    // No answer (offline, timeout): the server has not ended the session yet.
    if (error instanceof ApiError && (error.code === 'network' || error.code === 'timeout'))
      await import('./revocation-send').then(({ keepRevocation }) => keepRevocation(visitor));
  } finally {
    // The server clears it with its answer; without one, the app must not think a session exists.
    removeCookie(SESSION_HINT);
    clearTabData();
    // The worker's copies of what this user read (permissions, barcodes, profile): not for the next one.
    await forgetCachedAnswers().catch(() => undefined);
    // Every read the screens hold (barcodes, history, the profile), then the project again as a
    // visitor sees it (kept meanwhile: offline, the login screen draws with it).
    await mutate((key) => !(Array.isArray(key) && key[0] === 'project'), undefined, { revalidate: false });
    await clearProfile();
    await revalidateProjects();
  }
}
