import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '@/shared/ui/error-boundary';
import { useStore } from '@/shared/ui/store';
import { closeMessage, messageStore } from '@/shared/ui/message-dialog';
import { updateStore } from '@/shared/ui/update-events';
import { dismissToast, toastStore } from '@/shared/ui/toasts';
import type { MessageDialogProps } from './message-dialog';

/*
 * Dialogs and toasts are not part of the first load (its budget), but what a failure needs must
 * not be fetched at the moment of the failure: offline that fetch fails too and the screen went
 * white (issue 20). So their code is fetched as soon as a screen is up (preloadFailureUi), and
 * should it still be missing, a plain fallback without Mantine says the same thing.
 */
const loadMessageDialog = () => import('./message-dialog');
const loadToasts = () => import('./toasts');
const MessageDialog = lazy(() => loadMessageDialog().then((m) => ({ default: m.MessageDialog })));
const UpdateDialog = lazy(() => import('./update-dialog').then((m) => ({ default: m.UpdateDialog })));
const Toasts = lazy(() => loadToasts().then((m) => ({ default: m.Toasts })));

/** Fetches the message dialog's and the toasts' code now (a screen is up), so a failure later finds it loaded. */
export function preloadFailureUi(): void {
  void loadMessageDialog().catch(() => undefined);
  void loadToasts().catch(() => undefined);
}

/** The message as plain HTML: its code could not load (offline before it was ever fetched). */
function PlainMessage() {
  const { t } = useTranslation();
  const message = useStore(messageStore);
  if (!message) return null;
  return (
    <div role="alertdialog" aria-label={message.title ?? message.body} style={{ position: 'fixed', inset: 'auto 8px 8px 8px', zIndex: 600, background: 'white', border: '1px solid #555', borderRadius: 8, padding: 16 }}>
      {message.title && <p style={{ fontWeight: 700, margin: '0 0 8px' }}>{message.title}</p>}
      <p style={{ whiteSpace: 'pre-line', margin: '0 0 12px' }} data-testid="message-dialog-body">{message.body}</p>
      <button type="button" onClick={closeMessage}>{t('common.ok')}</button>
    </div>
  );
}

/** The toasts as plain text (same reason as PlainMessage). */
function PlainToasts() {
  const toasts = useStore(toastStore);
  return (
    <div role="status" aria-live="polite" style={{ position: 'fixed', top: 8, left: 8, right: 8, zIndex: 500 }}>
      {toasts.map((toast) => (
        <p key={toast.id} style={{ background: 'white', border: '1px solid #555', borderRadius: 8, padding: 8, margin: '0 0 4px' }} onClick={() => dismissToast(toast.id)}>{toast.message}</p>
      ))}
    </div>
  );
}

export function LazyMessageDialog(props: MessageDialogProps) {
  const message = useStore(messageStore);
  return message ? <ErrorBoundary fallback={() => <PlainMessage />}><Suspense fallback={null}><MessageDialog {...props} /></Suspense></ErrorBoundary> : null;
}

export function LazyUpdateDialog() {
  const update = useStore(updateStore);
  return update ? <ErrorBoundary fallback={() => null}><Suspense fallback={null}><UpdateDialog /></Suspense></ErrorBoundary> : null;
}

export function LazyToasts() {
  const toasts = useStore(toastStore);
  return toasts.length > 0 ? <ErrorBoundary fallback={() => <PlainToasts />}><Suspense fallback={null}><Toasts /></Suspense></ErrorBoundary> : null;
}
