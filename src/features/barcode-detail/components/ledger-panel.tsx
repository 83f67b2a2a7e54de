import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/shared/i18n/error-message';
import { useProfile } from '@/shared/session/use-profile';
import { showToast } from '@/shared/ui/toasts';
import { useSending } from '@/shared/ui/use-sending';
import { sealLedger, useLedgerStatus } from '../api/ledger';

const TITLE_ID = 'ledger-title';

/**
 * The history's ledger check, above the history: 'verified: N entries intact' or the first
 * entry that no longer matches its hash, how far it is sealed, and for staff a button that
 * seals the history up to its latest entry after a confirmation.
 */
export function LedgerPanel({ barcodeId }: { barcodeId: string }) {
  const { t } = useTranslation('barcode');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const status = useLedgerStatus(barcodeId);
  const { data: profile } = useProfile();
  const [confirming, setConfirming] = useState(false);
  const { busy, send } = useSending();
  const ledger = status.data;
  const maySeal =
    profile?.user.userType === 'staff' &&
    ledger !== undefined &&
    ledger.intact &&
    ledger.lastIndex > 0 &&
    (ledger.sealedIndex ?? 0) < ledger.lastIndex;

  const seal = () =>
    send(
      async () => {
        if (!ledger) return;
        const body = { barcodeId, index: ledger.lastIndex };
        await sealLedger.send(body);
        setConfirming(false);
        showToast('success', t('ledger.sealDone'));
        await sealLedger.revalidate(body);
      },
      undefined,
      () => setConfirming(false),
    );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={TITLE_ID}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={TITLE_ID}>
          {t('ledger.title')}
        </Title>
        {status.isLoading && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('ledger.checking')}</Text>
          </Group>
        )}
        {status.error !== undefined && (
          <Alert color="red" variant="light" title={t('ledger.failed')}>
            {errorText(status.error)}{' '}
            <Button variant="subtle" size="xs" onClick={() => void status.mutate()}>
              {tc('common.retry')}
            </Button>
          </Alert>
        )}
        {ledger && ledger.intact && (
          <Group gap="xs" wrap="nowrap" data-testid="ledger-status">
            <IconShieldCheck aria-hidden size={20} color="var(--mantine-color-green-7)" />
            <Text size="sm" fw={500}>
              {ledger.checked === 1
                ? t('ledger.intactOne', { entries: 1 })
                : t('ledger.intactMany', { entries: ledger.checked })}
            </Text>
          </Group>
        )}
        {ledger && !ledger.intact && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} data-testid="ledger-status">
            {t('ledger.broken', { index: ledger.brokenIndex })}
          </Alert>
        )}
        {ledger && (
          <Group gap="xs" wrap="nowrap">
            {ledger.sealedIndex !== null && <IconLock aria-hidden size={16} />}
            <Text size="xs" c="dimmed">
              {ledger.sealedIndex === null ? t('ledger.notSealed') : t('ledger.sealed', { index: ledger.sealedIndex })}
            </Text>
          </Group>
        )}
        {maySeal && (
          <Button variant="light" leftSection={<IconLock size={18} aria-hidden />} onClick={() => setConfirming(true)}>
            {t('ledger.seal')}
          </Button>
        )}
      </Stack>
      <Modal
        opened={confirming && ledger !== undefined}
        onClose={() => setConfirming(false)}
        title={t('ledger.sealTitle')}
        closeButtonProps={{ 'aria-label': tc('common.close') }}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('ledger.sealExplain', { index: ledger?.lastIndex ?? 0 })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {tc('common.cancel')}
            </Button>
            <Button loading={busy} onClick={() => void seal()}>
              {t('ledger.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
