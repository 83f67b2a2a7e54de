import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/errors';
import { api, type OutboxItem } from '@/shared/api';
import { appOutbox } from '@/shared/api/outbox/app-outbox';
import { outboxItems } from '@/shared/api/outbox/outbox-items';
import { translateError } from '@/shared/i18n/error-message';
import { ScreenLoader } from '@/shared/ui/screen-loader';
import { useStore } from '@/shared/ui/store';

/** The user's word for a write: by its path's last part and its method ('action_other' for any other). */
const ACTIONS: Record<string, string> = {
  'activation post': 'outbox.action_activation_post',
  'activation put': 'outbox.action_activation_put',
  'tracking post': 'outbox.action_tracking_post',
  'tracking put': 'outbox.action_tracking_put',
  'undo-tracking post': 'outbox.action_undo-tracking_post',
  'pairing post': 'outbox.action_pairing_post',
  'unpairing post': 'outbox.action_unpairing_post',
  'linking post': 'outbox.action_linking_post',
  'be-linked post': 'outbox.action_be-linked_post',
  'undo-linking post': 'outbox.action_undo-linking_post',
  'recycle post': 'outbox.action_recycle_post',
  'file delete': 'outbox.action_file_delete',
  'file post': 'outbox.action_file_post',
};

const STATE_COLORS = { queued: 'gray', sending: 'blue', sent: 'teal', refused: 'red' } as const;

/** The barcode a write is about, when its body (or an upload's form) names one. */
function barcodeOf(item: OutboxItem): string | undefined {
  const data = item.data as { barcodeId?: unknown; parentId?: unknown } | null;
  const id = data?.barcodeId ?? data?.parentId ?? item.form?.find((entry) => entry.name === 'barcodeId')?.value;
  return typeof id === 'string' ? id : undefined;
}

function OutboxRow({ item, onDiscard }: { item: OutboxItem; onDiscard(): void }) {
  const { t, i18n } = useTranslation('barcode');
  const action = ACTIONS[`${item.url.split('/').pop()} ${item.method}`] ?? 'outbox.action_other';
  const barcode = barcodeOf(item);
  return (
    <Card withBorder component="li" data-testid="outbox-item" data-state={item.state}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600}>{t(action as 'outbox.action_other')}</Text>
        <Badge color={STATE_COLORS[item.state]} variant="light">
          {t(`outbox.state_${item.state}`)}
        </Badge>
      </Group>
      {barcode && <Text size="sm">{t('outbox.barcode', { id: barcode })}</Text>}
      <Text size="sm" c="dimmed">
        {t('outbox.madeAt', { time: new Date(item.madeAt).toLocaleString(i18n.language) })}
      </Text>
      {item.refusal && (
        <Text size="sm" c="red.9" data-testid="outbox-refusal">
          {t('outbox.refusedBecause', {
            reason: translateError(i18n.t, new ApiError(item.refusal.code, 400, item.refusal.fields)),
          })}
        </Text>
      )}
      {item.state === 'refused' && (
        <Group mt="xs" gap="xs">
          <Button size="xs" onClick={() => void appOutbox(api).retry(item.seq)}>
            {t('outbox.retry')}
          </Button>
          <Button size="xs" variant="outline" color="red" onClick={onDiscard}>
            {t('outbox.discard')}
          </Button>
        </Group>
      )}
      {item.state === 'queued' && (
        <Group mt="xs" gap="xs">
          <Button size="xs" variant="outline" color="red" onClick={onDiscard}>
            {t('outbox.discard')}
          </Button>
        </Group>
      )}
    </Card>
  );
}

/**
 * The outbox: every write made without a connection, oldest first, with its barcode, action,
 * time and state (queued, sending, sent, refused with the server's reason in the user's
 * language). A refused or queued write can be discarded (asked first); a refused one retried.
 */
export function OutboxPage() {
  // Its strings are in the barcode namespace (not in the first load); drawn once they are there.
  const { t, ready } = useTranslation('barcode');
  const items = useStore(outboxItems);
  const [discarding, setDiscarding] = useState<number | null>(null);
  if (!ready) return <ScreenLoader />;
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('outbox.title')}
      </Title>
      <Text size="sm">{t('outbox.intro')}</Text>
      <Button variant="light" onClick={() => void appOutbox(api).flush()}>
        {t('outbox.sendNow')}
      </Button>
      {items.length === 0 && <Text>{t('outbox.empty')}</Text>}
      <Stack component="ul" gap="xs" p={0} style={{ listStyle: 'none' }} data-testid="outbox-list">
        {items.map((item) => (
          <OutboxRow key={item.seq} item={item} onDiscard={() => setDiscarding(item.seq)} />
        ))}
      </Stack>
      <Modal opened={discarding !== null} onClose={() => setDiscarding(null)} title={t('outbox.discardTitle')} centered>
        <Text>{t('outbox.discardConfirm')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDiscarding(null)}>
            {t('common.cancel', { ns: 'common' })}
          </Button>
          <Button
            color="red"
            onClick={() => {
              if (discarding !== null) void appOutbox(api).discard(discarding);
              setDiscarding(null);
            }}
          >
            {t('outbox.discard')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
