import { useEffect, useRef } from 'react';
import { Alert, Button, Center, Loader, Paper, Stack, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@schemas/languages';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { formatDateTime, trackPointName } from '@/shared/barcode/labels';
import { PageTitle } from '@/shared/barcode/page-title';
import { useErrorText } from '@/shared/i18n/error-message';
import { hasGhgFields } from '@/shared/project/ghg';
import { useCurrentProject } from '@/shared/project/use-project';
import { useGhgEmissions } from '../api/ghg-emissions';
import { useHistory } from '../api/history';
import { LedgerPanel } from './ledger-panel';

const KNOWN_ACTIONS = [
  'generated',
  'activated',
  'tracked',
  'tracking-undone',
  'recycled',
  'activation-edited',
  'tracking-edited',
  'paired',
  'unpaired',
  'linked',
  'unlinked',
  'moved-with-parent',
  'moved-back-with-parent',
  'stocked-in',
  'stocked-out',
] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];
const isKnown = (action: string): action is KnownAction => (KNOWN_ACTIONS as readonly string[]).includes(action);

/** kg-CO2e of each step that stored an emission, by its history seq. */
function emissionsBySeq(legs: readonly { seq: number; emission: number }[]): Map<number, number> {
  const bySeq = new Map<number, number>();
  for (const leg of legs) bySeq.set(leg.seq, Math.round(((bySeq.get(leg.seq) ?? 0) + leg.emission) * 1000) / 1000);
  return bySeq;
}

/**
 * `.../history` (restricted): every step of the barcode, newest first, with time, staff and
 * trackpoint. Pages of 20 load as the user scrolls to the end (and with a button, for
 * keyboards and screen readers). Above it, the ledger's check of the history (and sealing, for staff).
 */
export function HistoryPage() {
  const { t, i18n } = useTranslation('barcode');
  const errorText = useErrorText();
  const language = i18n.language as Language;
  const project = useCurrentProject();
  const { barcode, detailPath } = useCurrentBarcode();
  const history = useHistory(barcode.id);
  // The emissions of the present trip, by the step they belong to (an edited step's latest).
  const emissions = emissionsBySeq(useGhgEmissions(barcode.id, hasGhgFields(project)).data?.legs ?? []);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, isLoadingMore, loadMore } = history;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isLoadingMore) loadMore();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, isLoadingMore, loadMore]);

  return (
    <Stack gap="md">
      <PageTitle title={t('history.title')} barcode={barcode} detailPath={detailPath} />
      <LedgerPanel barcodeId={barcode.id} />
      {history.isLoading && (
        <Center>
          <Loader />
        </Center>
      )}
      {history.error !== undefined && (
        <Alert color="red" variant="light">
          {errorText(history.error)}{' '}
          <Button variant="subtle" size="xs" onClick={history.retry}>
            {t('common.retry', { ns: 'common' })}
          </Button>
        </Alert>
      )}
      {!history.isLoading && history.items.length === 0 && !history.error && (
        <Text c="dimmed">{t('history.empty')}</Text>
      )}
      {history.items.length > 0 && (
        <Paper withBorder p="md" radius="md">
          <Timeline bulletSize={14} lineWidth={2} data-testid="history-list">
            {history.items.map((entry) => (
              <Timeline.Item
                key={entry.seq}
                data-testid="history-entry"
                title={
                  entry.skipped
                    ? t('history.action.skipped')
                    : isKnown(entry.action)
                      ? t(`history.action.${entry.action}`)
                      : entry.action
                }
              >
                {entry.trackPointKey && (
                  <Text size="sm">{trackPointName(project, barcode.barcodeType, entry.trackPointKey, language)}</Text>
                )}
                {emissions.has(entry.seq) && !entry.undone && (
                  <Text size="sm">{t('emissions.entry', { value: emissions.get(entry.seq) })}</Text>
                )}
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.createdAt)}
                  {entry.staffName ? ` · ${entry.staffName}` : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Paper>
      )}
      <div ref={sentinel} />
      {hasMore && (
        <Button variant="light" loading={isLoadingMore} onClick={loadMore}>
          {t('history.loadMore')}
        </Button>
      )}
      {!hasMore && history.items.length > 0 && (
        <Text size="xs" c="dimmed" ta="center">
          {t('history.end', { total: history.total })}
        </Text>
      )}
    </Stack>
  );
}
