import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '@/shared/ui/error-boundary';
import { useStore } from '@/shared/ui/store';
import { closeMessage, messageStore } from '@/shared/ui/message-dialog';
import { updateStore } from '@/shared/ui/update-events';
import { toastStore } from '@/shared/ui/toasts';
import type { MessageDialogProps } from './message-dialog';
import { lazyWithStyles } from '@/shared/ui/styles';

/*
 * Dialogs and toasts are not part of the first load (its budget), but what a failure needs must
 * not be fetched at the moment of the failure: offline that fetch fails too and the screen went
 * white. So their code is fetched as soon as a screen is up (preloadFailureUi), and should it
 * still be missing, a plain fallback without Mantine says the same thing.
 */
const loadMessageDialog = () => import('./message-dialog');
const loadToasts = () => import('./toasts');
const MessageDialog = lazyWithStyles(() => loadMessageDialog().then((m) => ({ default: m.MessageDialog })));
const UpdateDialog = lazyWithStyles(() => import('./update-dialog').then((m) => ({ default: m.UpdateDialog })));
const Toasts = lazyWithStyles(() => loadToasts().then((m) => ({ default: m.Toasts })));

/** Fetches the message dialog's and the toasts' code now (a screen is up), so a failure later finds it loaded. */
export function preloadFailureUi(): void {
  void loadMessageDialog().catch(() => undefined);
  void loadToasts().catch(() => undefined);
}

/**
 * What a message or toast says, as plain HTML: shown when its component's code could not load
 * (offline before it was ever fetched). OK closes the message; toasts go by themselves.
 */
function PlainNotice({ text, onOk }: { text: string; onOk?: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      style={{
        position: 'fixed',
        left: 8,
        right: 8,
        bottom: 8,
        zIndex: 600,
        background: '#fff',
        border: '1px solid',
        padding: 12,
      }}
    >
      <p style={{ whiteSpace: 'pre-line' }}>{text}</p>
      {onOk && (
        <button type="button" onClick={onOk}>
          {t('common.ok')}
        </button>
      )}
    </div>
  );
}

export function LazyMessageDialog(props: MessageDialogProps) {
  const message = useStore(messageStore);
  return message ? (
    <ErrorBoundary
      fallback={() => (
        <PlainNotice text={[message.title, message.body].filter(Boolean).join('\n')} onOk={closeMessage} />
      )}
    >
      <Suspense fallback={null}>
        <MessageDialog {...props} />
      </Suspense>
    </ErrorBoundary>
  ) : null;
}

export function LazyUpdateDialog() {
  const update = useStore(updateStore);
  return update ? (
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>
        <UpdateDialog />
      </Suspense>
    </ErrorBoundary>
  ) : null;
}

export function LazyToasts() {
  const toasts = useStore(toastStore);
  return toasts.length > 0 ? (
    <ErrorBoundary fallback={() => <PlainNotice text={toasts.map((toast) => toast.message).join('\n')} />}>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </ErrorBoundary>
  ) : null;
}
