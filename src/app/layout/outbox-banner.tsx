import { useSyncExternalStore } from 'react';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { outboxItems } from '@/shared/api/outbox/outbox-items';
import { paths, type ProjectInRoute } from '@/shared/paths';
import { useStore } from '@/shared/ui/store';

const subscribeOnline = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the browser says it has a network (false: surely offline; true: maybe online). */
export const useOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );

/**
 * Under the header on every screen of the project: "Offline" when the browser has no network,
 * and how many writes wait in the outbox, linking to it. Nothing when online with nothing waiting.
 * Part of the layout (not lazy): it is what the user sees when the network is gone.
 */
export function OutboxBanner({ project }: { project: ProjectInRoute }) {
  const { t } = useTranslation();
  const online = useOnline();
  const waiting = useStore(outboxItems).filter((item) => item.state !== 'sent').length;
  if (online && waiting === 0) return null;
  const text =
    waiting === 0 ? t('outbox.offline') : t(online ? 'outbox.waiting' : 'outbox.offlineWaiting', { count: waiting });
  return (
    <Text role="status" data-testid="outbox-banner" px="md" py={6} size="sm" bg={online ? 'blue.0' : 'yellow.1'}>
      {text}
      {waiting > 0 && (
        <>
          {' · '}
          <Anchor component={Link} to={paths.outbox.getHref(project)} size="sm">
            {t('outbox.open')}
          </Anchor>
        </>
      )}
    </Text>
  );
}
