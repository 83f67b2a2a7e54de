import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isQueued } from '@/shared/api/errors';
import { useErrorText } from '@/shared/i18n/error-message';
import { showMessage } from '@/shared/ui/message-dialog';
import { showToast } from '@/shared/ui/toasts';

/**
 * A button that sends a write: `busy` while `action` runs (the button shows it loading and
 * cannot be pressed twice); when it fails, `onFailure` runs first (e.g. closing a confirmation)
 * and the error is shown in the message dialog in the user's language. A write that got no
 * answer and waits in the outbox is no failure: a toast says it will be sent, and `onQueued`
 * runs (the screen moves on as after success, so the write cannot be queued twice).
 */
export function useSending(): {
  busy: boolean;
  send: (action: () => Promise<void>, onFailure?: () => void, onQueued?: () => void) => Promise<void>;
} {
  const errorText = useErrorText();
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const send = async (action: () => Promise<void>, onFailure?: () => void, onQueued?: () => void) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      if (isQueued(error)) {
        showToast('info', t('queued', { ns: 'errors' }));
        onQueued?.();
        return;
      }
      onFailure?.();
      showMessage({ body: errorText(error) });
    } finally {
      setBusy(false);
    }
  };
  return { busy, send };
}
