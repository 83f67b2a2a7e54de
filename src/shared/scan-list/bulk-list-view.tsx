import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
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
}: BulkListViewProps) {
  const { t } = useTranslation('scan-list');
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // Where the list starts on the page: what is above it grows and shrinks with the counts (status,
  // buttons) and while sending (the progress bar), so it is read again then, set only when it moved.
  useLayoutEffect(() => {
    const top = listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  }, [scrollMargin, summary, disabled, readyLabel]);
  const { entries } = state;
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
  const failures = entries.some(isCheckFailure);
  const { t: tc, i18n } = useTranslation();
  const language = i18n.language as Language;
  const texts = useMemo<RowTexts>(
    () => ({
      checking: t('list.checkingOne'),
      ready: readyLabel ?? t('bulk.ready'),
      remove: (label) => t('list.remove', { code: label }),
      code: (code) => codeText(tc, code),
      typeName: (typeKey) => project.barcodeTypes[typeKey]?.name[language] ?? typeKey,
    }),
    [t, tc, readyLabel, project, language],
  );

  return (
    <Stack gap="xs">
      <Text size="sm" aria-live="polite" data-testid="list-status">
        {readyLabel
          ? t('bulk.done', { count: summary.total })
          : summary.total === 0
            ? t('list.empty')
            : summary.pending > 0
              ? t('bulk.checking', { count: summary.pending, total: summary.total })
              : summary.refused > 0
                ? t('list.refused', { count: summary.refused })
                : t('bulk.allReady', { count: summary.total })}
      </Text>
      {!readyLabel && (summary.refused > 0 || failures) && (
        <Group gap="xs">
          {summary.refused > 0 && (
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={onRemoveNotReady}
              disabled={disabled}
            >
              {t('bulk.removeNotReady', { count: summary.refused })}
            </Button>
          )}
          {failures && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={onRecheck}
              disabled={disabled}
            >
              {t('bulk.recheck')}
            </Button>
          )}
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
      data-state={verdict.state === 'ready' ? 'accepted' : verdict.state === 'pending' ? 'checking' : 'refused'}
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
          <p className="bulk-row-small">
            <Loader size="xs" aria-hidden />
            {texts.checking}
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
          variant="subtle"
          color="gray"
          onClick={() => onRemove(entry.key)}
          disabled={disabled}
          aria-label={texts.remove(label)}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      )}
    </div>
  );
});
