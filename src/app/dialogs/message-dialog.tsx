import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { closeMessage, messageStore } from '@/shared/ui/message-dialog';
import { useStore } from '@/shared/ui/store';

export interface MessageDialogProps {
  /** Show the Login button: the user is logged out and not on home or an html page. */
  offerLogin: boolean;
  homePath: string | null;
}

/** The global message dialog, with OK and, for logged-out users away from home, Login. */
export function MessageDialog({ offerLogin, homePath }: MessageDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const message = useStore(messageStore);
  return (
    <Modal.Root opened={message !== null} onClose={closeMessage} centered>
      <Modal.Overlay />
      {/* A dialog needs a name: its title, or for a message without one, the message itself. */}
      <Modal.Content aria-label={message?.title ?? message?.body}>
        <Modal.Header>
          {message?.title && <Modal.Title>{message.title}</Modal.Title>}
          <Modal.CloseButton aria-label={t('common.close')} />
        </Modal.Header>
        <Modal.Body>
          <Text style={{ whiteSpace: 'pre-line' }} data-testid="message-dialog-body">
            {message?.body}
          </Text>
          <Group justify="flex-end" mt="md">
            {offerLogin && homePath && (
              <Button
                variant="default"
                onClick={() => {
                  closeMessage();
                  navigate(homePath);
                }}
              >
                {t('common.login')}
              </Button>
            )}
            <Button onClick={closeMessage}>{t('common.ok')}</Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
