import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconFilter, IconRefresh, IconTrash, IconX } from '@tabler/icons-react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { Project } from '@schemas/api/project';
import type { Language } from '@schemas/languages';
import { TypeIcon } from '@/shared/barcode/type-icon';
import { codeText } from '@/shared/i18n/error-message';
import type { BulkEntry, BulkListState, BulkListSummary } from './bulk-list';
import './bulk-list.css';

/** A row's height before it is measured (one line of label, one of id, one of verdict). */
const ROW_ESTIMATE_PX = 84;
/** Rows drawn beyond the screen on each side, so a fast flick shows no blank rows. */
const OVERSCAN = 6;
/** Every row action and list button is at least this tall and wide: a gloved thumb's target. */
export const TOUCH_TARGET_PX = 44;

export interface BulkListViewProps {
  project: Project;
  state: BulkListState;
  summary: BulkListSummary;
  onRemove(key: number): void;
  onRemoveNotReady(): void;
  onRecheck(): void;
  /** Nothing may change while the list is being sent, nor once it was. */
  disabled?: boolean;
  /** Once the list was sent: the word on each barcode's outcome ('Tracked', ...) instead of 'Ready'. */
  readyLabel?: string;
  /** The word on an accepted entry before sending (default 'Ready'). */
  acceptedLabel?: string;
  /** Starts the list over (offered while something is listed and nothing was sent). */
  onClear?(): void;
  /**
   * Why nothing is being checked yet (e.g. no location chosen): the status says it and waiting
   * rows show `row` instead of a spinner.
   */
  waiting?: { status: string; row: string };
  /** The status line in the screen's own words (the pair screen counts against the parent's limit). */
  statusText?: string;
}

/** Whether a verdict is a failure to check (no answer) rather than the server's refusal. */
const isCheckFailure = (entry: BulkEntry) =>
  entry.verdict.state === 'refused' && typeof entry.verdict.code === 'string';

/**
 * The entries of a bulk list with their verdicts, virtualised against the page's own scroll
 * (@tanstack/react-virtual's window virtualizer): a list of 1,000 draws only the rows on screen
 * and a few more, each measured (large text makes rows taller), so scrolling stays smooth on a
 * phone. Above it, the counts and the ways out of a blocked list: remove every entry that is
 * not ready, or check again after a failed check. Strings: the lazy 'scan-list' namespace.
 */
export function BulkListView({
  project,
  state,
  summary,
  onRemove,
  onRemoveNotReady,
  onRecheck,
  disabled = false,
  readyLabel,
  acceptedLabel,
  onClear,
  waiting,
  statusText,
}: BulkListViewProps) {
  const { t } = useTranslation('scan-list');
  const [onlyNotReady, setOnlyNotReady] = useState(false);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // Where the list starts on the page: what is above it grows and shrinks with the counts (status,
  // buttons) and while sending (the progress bar), so it is read again then, set only when it moved.
  useLayoutEffect(() => {
    const top = listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  }, [scrollMargin, summary, disabled, readyLabel, onlyNotReady, confirmingClear, waiting]);
  // The filter shows only the refused rows while there are any; with none left it shows all again.
  const filtering = onlyNotReady && summary.refused > 0 && !readyLabel;
  const entries = useMemo(
    () => (filtering ? state.entries.filter((e) => e.verdict.state === 'refused') : state.entries),
    [filtering, state.entries],
  );
  const virtualizer = useWindowVirtualizer({
    count: entries.length,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey: (index) => entries[index]?.key ?? index,
    // Rows follow the scroll in React's own batched render, not a synchronous one inside the
    // scroll event (flushSync), which costs frames on a slow phone.
    useFlushSync: false,
  });
  const failures = summary.unchecked > 0 || state.entries.some(isCheckFailure);
  const { t: tc, i18n } = useTranslation();
  const language = i18n.language as Language;
  const texts = useMemo<RowTexts>(
    () => ({
      checking: t('list.checkingOne'),
      waiting: waiting?.row,
      unchecked: t('list.uncheckedOne'),
      ready: readyLabel ?? acceptedLabel ?? t('bulk.ready'),
      remove: (label) => t('list.remove', { code: label }),
      code: (code) => codeText(tc, code),
      typeName: (typeKey) => project.barcodeTypes[typeKey]?.name[language] ?? typeKey,
    }),
    [t, tc, readyLabel, acceptedLabel, waiting, project, language],
  );
  const status = readyLabel
    ? t('bulk.done', { count: summary.total })
    : summary.total === 0
      ? t('list.empty')
      : (statusText ??
        (summary.pending > 0
          ? (waiting?.status ?? t('bulk.checking', { count: summary.pending, total: summary.total }))
          : [
              summary.refused > 0 ? t('list.refused', { count: summary.refused }) : '',
              summary.unchecked > 0 ? t('list.unchecked', { count: summary.unchecked }) : '',
            ]
              .filter(Boolean)
              .join(' ') || t('bulk.allReady', { count: summary.total })));
  const canClear = !readyLabel && onClear !== undefined && summary.total > 0;

  return (
    <Stack gap="xs">
      <Text size="sm" aria-live="polite" data-testid="list-status">
        {status}
      </Text>
      {!readyLabel && (summary.refused > 0 || failures || canClear) && (
        <Group gap="xs">
          {summary.refused > 0 && (
            <Button
              h={TOUCH_TARGET_PX}
              variant="light"
              color="red.9"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={onRemoveNotReady}
              disabled={disabled}
            >
              {t('bulk.removeNotReady', { count: summary.refused })}
            </Button>
          )}
          {summary.refused > 0 && (
            <Button
              h={TOUCH_TARGET_PX}
              variant={filtering ? 'filled' : 'default'}
              leftSection={<IconFilter size={18} aria-hidden />}
              aria-pressed={filtering}
              onClick={() => setOnlyNotReady(!filtering)}
              data-testid="only-not-ready"
            >
              {t('list.onlyNotReady', { count: summary.refused })}
            </Button>
          )}
          {failures && (
            <Button
              h={TOUCH_TARGET_PX}
              variant="light"
              leftSection={<IconRefresh size={18} aria-hidden />}
              onClick={onRecheck}
              disabled={disabled}
            >
              {t('bulk.recheck')}
            </Button>
          )}
          {canClear && !confirmingClear && (
            <Button
              h={TOUCH_TARGET_PX}
              variant="subtle"
              color="gray"
              leftSection={<IconX size={18} aria-hidden />}
              onClick={() => setConfirmingClear(true)}
              disabled={disabled}
            >
              {t('list.clear')}
            </Button>
          )}
        </Group>
      )}
      {canClear && confirmingClear && (
        <Group gap="xs" role="group" aria-label={t('list.clearAsk', { count: summary.total })}>
          <Text size="sm">{t('list.clearAsk', { count: summary.total })}</Text>
          <Button
            h={TOUCH_TARGET_PX}
            color="red.9"
            onClick={() => {
              setConfirmingClear(false);
              setOnlyNotReady(false);
              onClear();
            }}
          >
            {t('list.clearYes')}
          </Button>
          <Button h={TOUCH_TARGET_PX} variant="default" onClick={() => setConfirmingClear(false)}>
            {t('list.clearNo')}
          </Button>
        </Group>
      )}
      <ul
        ref={listRef}
        aria-label={t('list.label')}
        data-testid="scan-list"
        style={{ listStyle: 'none', padding: 0, margin: 0, position: 'relative', height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const entry = entries[item.index];
          if (!entry) return null;
          return (
            <li
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              aria-setsize={entries.length}
              aria-posinset={item.index + 1}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                paddingBottom: 'var(--mantine-spacing-xs)',
                transform: `translateY(${item.start - scrollMargin}px)`,
              }}
            >
              <EntryRow
                project={project}
                entry={entry}
                onRemove={onRemove}
                disabled={disabled}
                removable={!readyLabel}
                texts={texts}
              />
            </li>
          );
        })}
      </ul>
    </Stack>
  );
}

