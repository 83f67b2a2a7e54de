import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Barcode, RecycleAnswer } from '@schemas/api/barcode';
import type { Project } from '@schemas/api/project';
import type { Language } from '@schemas/languages';
import { isQueued } from '@/shared/api/errors';
import { trackPointName } from '@/shared/barcode/labels';
import { useErrorText } from '@/shared/i18n/error-message';
import { showToast } from '@/shared/ui/toasts';
import { planRecycle, recycleBarcode } from '../api/changes';

interface RecycleDialogProps {
  project: Project;
  barcode: Barcode;
  onClose(): void;
}

/**
 * Recycle: first a dry run that tells the user what will happen (or why the server refuses: in
 * use, paired, sealed), then the real call once they confirm.
 */
export function RecycleDialog({ project, barcode, onClose }: RecycleDialogProps) {
  const { t, i18n } = useTranslation('barcode');
  const errorText = useErrorText();
  const language = i18n.language as Language;
  const [plan, setPlan] = useState<RecycleAnswer | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    planRecycle(barcode.id).then(
      (answer) => alive && setPlan(answer),
      (failure: unknown) => alive && setError(failure),
    );
    return () => {
      alive = false;
    };
  }, [barcode.id]);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await recycleBarcode.send(barcode.id);
      showToast('success', t('recycle.done'));
      onClose();
      await recycleBarcode.revalidate(barcode.id);
    } catch (failure) {
      if (isQueued(failure)) {
        // Waiting in the outbox: no failure, and the dialog closes so it cannot be sent twice.
        showToast('info', t('queued', { ns: 'errors' }));
        onClose();
        return;
      }
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const typeName = plan?.barcodeType
    ? (project.barcodeTypes[plan.barcodeType]?.name[language] ?? plan.barcodeType)
    : '';
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('recycle.title')}
      closeButtonProps={{ 'aria-label': t('common.close', { ns: 'common' }) }}
      centered
    >
      <Stack gap="sm">
        {!plan && !error && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('recycle.checking')}</Text>
          </Group>
        )}
        {plan && (
          <Stack gap={4} data-testid="recycle-plan">
            <Text>{t('recycle.explain')}</Text>
            <Text size="sm">
              {t('recycle.current', {
                type: typeName,
                trackPoint: trackPointName(project, plan.barcodeType, plan.currentTrackPointKey, language),
              })}
            </Text>
            <Text size="sm">{t('recycle.kept', { steps: plan.historySteps })}</Text>
          </Stack>
        )}
        {error !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorText(error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel', { ns: 'common' })}
          </Button>
          <Button color="red" disabled={!plan} loading={busy} onClick={() => void confirm()}>
            {t('recycle.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
