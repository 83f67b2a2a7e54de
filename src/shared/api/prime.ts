import { preload, type Arguments } from 'swr';
import { cache, serialize, SWRGlobalState } from 'swr/_internal';

/** The keys primed (serialized as SWR does), until forgetUnusedPrimes. */
const primed = new Set<string>();

/**
 * The answers the server drew the page's first screen with (FirstScreenData.answers in
 * schemas/first-screen.ts), by serialized key: primeCache takes each from here, without a request,
 * so the client's first render is drawn from the same data as the markup it hydrates.
 */
let drawnAnswers: Record<string, unknown> = {};

/** Hands primeCache the answers the server drew the first screen with (main.tsx, before priming). */
export function takeDrawnAnswers(answers: Record<string, unknown>): void {
  drawnAnswers = { ...answers };
}

/**
 * Puts the answer for an SWR key in the cache before the first render (main.tsx), as loaded (not
 * loading), so the screen that reads it is drawn with it instead of a loader first: the answer
 * the server drew the first screen with when there is one (takeDrawnAnswers), else the fetcher's. The hook's
 * own call on mounting takes this one over (SWR's preload): one request. Resolves once the answer
 * is cached, or has failed: the hook's call then meets the same failure and shows it, as without
 * priming. A key a hook already holds is left as the hook has it.
 */
export async function primeCache<K extends Arguments>(key: K, fetcher: (key: K) => Promise<unknown>): Promise<void> {
  const [serialized] = serialize(key);
  primed.add(serialized);
  const drawn = Object.hasOwn(drawnAnswers, serialized);
  const answer = drawnAnswers[serialized];
  delete drawnAnswers[serialized];
  let data: unknown;
  try {
    data = await preload(key, drawn ? () => Promise.resolve(answer) : fetcher);
  } catch {
    return;
  }
  if (isCached(key)) return;
  cache.set(serialized, { data, error: undefined, isValidating: false, isLoading: false });
}

/**
 * Drops the primed calls no hook took over (main.tsx, once the first screen is up): a visitor on a
 * restricted screen's link meets the login form before the barcode's screen mounts, and after
 * logging in that screen must ask afresh, not be handed the answer from before the login.
 */
export function forgetUnusedPrimes(): void {
  const preloaded = SWRGlobalState.get(cache)?.[3];
  for (const key of primed) if (preloaded) delete preloaded[key];
  primed.clear();
}

/** Whether SWR's cache holds the key: primed, or read by a hook (an answer, a failure or a request under way). */
export const isCached = (key: Arguments): boolean => cache.get(serialize(key)[0]) !== undefined;
