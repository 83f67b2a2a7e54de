import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { api } from '@/shared/api';
import { appOutbox } from '@/shared/api/outbox/app-outbox';
import { isWaiting, outboxItems } from '@/shared/api/outbox/outbox-items';
import { countKeptLists, discardKeptLists } from '@/shared/scan-list/kept-lists';
import { useProfile } from '@/shared/session/use-profile';
import { useStore } from '@/shared/ui/store';

export interface LogoutConfirmProps {
  onCancel(): void;
  onConfirm(): Promise<void>;
}

/** Big enough for a gloved thumb. */
const TARGET = 44;

/**
 * 'Are you sure to logout' with Cancel and OK. With writes of this user still in the outbox
 * (waiting or refused), or scan lists they started and did not send, it says so and asks: keep
 * them on the phone for when this user logs in again (the usual choice), or discard them. Either
 * way the next user neither sees nor sends them (docs/staff/offline.md, "Logging out").
 */
export function LogoutConfirm({ onCancel, onConfirm }: LogoutConfirmProps) {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState<'keep' | 'discard' | null>(null);
  const unsent = useStore(outboxItems).filter((item) => isWaiting(item) || item.state === 'refused').length;
  const userId = useProfile().data?.user.id ?? null;
  const [lists, setLists] = useState(0);
  useEffect(() => {
    let open = true;
    if (userId) void countKeptLists(userId).then((count) => open && setLists(count));
    return () => {
      open = false;
    };
  }, [userId]);
  const kept = unsent + lists;
  const confirm = async (queued: 'keep' | 'discard') => {
    setLeaving(queued);
    try {
      if (queued === 'discard') {
        await appOutbox(api).discardWaiting();
        if (userId) await discardKeptLists(userId);
      }
      await onConfirm();
    } finally {
      setLeaving(null);
      onCancel();
    }
  };
  return (
    <Modal
      opened
      onClose={onCancel}
      title={t('header.logout')}
      closeButtonProps={{ 'aria-label': t('common.close'), miw: TARGET, mih: TARGET }}
      centered
    >
      <Text>{t('header.logoutConfirm')}</Text>
      {unsent > 0 && (
        <Text mt="sm" data-testid="logout-unsent">
          {t('header.logoutUnsent', { count: unsent })}
        </Text>
      )}
      {lists > 0 && (
        <Text mt="sm" data-testid="logout-lists">
          {t('header.logoutLists', { count: lists })}
        </Text>
      )}
      {kept > 0 ? (
        <Stack mt="md" gap="xs">
          <Button mih={TARGET} onClick={() => void confirm('keep')} loading={leaving === 'keep'} disabled={!!leaving}>
            {t('header.logoutKeep')}
          </Button>
          <Button
            mih={TARGET}
            color="red"
            variant="outline"
            onClick={() => void confirm('discard')}
            loading={leaving === 'discard'}
            disabled={!!leaving}
          >
            {t('header.logoutDiscard', { count: kept })}
          </Button>
          <Button mih={TARGET} variant="default" onClick={onCancel} disabled={!!leaving}>
            {t('common.cancel')}
          </Button>
        </Stack>
      ) : (
        <Group justify="flex-end" mt="md">
          <Button mih={TARGET} miw={TARGET} variant="default" onClick={onCancel} disabled={!!leaving}>
            {t('common.cancel')}
          </Button>
          <Button mih={TARGET} miw={TARGET} color="red" onClick={() => void confirm('keep')} loading={!!leaving}>
            {t('common.ok')}
          </Button>
        </Group>
      )}
    </Modal>
  );
}
