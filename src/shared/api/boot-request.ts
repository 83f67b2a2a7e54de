/**
 * The requests index.html's inline script starts before the app's code arrives (vite.config.ts
 * `bootRequests`: the address's project, and a scanned link's barcode): on a slow phone they
 * would otherwise start only once the code has downloaded and run, and the login form and the
 * detail page wait for them. The API client's fetch takes each answer over for the same request
 * (`takeBootResponse`), once; everything after that (the client-version check, errors, a 401's
 * refresh and retry) is the client's as for any answer.
 */

import { BOOT_REQUEST_GLOBAL } from '@schemas/boot-request';

/** An answer older than this is not taken over (the page stayed elsewhere meanwhile): the client asks again. */
export const BOOT_RESPONSE_MAX_AGE_MS = 30_000;

interface BootRequest {
  url: string;
  response: Promise<Response>;
}

type BootWindow = { [BOOT_REQUEST_GLOBAL]?: BootRequest[] };

/**
 * The inline script's answer for this call, when the call is one of its GETs (same URL) and the
 * page is young; each taken once. Its failure (no network) falls back to sending the call itself.
 * Returns undefined for any other call.
 */
export function takeBootResponse(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  send: () => Promise<Response>,
  now = performance.now(),
  host: BootWindow = globalThis as BootWindow,
): Promise<Response> | undefined {
  const requests = host[BOOT_REQUEST_GLOBAL];
  if (!requests || requests.length === 0) return undefined;
  const method = (init?.method ?? 'GET').toUpperCase();
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const index = method === 'GET' ? requests.findIndex((r) => r.url === url) : -1;
  if (index < 0) return undefined;
  const [boot] = requests.splice(index, 1);
  if (now > BOOT_RESPONSE_MAX_AGE_MS) return undefined;
  return boot!.response.catch(send);
}
