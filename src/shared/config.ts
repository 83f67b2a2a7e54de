/**
 * Build-time settings of the client (docs/operators/environment.md). VITE_API_BASE points the
 * client at any server that honours the API contract; by default it is the same origin's /api.
 */
export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';

/** Device-local storage keys are prefixed with the environment. */
export const STORAGE_PREFIX = `sb-${import.meta.env.MODE}`;

export const API_TIMEOUT_MS = 60_000;
export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 3000;
/** 'Later' on the update dialog postpones the reminder by 15 minutes. */
export const UPDATE_REMINDER_DELAY_MS = 15 * 60 * 1000;
export const LAST_AUTHORIZED_SYSTEM_DAYS = 365;
