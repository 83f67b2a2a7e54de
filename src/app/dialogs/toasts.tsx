import { Notification, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStore } from '@/shared/ui/store';
import { dismissToast, toastStore } from '@/shared/ui/toasts';

const COLORS = { success: 'teal', error: 'red', info: 'blue' } as const;

/**
 * The toasts at the bottom of the screen (at most TOAST_LIMIT, each gone after its duration): never
 * over the header, the offline line under it or a screen's first action, which sit at the top.
 * Their close button is a 44 px target.
 */
export function Toasts() {
  const { t } = useTranslation();
  const toasts = useStore(toastStore);
  if (toasts.length === 0) return null;
  return (
    <Stack
      gap="xs"
      pos="fixed"
      bottom="calc(8px + env(safe-area-inset-bottom, 0px))"
      left={8}
      right={8}
      style={{ zIndex: 500, pointerEvents: 'none' }}
      role="status"
      aria-live="polite"
    >
      {toasts.map((toast) => (
        <Notification
          key={toast.id}
          color={COLORS[toast.kind]}
          onClose={() => dismissToast(toast.id)}
          closeButtonProps={{ 'aria-label': t('common.close') }}
          styles={{ closeButton: { minWidth: 44, minHeight: 44 } }}
          withBorder
          style={{ pointerEvents: 'auto' }}
        >
          {toast.message}
        </Notification>
      ))}
    </Stack>
  );
}
