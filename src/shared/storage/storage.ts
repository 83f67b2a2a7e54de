import { STORAGE_PREFIX } from '../config';

/** What the app keeps on the device; each key is stored as `${STORAGE_PREFIX}:${key}`. */
export type StorageKey =
  | 'visitorId'
  | 'updateRemindAt'
  | 'loadRateAuto'
  | 'currentCameraId'
  | 'multipleScan'
  | 'lastSymbology'
  | 'scannerConfigExpanded'
  | 'aimerTarget'
  | 'scanBeep'
  | 'scanVibrate'
  | 'scanFlash'
  | 'scanFeedbackExpanded'
  | 'wedgeGroupSeparator';

const fullKey = (key: StorageKey) => `${STORAGE_PREFIX}:${key}`;

/** Reads a value; storage that is unavailable (private mode, quota) reads as empty. */
export function readStored(key: StorageKey): string | null {
  try {
    return localStorage.getItem(fullKey(key));
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(fullKey(key));
    else localStorage.setItem(fullKey(key), value);
  } catch {
    // Storage full or blocked: the value lives for this page only, which is the best we can do.
  }
}

/** This device's visitorId: generated once, then kept (tokens are bound to it). */
export function visitorId(): string {
  let id = readStored('visitorId');
  if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
    id = crypto.randomUUID();
    writeStored('visitorId', id);
  }
  return id;
}

/** Reads a cookie by name (document.cookie). */
export function readCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

export function writeCookie(name: string, value: string, days: number): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${days * 86400}; samesite=lax`;
}

export function removeCookie(name: string): void {
  document.cookie = `${name}=; path=/; max-age=0; samesite=lax`;
}

/**
 * Drafts of this tab's forms (sessionStorage, environment-prefixed): they survive a reload but
 * not the tab, so a shared phone does not keep one user's package data for the next.
 */
export function readSession<T>(key: string): T | null {
  try {
    const text = sessionStorage.getItem(`${STORAGE_PREFIX}:${key}`);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(`${STORAGE_PREFIX}:${key}`, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the draft lives in memory only.
  }
}

export function removeSession(key: string): void {
  try {
    sessionStorage.removeItem(`${STORAGE_PREFIX}:${key}`);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

const tabDataListeners = new Set<() => void>();

/**
 * Forgets what this tab kept for the user (form drafts, scans) when they log out, so a shared
 * phone's next user starts clean; modules holding such data in memory are told too.
 */
export function clearTabData(): void {
  try {
    for (const key of Object.keys(sessionStorage))
      if (key.startsWith(`${STORAGE_PREFIX}:`)) sessionStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was kept there.
  }
  tabDataListeners.forEach((listener) => listener());
}

export function onTabDataCleared(listener: () => void): () => void {
  tabDataListeners.add(listener);
  return () => tabDataListeners.delete(listener);
}
