import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { Language } from '@schemas/languages';
import { useErrorText } from '@/shared/i18n/error-message';
import { paths } from '@/shared/paths';
import { useCurrentProject } from '@/shared/project/use-project';
import { useBarcodeListPages, type SearchCriteria } from '../api/search';
import { trackPointChoices } from '../model/search-form';
import { BarcodeLabelCard } from './barcode-label-card';
import { useLabelTexts } from './use-label-texts';

/** A label's height before it is measured. */
const ROW_ESTIMATE_PX = 118;
/** Labels drawn beyond the screen on each side, so a fast flick shows no blank rows. */
const OVERSCAN = 5;
/** The next page is asked for when the last drawn label is this close to the end of those loaded. */
const LOAD_AHEAD = 8;

/**
 * `/{project}/barcode-list` (restricted): the project's barcodes, newest first, each a label
 * titled by its type's `uiConfig.listViewTitleLabelField` that opens its detail; filtered by
 * type and trackpoint (kept in the URL, so Back from a barcode returns to them). Pages load as
 * the user scrolls; the labels are virtualised against the page's own scroll (as the bulk list
 * is), so thousands stay smooth on a phone.
 */
export function BarcodeListPage() {
  const { t, i18n } = useTranslation('find');
  const language = i18n.language as Language;
  const errorText = useErrorText();
  const project = useCurrentProject();
  const texts = useLabelTexts();
  const [query, setQuery] = useSearchParams();
  const barcodeType = query.get('type') ?? '';
  const trackPointKey = query.get('trackPoint') ?? '';
  const criteria = useMemo<SearchCriteria>(
    () => ({
      projectId: project.id,
      ...(barcodeType ? { barcodeType } : {}),
      ...(trackPointKey ? { trackPointKey } : {}),
    }),
    [project.id, barcodeType, trackPointKey],
  );
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useBarcodeListPages(criteria);
  const labels = useMemo(() => (data ?? []).flatMap((page) => page.items), [data]);
  const hasMore = data === undefined || (data[data.length - 1]?.hasMore ?? false);
  const loadingMore = isValidating && data !== undefined && size > data.length;

  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const top = listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  }, [scrollMargin, labels.length, error]);
  const virtualizer = useWindowVirtualizer({
    count: labels.length,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey: (index) => labels[index]?.id ?? index,
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const lastDrawn = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    if (hasMore && !isValidating && error === undefined && labels.length > 0 && lastDrawn >= labels.length - LOAD_AHEAD)
      void setSize(size + 1);
  }, [hasMore, isValidating, error, labels.length, lastDrawn, setSize, size]);

  const filter = (key: 'type' | 'trackPoint', value: string) => {
    const next = new URLSearchParams(query);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key === 'type') next.delete('trackPoint');
    setQuery(next, { replace: true });
  };
  const types = Object.entries(project.barcodeTypes).sort(([, a], [, b]) => a.order - b.order);
  const points = trackPointChoices(project, barcodeType);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline" wrap="wrap">
        <Title order={1} size="h3">
          {t('list.title')}
        </Title>
        {project.showBarcodeSearchPage && (
          <Anchor component={Link} to={paths.search.getHref(project)} size="sm">
            {t('list.toSearch')}
          </Anchor>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label={t('list.barcodeType')}
          value={barcodeType}
          allowDeselect={false}
          data={[
            { value: '', label: t('list.anyType') },
            ...types.map(([key, type]) => ({ value: key, label: type.name[language] })),
          ]}
          onChange={(v) => filter('type', v ?? '')}
        />
        <Select
          label={t('list.trackPoint')}
          value={trackPointKey}
          allowDeselect={false}
          data={[
            { value: '', label: t('list.anyTrackPoint') },
            ...points.map((p) => ({ value: p.key, label: p.name[language] ?? p.key })),
          ]}
          onChange={(v) => filter('trackPoint', v ?? '')}
        />
      </SimpleGrid>
      <Text size="sm" aria-live="polite" data-testid="list-status">
        {isLoading
          ? t('list.loading')
          : labels.length === 0 && error === undefined
            ? t('list.empty')
            : labels.length > 0
              ? t('list.shown', { count: labels.length })
              : ''}
      </Text>
      {isLoading && <Loader size="sm" />}
      <ul
        ref={listRef}
        aria-label={t('list.title')}
        style={{ listStyle: 'none', margin: 0, padding: 0, position: 'relative', height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const label = labels[item.index];
          if (!label) return null;
          return (
            <li
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              aria-setsize={hasMore ? -1 : labels.length}
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
              <BarcodeLabelCard project={project} label={label} language={language} texts={texts} />
            </li>
          );
        })}
      </ul>
      {loadingMore && (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('list.loadingMore')}</Text>
        </Group>
      )}
      {error !== undefined && (
        <Alert color="red" variant="light" title={t('list.failed', { message: errorText(error) })}>
          <Button size="xs" variant="light" color="red" onClick={() => void mutate()}>
            {t('list.retry')}
          </Button>
        </Alert>
      )}
      {!hasMore && labels.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('list.end')}
        </Text>
      )}
    </Stack>
  );
}
