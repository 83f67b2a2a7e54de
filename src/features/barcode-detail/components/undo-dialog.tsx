import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface UndoDialogProps {
  opened: boolean;
  /** What undoing takes back ('Take back the step at ... and go back to ...?'). */
  question: string;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}

/** Undo's confirmation: its own chunk with the Modal, fetched when the detail page is up (detail-actions.tsx). */
export function UndoDialog({ opened, question, busy, onCancel, onConfirm }: UndoDialogProps) {
  const { t } = useTranslation('barcode');
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('actions.undo')}
      closeButtonProps={{ 'aria-label': t('common.close', { ns: 'common' }) }}
      centered
    >
      <Text>{question}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel', { ns: 'common' })}
        </Button>
        <Button color="orange" loading={busy} onClick={onConfirm}>
          {t('actions.undo')}
        </Button>
      </Group>
    </Modal>
  );
}
