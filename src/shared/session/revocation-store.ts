/**
 * A logout the server has not heard of yet (made offline), kept where both the page and the
 * service worker read it: Cache Storage. Whichever of them reaches the server first sends it,
 * before anything else that would carry the leaving user's cookies (the session cookies are
 * HttpOnly: only the server's answer to the logout removes them). No DOM, no app imports: the
 * service worker's build includes this file.
 */

/** The page's quick mark of a kept logout (localStorage, read without waiting; the worker has none). */
export const REVOCATION_MARK = 'sb-kept-logout';

/** The cache holding the kept logout (one entry). */
export const REVOCATION_CACHE = 'sb-revocation';
/** Its key in that cache: never a real address, nothing fetches it. */
export const REVOCATION_KEY = '/__kept-logout';

/** The logout request as the page would have sent it. */
export interface KeptRevocation {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const cacheStorage = (): CacheStorage | undefined => (typeof caches === 'undefined' ? undefined : caches);

export async function storeRevocation(revocation: KeptRevocation): Promise<void> {
  const storage = cacheStorage();
  if (!storage) return;
  const cache = await storage.open(REVOCATION_CACHE);
  await cache.put(REVOCATION_KEY, new Response(JSON.stringify(revocation)));
}

export async function readRevocation(): Promise<KeptRevocation | null> {
  const storage = cacheStorage();
  if (!storage || !(await storage.has(REVOCATION_CACHE))) return null;
  const kept = await (await storage.open(REVOCATION_CACHE)).match(REVOCATION_KEY);
  if (!kept) return null;
  try {
    return JSON.parse(await kept.text()) as KeptRevocation;
  } catch {
    return null;
  }
}

export async function dropRevocation(): Promise<void> {
  await cacheStorage()?.delete(REVOCATION_CACHE);
}

/**
 * Sends a kept logout: true once the server answered (a 2xx ended the session and cleared its
 * cookies; a 4xx says there was none left), false while it cannot be reached or failed (5xx).
 */
export async function sendRevocation(revocation: KeptRevocation): Promise<boolean> {
  try {
    const response = await fetch(revocation.url, {
      method: 'POST',
      credentials: 'include',
      headers: revocation.headers,
      body: revocation.body,
    });
    return response.status < 500;
  } catch {
    return false;
  }
}
