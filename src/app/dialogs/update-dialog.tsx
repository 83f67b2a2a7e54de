import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStore } from '@/shared/ui/store';
import { postponeUpdate, updateStore } from '@/shared/ui/update-events';
import { applyUpdate } from '@/shared/pwa/apply-update';

/**
 * 'New version found': Update lets the new service worker take over and reloads; Later asks
 * again after UPDATE_REMINDER_DELAY_MS. A forced upgrade has neither Later nor a close control,
 * and cannot be dismissed.
 */
export function UpdateDialog() {
  const { t } = useTranslation();
  const update = useStore(updateStore);
  const forced = update?.forced ?? false;
  return (
    <Modal
      opened={update !== null}
      onClose={() => !forced && postponeUpdate()}
      title={t('update.title')}
      withCloseButton={!forced}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      closeOnClickOutside={!forced}
      closeOnEscape={!forced}
      centered
      zIndex={400}
    >
      <Text>{forced ? t('update.forced') : t('update.message')}</Text>
      <Group justify="flex-end" mt="md">
        {!forced && (
          <Button variant="default" onClick={() => postponeUpdate()}>
            {t('update.later')}
          </Button>
        )}
        <Button onClick={() => void applyUpdate()}>{t('update.update')}</Button>
      </Group>
    </Modal>
  );
}