/** The words every row uses, translated once for the whole list (a row has no hooks of its own). */
interface RowTexts {
  checking: string;
  /** Why a waiting row is not being checked (no location chosen yet). */
  waiting: string | undefined;
  unchecked: string;
  ready: string;
  remove(label: string): string;
  code(code: number | string): string;
  typeName(typeKey: string): string | undefined;
}

interface EntryRowProps {
  project: Project;
  entry: BulkEntry;
  onRemove(key: number): void;
  disabled: boolean;
  /** Offer Remove (not once the list was sent). */
  removable: boolean;
  texts: RowTexts;
}

/** One listed barcode: its type, the label people read, its id, its verdict in the user's language, and Remove. */
const EntryRow = memo(function EntryRow({ project, entry, onRemove, disabled, removable, texts }: EntryRowProps) {
  const type = entry.barcodeType ? project.barcodeTypes[entry.barcodeType] : undefined;
  const label = entry.externalId ?? entry.id ?? entry.reference;
  const { verdict } = entry;
  return (
    <div
      className="bulk-row"
      data-testid="scan-entry"
      data-state={
        verdict.state === 'ready'
          ? 'accepted'
          : verdict.state === 'pending'
            ? 'checking'
            : verdict.state === 'unchecked'
              ? 'unchecked'
              : 'refused'
      }
    >
      <TypeIcon type={type} size={32} />
      <div className="bulk-row-text">
        <p className="bulk-row-label">{label}</p>
        {type && entry.barcodeType && (
          <p className="bulk-row-small bulk-row-dimmed">
            {texts.typeName(entry.barcodeType)}
            {entry.externalId && entry.id ? ` · ${entry.id}` : ''}
          </p>
        )}
        {verdict.state === 'pending' ? (
          texts.waiting ? (
            <p className="bulk-row-small bulk-row-neutral" data-testid="verdict">
              {texts.waiting}
            </p>
          ) : (
            <p className="bulk-row-small">
              <Loader size="xs" aria-hidden />
              {texts.checking}
            </p>
          )
        ) : verdict.state === 'unchecked' ? (
          <p className="bulk-row-small bulk-row-neutral" data-testid="verdict">
            <IconCloudOff size={14} aria-hidden />
            {texts.unchecked}
          </p>
        ) : verdict.state === 'ready' ? (
          <span className="bulk-row-ready" data-testid="verdict">
            {texts.ready}
          </span>
        ) : (
          <p className="bulk-row-small bulk-row-refused" data-testid="verdict">
            {texts.code(verdict.code)}
          </p>
        )}
      </div>
      {removable && (
        <ActionIcon
          size={TOUCH_TARGET_PX}
          variant="subtle"
          color="gray"
          onClick={() => onRemove(entry.key)}
          disabled={disabled}
          aria-label={texts.remove(label)}
        >
          <IconTrash size={22} aria-hidden />
        </ActionIcon>
      )}
    </div>
  );
});
