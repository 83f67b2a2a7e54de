import { lazy, Suspense } from 'react';
import { useStore } from '@/shared/ui/store';
import { messageStore } from '@/shared/ui/message-dialog';
import { updateStore } from '@/shared/ui/update-events';
import { toastStore } from '@/shared/ui/toasts';
import type { MessageDialogProps } from './message-dialog';

// Dialogs and toasts are code the first screen rarely needs: each loads the first time it opens.
const MessageDialog = lazy(() => import('./message-dialog').then((m) => ({ default: m.MessageDialog })));
const UpdateDialog = lazy(() => import('./update-dialog').then((m) => ({ default: m.UpdateDialog })));
const Toasts = lazy(() => import('./toasts').then((m) => ({ default: m.Toasts })));

export function LazyMessageDialog(props: MessageDialogProps) {
  const message = useStore(messageStore);
  return message ? <Suspense fallback={null}><MessageDialog {...props} /></Suspense> : null;
}

export function LazyUpdateDialog() {
  const update = useStore(updateStore);
  return update ? <Suspense fallback={null}><UpdateDialog /></Suspense> : null;
}

export function LazyToasts() {
  const toasts = useStore(toastStore);
  return toasts.length > 0 ? <Suspense fallback={null}><Toasts /></Suspense> : null;
}
