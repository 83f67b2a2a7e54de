import { Button, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAccessCode } from '../api/users';

export interface AccessCodeDialogProps {
  /** The new code and whose it is; null: closed. */
  shown: { name: string; accessCode: string } | null;
  onClose(): void;
}

/** Shows a new access code once (it is stored hashed: nobody can show it again). */
export function AccessCodeDialog({ shown, onClose }: AccessCodeDialogProps) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  return (
    <Modal
      opened={shown !== null}
      onClose={onClose}
      title={t('code.title')}
      centered
      closeButtonProps={{ 'aria-label': tCommon('common.close') }}
    >
      {shown && (
        <Stack>
          <Text>{t('code.message', { name: shown.name })}</Text>
          <Text ff="monospace" fz={28} fw={700} ta="center" data-testid="issued-access-code">
            {formatAccessCode(shown.accessCode)}
          </Text>
          <Button onClick={onClose}>{t('code.done')}</Button>
        </Stack>
      )}
    </Modal>
  );
}
