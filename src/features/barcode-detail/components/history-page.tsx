import { Fragment, useEffect, useMemo, useRef } from 'react';
import { Alert, Anchor, Button, Center, Loader, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { HistoryEntry } from '@schemas/api/barcode';
import type { Location } from '@schemas/api/location';
import type { Project } from '@schemas/api/project';
import type { Language } from '@schemas/languages';
import { compileForm, shownValue } from '@renderer';
import { outboxItems } from '@/shared/api/outbox/outbox-items';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { formatDateTime, trackPointName } from '@/shared/barcode/labels';
import { PageTitle } from '@/shared/barcode/page-title';
import { useErrorText } from '@/shared/i18n/error-message';
import { paths } from '@/shared/paths';
import { hasGhgFields } from '@/shared/project/ghg';
import { useCurrentProject } from '@/shared/project/use-project';
import { useStore } from '@/shared/ui/store';
import { useGhgEmissions } from '../api/ghg-emissions';
import { useHistory } from '../api/history';
import { pendingSteps } from '../model/pending-steps';
import { LedgerPanel } from './ledger-panel';
import { PendingSteps } from './pending-steps';

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
  'held',
  'released',
] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];
const isKnown = (action: string): action is KnownAction => (KNOWN_ACTIONS as readonly string[]).includes(action);

/** kg-CO2e of each step that stored an emission, by its history seq. */
function emissionsBySeq(legs: readonly { seq: number; emission: number }[]): Map<number, number> {
  const bySeq = new Map<number, number>();
  for (const leg of legs) bySeq.set(leg.seq, Math.round(((bySeq.get(leg.seq) ?? 0) + leg.emission) * 1000) / 1000);
  return bySeq;
}

/** Other barcodes an entry names inline; the rest are in its details. */
const RELATED_INLINE = 3;

/** A bin as people read it: warehouse › rack › bin. */
function placeName(location: Location, language: Language): string {
  const parts = location.path.map((p) => p.name[language]);
  if (parts[parts.length - 1] !== location.name[language]) parts.push(location.name[language]);
  return parts.join(' › ');
}

type Related = NonNullable<HistoryEntry['relatedBarcodes']>[number];

/** Another barcode an entry names: its label (external id, else id) linking to its page, its type. */
function RelatedLink({ project, related, language }: { project: Project; related: Related; language: Language }) {
  const type = related.barcodeType ? project.barcodeTypes[related.barcodeType]?.name[language] : undefined;
  return (
    <Anchor component={Link} to={paths.barcode.getHref(project, related.id)} data-testid="history-related">
      {related.externalId ? `${related.externalId} (${related.id})` : related.id}
      {type ? ` · ${type}` : ''}
    </Anchor>
  );
}

/** The values a tracking step's forms stored, labelled as its forms label them. */
function FormValues({
  project,
  barcodeType,
  entry,
  language,
}: {
  project: Project;
  barcodeType: string;
  entry: HistoryEntry;
  language: Language;
}) {
  const { t } = useTranslation('barcode');
  const rows = useMemo(() => {
    if (!entry.forms || !entry.trackPointKey) return [];
    const trackPointKey = entry.trackPointKey;
    return Object.entries(entry.forms).flatMap(([formKey, values]) => {
      const form = compileForm(
        project,
        { form: 'trackPoint', barcodeType, trackPointKey, formKey },
        { language, loggedIn: true },
      );
      return form.fields
        .filter((field) => values[field.key] !== undefined)
        .map((field) => {
          const shown = shownValue(field, values[field.key], language);
          return {
            key: `${formKey}.${field.key}`,
            label: field.label[language] ?? field.key,
            text:
              shown.kind === 'text'
                ? shown.text
                : shown.kind === 'image'
                  ? t('detail.signature')
                  : shown.kind === 'files'
                    ? shown.files.map((f) => f.name).join(', ')
                    : '—',
          };
        });
    });
  }, [entry, project, barcodeType, language, t]);
  if (rows.length === 0) return null;
  return (
    <dl data-testid="history-values" style={{ margin: 0 }}>
      {rows.map((row) => (
        <Fragment key={row.key}>
          <dt style={{ fontWeight: 600 }}>{row.label}</dt>
          <dd style={{ margin: '0 0 4px 0', wordBreak: 'break-word' }}>{row.text}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/**
 * What one history entry says beyond its title: the other barcodes it involved (the children
 * with how many, the parent, the linked ones; each a link), the bin with its warehouse and rack,
 * and, to open, every other barcode and the values its forms stored.
 */
function EntryStory({
  project,
  barcodeType,
  entry,
}: {
  project: Project;
  barcodeType: string | null;
  entry: HistoryEntry;
}) {
  const { t, i18n } = useTranslation('barcode');
  const language = i18n.language as Language;
  const related = entry.relatedBarcodes ?? [];
  const role = entry.relatedRole ?? 'linked';
  const inline = related.slice(0, RELATED_INLINE);
  const more = related.length - inline.length;
  const hasForms = entry.forms !== undefined && Object.keys(entry.forms).length > 0 && barcodeType !== null;
  return (
    <>
      {related.length > 0 && (
        <Text size="sm" data-testid="history-with">
          {t(`history.related.${role}`, { count: related.length })}{' '}
          {inline.map((r, i) => (
            <Fragment key={r.id}>
              {i > 0 && ', '}
              <RelatedLink project={project} related={r} language={language} />
            </Fragment>
          ))}
          {more > 0 && ` ${t('history.related.more', { count: more })}`}
        </Text>
      )}
      {entry.recall && (
        <Text size="sm" data-testid="history-recall" style={{ wordBreak: 'break-word' }}>
          {t('history.recall', { reference: entry.recall.reference, reason: entry.recall.reason })}
        </Text>
      )}
      {entry.location && (
        <Text size="sm" data-testid="history-place">
          {t('history.place', { place: placeName(entry.location, language) })}
        </Text>
      )}
      {(more > 0 || hasForms) && (
        <details data-testid="history-details">
          <summary style={{ cursor: 'pointer', minHeight: 44, display: 'flex', alignItems: 'center' }}>
            <Text span size="sm" c="blue.9">
              {t('history.open')}
            </Text>
          </summary>
          <Stack gap={4} mt={4}>
            {more > 0 && (
              <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: 20 }}>
                {related.map((r) => (
                  <li key={r.id}>
                    <RelatedLink project={project} related={r} language={language} />
                  </li>
                ))}
              </Stack>
            )}
            {hasForms && barcodeType && (
              <FormValues project={project} barcodeType={barcodeType} entry={entry} language={language} />
            )}
          </Stack>
        </details>
      )}
    </>
  );
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
  // Steps made on this phone and not sent yet come first, as the newest: the server's history has not got them.
  const pending = pendingSteps(useStore(outboxItems), barcode.id);
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
      {pending.length > 0 && (
        <Paper withBorder p="md" radius="md" data-testid="history-pending">
          <Title order={2} size="h5" mb="xs">
            {t('history.pending')}
          </Title>
          <PendingSteps project={project} barcode={barcode} steps={pending} />
        </Paper>
      )}
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
                <EntryStory project={project} barcodeType={barcode.barcodeType} entry={entry} />
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
