import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface LogoutConfirmProps {
  onCancel(): void;
  onConfirm(): Promise<void>;
}

/** 'Are you sure to logout' with Cancel and OK. */
export function LogoutConfirm({ onCancel, onConfirm }: LogoutConfirmProps) {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  const confirm = async () => {
    setLeaving(true);
    try {
      await onConfirm();
    } finally {
      setLeaving(false);
      onCancel();
    }
  };
  return (
    <Modal
      opened
      onClose={onCancel}
      title={t('header.logout')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      <Text>{t('header.logoutConfirm')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel} disabled={leaving}>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={confirm} loading={leaving}>
          {t('common.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
