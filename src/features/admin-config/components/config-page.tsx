import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateError } from '@/shared/i18n/error-message';
import { ScreenLoader } from '@/shared/ui/screen-loader';
import { useConfigHistory, useFirstProject, type VersionRef } from '../api/config';
import { DraftPanel } from './draft-panel';
import { HistoryPanel } from './history-panel';

/** The project version a link names (`?code=demo&version=1`, the Projects list's links), if any. */
function linked(params: URLSearchParams): VersionRef | null {
  const code = params.get('code')?.trim();
  const version = Number(params.get('version'));
  return code && Number.isInteger(version) && version > 0 ? { code, version } : null;
}

/**
 * `/admin/config`: a project version's configuration: its draft (builder, JSON, preview, test,
 * publish) and its published revisions. Opened on the version a link names, else it offers the
 * first project the admin manages (a project admin may open no other).
 */
export function ConfigPage() {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // One object per version named: the panels below fetch again when it changes.
  const ref = useMemo(() => linked(new URLSearchParams(search)), [search]);
  // What the admin typed; until they type, the version linked to, else the first project they manage.
  const [typing, setTyped] = useState<{ code: string; version: number | string } | null>(null);
  const first = useFirstProject().data?.items[0];
  const typed =
    typing ?? ref ?? (first ? { code: first.code, version: first.latestVersion } : { code: '', version: 1 });
  const history = useConfigHistory(ref);
  // Once the admin is in a field, what it shows is theirs: a suggestion arriving later would
  // land in the middle of their typing.
  const hold = () => setTyped((now) => now ?? typed);
  const choose = (event: FormEvent) => {
    event.preventDefault();
    const version = Number(typed.version);
    if (typed.code.trim() && Number.isInteger(version) && version > 0)
      setParams({ code: typed.code.trim(), version: String(version) });
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
            onFocus={hold}
            onChange={(e) => setTyped({ ...typed, code: e.currentTarget.value })}
            w="10rem"
          />
          <NumberInput
            label={t('config.version')}
            value={typed.version}
            min={1}
            onFocus={hold}
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
