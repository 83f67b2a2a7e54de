import { useEffect } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';

export interface UnsavedChangesGuardProps {
  dirty: boolean;
  /** Moves between pages under this path (the steps of one flow) are not leaving. */
  allowPrefix?: string;
  /** The user chose to leave: forget the draft. */
  onLeave?(): void;
}

/**
 * While `dirty`, leaving the screen asks 'There are unsaved change. Do you want to leave?'
 * (spec section 5): in-app navigation through a dialog, closing or reloading the tab through
 * the browser's own prompt. Navigations that the screen itself makes after saving pass
 * (`dirty` is false by then).
 */
export function UnsavedChangesGuard({ dirty, allowPrefix, onLeave }: UnsavedChangesGuardProps) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname
    && !(allowPrefix && nextLocation.pathname.startsWith(allowPrefix)));

  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const open = blocker.state === 'blocked';
  return (
    <Modal opened={open} onClose={() => blocker.reset?.()} withCloseButton={false} centered title={t('unsaved.title')}>
      <Text>{t('unsaved.message')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()}>{t('unsaved.stay')}</Button>
        <Button color="red" onClick={() => { onLeave?.(); blocker.proceed?.(); }}>{t('unsaved.leave')}</Button>
      </Group>
    </Modal>
  );
}
