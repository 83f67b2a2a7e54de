import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateError } from '@/shared/i18n/error-message';
import { ScreenLoader } from '@/shared/ui/screen-loader';
import { useConfigHistory, type VersionRef } from '../api/config';
import { DraftPanel } from './draft-panel';
import { HistoryPanel } from './history-panel';

/** `/admin/config`: a project version's configuration: its draft (builder, JSON, preview, test, publish) and its published revisions. */
export function ConfigPage() {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const [typed, setTyped] = useState<{ code: string; version: number | string }>({ code: 'demo', version: 1 });
  const [ref, setRef] = useState<VersionRef | null>(null);
  const history = useConfigHistory(ref);
  const choose = (event: FormEvent) => {
    event.preventDefault();
    const version = Number(typed.version);
    if (typed.code.trim() && Number.isInteger(version) && version > 0) setRef({ code: typed.code.trim(), version });
  };
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          {t('config.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('config.intro')}
        </Text>
      </div>
      <form onSubmit={choose}>
        <Group align="end" gap="xs">
          <TextInput
            label={t('config.code')}
            value={typed.code}
            onChange={(e) => setTyped({ ...typed, code: e.currentTarget.value })}
            w="10rem"
          />
          <NumberInput
            label={t('config.version')}
            value={typed.version}
            min={1}
            onChange={(v) => setTyped({ ...typed, version: v })}
            w="6rem"
          />
          <Button type="submit">{t('config.open')}</Button>
        </Group>
      </form>
      {history.error && (
        <Alert color="red" role="alert">
          {t('config.failed')} {translateError(tCommon, history.error)}
        </Alert>
      )}
      {ref && !history.data && !history.error && <ScreenLoader />}
      {ref && history.data && (
        <>
          <Text fw={700}>
            {t('config.inService', {
              code: history.data.code,
              version: history.data.version,
              revision: history.data.revision,
            })}
          </Text>
          <DraftPanel versionRef={ref} history={history.data} />
          <HistoryPanel versionRef={ref} history={history.data} />
        </>
      )}
    </Stack>
  );
}
