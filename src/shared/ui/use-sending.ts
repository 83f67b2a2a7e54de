import { useState } from 'react';
import { useErrorText } from '@/shared/i18n/error-message';
import { showMessage } from '@/shared/ui/message-dialog';

/**
 * A button that sends a write: `busy` while `action` runs (the button shows it loading and
 * cannot be pressed twice); when it fails, `onFailure` runs first (e.g. closing a confirmation)
 * and the error is shown in the message dialog in the user's language.
 */
export function useSending(): { busy: boolean; send: (action: () => Promise<void>, onFailure?: () => void) => Promise<void> } {
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const send = async (action: () => Promise<void>, onFailure?: () => void) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      onFailure?.();
      showMessage({ body: errorText(error) });
    } finally {
      setBusy(false);
    }
  };
  return { busy, send };
}
