import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** In place of a screen whose code could not load (offline): says so, with a button that tries again. */
export function ScreenLoadFailed({ onRetry, failed = false }: { onRetry(): void | Promise<void>; failed?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" py="xl" data-testid="screen-load-failed">
      <Text role="alert" ta="center">
        {t(failed ? 'outbox.screenFailed' : 'outbox.screenOffline')}
      </Text>
      <Button onClick={() => void onRetry()}>{t('outbox.tryAgain')}</Button>
    </Stack>
  );
}
