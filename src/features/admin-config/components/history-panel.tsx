import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConfigHistory, Report } from '@schemas/api/admin-config';
import type { Language } from '@schemas/languages';
import { ApiError } from '@/shared/api/errors';
import { translateError } from '@/shared/i18n/error-message';
import type { ProjectConfig } from '@schemas/project-config';
import { diffRevisions, revisionConfig, rollBack, type VersionRef } from '../api/config';
import { changesInWords } from '../model/change-words';
import { ReportView } from './report-view';
import { ConfirmDialog } from './confirm-dialog';
import { ScreenLoader } from '@/shared/ui/screen-loader';

/** The published revisions, newest first: each with its changes in words and a roll back. */
export function HistoryPanel({ versionRef, history }: { versionRef: VersionRef; history: ConfigHistory }) {
  const { t, i18n } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const [diffs, setDiffs] = useState<Record<number, Report>>({});
  // A refused roll back keeps its revision: the report may allow it as a new version instead.
  const [message, setMessage] = useState<{ ok: boolean; text: string; report?: Report; revision?: number } | null>(
    null,
  );
  // A roll back is asked first, with what it will change in words (from the revision in service to it).
  // Its changes are said in the admin's words (fields by label and key), from both revisions' configurations.
  const [asking, setAsking] = useState<{ revision: number; report: Report | null; words?: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const language = i18n.language as Language;
  const ask = async (revision: number) => {
    setAsking({ revision, report: null });
    const [report, before, after] = await Promise.all([
      diffRevisions(versionRef, history.revision, revision, language).catch(() => null),
      revisionConfig(versionRef, history.revision).catch(() => null),
      revisionConfig(versionRef, revision).catch(() => null),
    ]);
    const configs = { before: before as ProjectConfig | null, after: after as ProjectConfig | null };
    const words = report ? changesInWords(report.changes, configs, language, t) : undefined;
    setAsking((a) => (a?.revision === revision ? { revision, report, words } : a));
  };
  const showDiff = async (revision: number) => {
    try {
      const report = await diffRevisions(versionRef, revision - 1, revision, language);
      setDiffs((all) => ({ ...all, [revision]: report }));
    } catch (error) {
      setMessage({ ok: false, text: translateError(tCommon, error) });
    }
  };
  const back = async (revision: number, mode: 'inPlace' | 'newVersion' = 'inPlace') => {
    setBusy(true);
    try {
      const done = await rollBack(versionRef, revision, mode, language);
      setMessage({
        ok: true,
        text: t('config.rolledBack', { code: done.code, version: done.version, revision: done.revision }),
      });
    } catch (error) {
      // Refused (ErrorCode.configChangeRefused): the same changes in words, from the revision in
      // service to the one asked for.
      const report =
        error instanceof ApiError && error.code === '3098'
          ? await diffRevisions(versionRef, history.revision, revision, language).catch(() => undefined)
          : undefined;
      setMessage({ ok: false, text: `${t('config.refused')} ${translateError(tCommon, error)}`, report, revision });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="config-history">
      <Title order={3} size="h4" id="config-history">
        {t('config.history')}
      </Title>
      {message && (
        <Alert color={message.ok ? 'teal' : 'red'} role="status">
          {message.text}
          {message.report && <ReportView report={message.report} empty={t('config.noChanges')} />}
          {message.report?.verdict === 'newVersion' && message.revision !== undefined && (
            <Button size="xs" mt="xs" onClick={() => void back(message.revision!, 'newVersion')}>
              {t('config.rollBackAsNewVersion', { revision: message.revision })}
            </Button>
          )}
        </Alert>
      )}
      <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {history.revisions.map((r) => (
          <Card key={r.revision} withBorder padding="sm" component="li" data-testid="config-revision">
            <Group justify="space-between" gap="xs">
              <Text fw={700}>{t('config.revision', { revision: r.revision })}</Text>
              <Badge variant="light">{t(`config.modes.${r.mode as 'initial'}`)}</Badge>
            </Group>
            <Text size="sm">
              {t('config.by', {
                who: r.publishedBy || '—',
                when: new Date(r.publishedAt).toLocaleString(i18n.language),
              })}
            </Text>
            {r.note && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {r.note}
              </Text>
            )}
            <Group gap="xs" mt="xs">
              {r.revision > 1 && (
                <Button size="xs" variant="default" onClick={() => void showDiff(r.revision)}>
                  {t('config.diffPrevious')}
                </Button>
              )}
              {r.revision !== history.revision && (
                <Button size="xs" variant="light" onClick={() => void ask(r.revision)}>
                  {t('config.rollBack')}
                </Button>
              )}
            </Group>
            {diffs[r.revision] && <ReportView report={diffs[r.revision]!} empty={t('config.noChanges')} />}
          </Card>
        ))}
      </Stack>
      <ConfirmDialog
        opened={asking !== null}
        title={t('config.rollBackTitle')}
        confirm={t('config.rollBackConfirm', { revision: asking?.revision })}
        busy={busy}
        onClose={() => setAsking(null)}
        onConfirm={() => asking && void back(asking.revision)}
      >
        <Text size="sm">
          {t('config.rollBackWhat', { ref: `${versionRef.code}@${versionRef.version}`, revision: asking?.revision })}
        </Text>
        {asking && !asking.report && <ScreenLoader />}
        {asking?.report && <ReportView report={asking.report} words={asking.words} empty={t('config.noChanges')} />}
      </ConfirmDialog>
    </Stack>
  );
}
