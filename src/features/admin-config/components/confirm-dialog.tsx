import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Asks before an action that cannot be taken back (discard, publish in place, roll back): the
 * dialog says in words what the action will do, and the button repeats the action's name.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirm,
  color,
  busy,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirm: string;
  color?: string;
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': tCommon('common.close') }}
    >
      <Stack>
        {children}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('config.cancel')}
          </Button>
          <Button color={color} loading={busy} onClick={onConfirm}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
