import { useContext, useState } from 'react';
import { Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { Project } from '@schemas/api/project';
import type { Language } from '@schemas/languages';
import { useTranslation } from 'react-i18next';
import { api, type OutboxItem } from '@/shared/api';
import { appOutbox } from '@/shared/api/outbox/app-outbox';
import { outboxItems } from '@/shared/api/outbox/outbox-items';
import { refusalError } from '@/shared/api/outbox/outbox-refusal';
import { barcodeOfWrite, trackPointOfWrite } from '@/shared/api/outbox/write-subject';
import { ProjectContext } from '@/shared/project/use-project';
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

/** Big enough for a gloved thumb. */
const TARGET = 44;

/** A trackpoint's name in the user's language, from whichever barcode type has it. */
function trackPointLabel(project: Project | null, key: string, language: Language): string {
  for (const type of Object.values(project?.barcodeTypes ?? {})) {
    const point = type.trackPoints.find((p) => p.key === key);
    if (point) return point.name[language] ?? key;
  }
  return key;
}

function OutboxRow({ item, onDiscard }: { item: OutboxItem; onDiscard(): void }) {
  const { t, i18n } = useTranslation('barcode');
  const project = useContext(ProjectContext);
  const action = ACTIONS[`${item.url.split('/').pop()} ${item.method}`] ?? 'outbox.action_other';
  const barcode = barcodeOfWrite(item);
  const trackPoint = trackPointOfWrite(item);
  const refused = item.state === 'refused';
  return (
    <Card
      withBorder
      component="li"
      data-testid="outbox-item"
      data-state={item.state}
      style={refused ? { borderColor: 'var(--mantine-color-red-7)', borderWidth: 2 } : undefined}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600}>
          {trackPoint
            ? t('actions.trackAt', { trackPoint: trackPointLabel(project, trackPoint, i18n.language as Language) })
            : t(action as 'outbox.action_other')}
        </Text>
        <Badge color={STATE_COLORS[item.state]} variant={refused ? 'filled' : 'light'}>
          {t(`outbox.state_${item.state}`)}
        </Badge>
      </Group>
      {barcode && <Text size="sm">{t('outbox.barcode', { id: barcode })}</Text>}
      <Text size="sm" c="dimmed">
        {t('outbox.madeAt', { time: new Date(item.madeAt).toLocaleString(i18n.language) })}
      </Text>
      {item.refusal && (
        <Text size="sm" c="red.9" data-testid="outbox-refusal" style={{ whiteSpace: 'pre-line' }}>
          {t('outbox.refusedBecause', {
            reason: translateError(i18n.t, refusalError(item.refusal), (path) => listedBarcodeOf(item.data, path)),
          })}
        </Text>
      )}
      {(refused || item.state === 'queued') && (
        <Group mt="xs" gap="xs">
          {refused && (
            <Button mih={TARGET} miw={TARGET} onClick={() => void appOutbox(api).retry(item.seq)}>
              {t('outbox.retry')}
            </Button>
          )}
          <Button mih={TARGET} miw={TARGET} variant="outline" color="red" onClick={onDiscard}>
            {t('outbox.discard')}
          </Button>
        </Group>
      )}
    </Card>
  );
}

/**
 * The barcode a list's refusal names by its place in the list sent (`barcodeIds.3`,
 * `childrenIds.0`): each refused barcode of a list is said with its id and its own reason.
 */
export function listedBarcodeOf(data: unknown, path: string): string | undefined {
  const match = /^(\w+)\.(\d+)$/.exec(path);
  const list = match && data && typeof data === 'object' ? (data as Record<string, unknown>)[match[1]!] : undefined;
  const id = Array.isArray(list) ? list[Number(match![2])] : undefined;
  return typeof id === 'string' ? id : undefined;
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
      <Button mih={TARGET} variant="light" onClick={() => void appOutbox(api).flush()}>
        {t('outbox.sendNow')}
      </Button>
      {items.length === 0 && <Text>{t('outbox.empty')}</Text>}
      <Stack component="ul" gap="xs" p={0} style={{ listStyle: 'none' }} data-testid="outbox-list">
        {items.map((item) => (
          <OutboxRow key={item.seq} item={item} onDiscard={() => setDiscarding(item.seq)} />
        ))}
      </Stack>
      <Modal
        opened={discarding !== null}
        onClose={() => setDiscarding(null)}
        title={t('outbox.discardTitle')}
        closeButtonProps={{ 'aria-label': t('common.close', { ns: 'common' }), miw: TARGET, mih: TARGET }}
        centered
      >
        <Text>{t('outbox.discardConfirm')}</Text>
        <Group justify="flex-end" mt="md">
          <Button mih={TARGET} miw={TARGET} variant="default" onClick={() => setDiscarding(null)}>
            {t('common.cancel', { ns: 'common' })}
          </Button>
          <Button
            mih={TARGET}
            miw={TARGET}
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
