import { useSyncExternalStore } from 'react';
import { Anchor, Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { offlineCopySince } from '@/shared/api/offline-copy';
import { isWaiting, outboxItems } from '@/shared/api/outbox/outbox-items';
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

/** A link a gloved thumb can hit: at least 44 x 44 px. */
const TARGET_STYLE = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  minWidth: 44,
  paddingInline: 8,
} as const;

/**
 * Under the header on every screen of the project: "Offline" when the browser has no network,
 * how many writes will be sent (waiting or being sent), linking to the outbox; and, apart, in
 * red, how many the server refused, which need the user ("1 refused: open the outbox"). Offline,
 * when the screens show answers the phone kept, since when ("Shown as loaded on ..."). Nothing
 * when online with nothing waiting or refused. Part of the layout (not lazy): it is what the
 * user sees when the network is gone.
 */
export function OutboxBanner({ project }: { project: ProjectInRoute }) {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const items = useStore(outboxItems);
  const copySince = useStore(offlineCopySince);
  const waiting = items.filter(isWaiting).length;
  const refused = items.filter((item) => item.state === 'refused').length;
  if (online && waiting === 0 && refused === 0) return null;
  const outbox = paths.outbox.getHref(project);
  return (
    <Box data-testid="outbox-banner">
      {(!online || waiting > 0) && (
        <Text role="status" data-testid="outbox-waiting" px="md" size="sm" bg={online ? 'blue.0' : 'yellow.1'}>
          {waiting === 0
            ? t('outbox.offline')
            : t(online ? 'outbox.waiting' : 'outbox.offlineWaiting', { count: waiting })}
          {waiting > 0 && (
            <>
              {' · '}
              <Anchor component={Link} to={outbox} size="sm" style={TARGET_STYLE}>
                {t('outbox.open')}
              </Anchor>
            </>
          )}
          {!online && copySince !== null && (
            <Text component="span" display="block" size="xs" pb={4} data-testid="offline-copy">
              {t('outbox.copySince', {
                time: new Date(copySince).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' }),
              })}
            </Text>
          )}
        </Text>
      )}
      {refused > 0 && (
        <Text role="alert" data-testid="outbox-refused" px="md" size="sm" bg="red.0" c="red.9" fw={600}>
          <Anchor component={Link} to={outbox} size="sm" c="red.9" fw={600} underline="always" style={TARGET_STYLE}>
            {t('outbox.refused', { count: refused })}
          </Anchor>
        </Text>
      )}
    </Box>
  );
}
