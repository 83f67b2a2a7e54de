import { TOAST_DURATION_MS, TOAST_LIMIT } from '../config';
import { createStore } from './store';

export interface Toast {
  id: number;
  kind: 'success' | 'error' | 'info';
  message: string;
}

/** Visible toasts, newest last; at most TOAST_LIMIT at once. */
export const toastStore = createStore<Toast[]>([]);
let nextId = 1;

/** Shows a toast for `durationMs` (default TOAST_DURATION_MS); the oldest is dropped beyond TOAST_LIMIT. */
export function showToast(kind: Toast['kind'], message: string, durationMs = TOAST_DURATION_MS): void {
  const id = nextId++;
  toastStore.set((toasts) => [...toasts, { id, kind, message }].slice(-TOAST_LIMIT));
  setTimeout(() => dismissToast(id), durationMs);
}

export function dismissToast(id: number): void {
  toastStore.set((toasts) => toasts.filter((t) => t.id !== id));
}
