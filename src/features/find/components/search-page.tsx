import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { Language } from '@schemas/languages';
import { useErrorText } from '@/shared/i18n/error-message';
import { paths } from '@/shared/paths';
import { useCurrentProject } from '@/shared/project/use-project';
import { SEARCH_PAGE_SIZE, useSearchPage } from '../api/search';
import {
  criteriaOf,
  EMPTY_SEARCH,
  formFromQuery,
  pageFromQuery,
  queryFromForm,
  searchableFields,
  trackPointChoices,
  type SearchForm,
} from '../model/search-form';
import { BarcodeLabelCard } from './barcode-label-card';
import { useLabelTexts } from './use-label-texts';

/** Whether any of the less common criteria is set (their section then starts open). */
const hasMore = (form: SearchForm) =>
  Boolean(form.activated || form.from || form.to || form.externalId || form.trackingNumber);

/**
 * `/{project}/search` (restricted): criteria a user would expect (words, type, trackpoint,
 * activated or not, a date range of activation or last step, exact external id or tracking
 * number, one activation field's value) and the barcodes found as labels, page by page, each
 * opening its detail. The criteria and the page live in the URL: Back from a result returns to
 * them; a failed search keeps what was typed and offers to try again.
 */
export function SearchPage() {
  const { t, i18n } = useTranslation('find');
  const language = i18n.language as Language;
  const errorText = useErrorText();
  const project = useCurrentProject();
  const [query, setQuery] = useSearchParams();
  const page = pageFromQuery(query);
  const submitted = useMemo(() => formFromQuery(query), [query]);
  const [form, setForm] = useState<SearchForm>(submitted);
  // Back and Forward change the query: the inputs follow it (typing alone never changes it).
  const [shown, setShown] = useState(submitted);
  if (shown !== submitted) {
    setShown(submitted);
    setForm(submitted);
  }
  const [moreOpen, setMoreOpen] = useState(() => hasMore(submitted));
  const criteria = useMemo(
    () => (page === null ? null : criteriaOf(project.id, submitted)),
    [page, project.id, submitted],
  );
  const { data, error, isLoading, isValidating, mutate } = useSearchPage(
    criteria,
    ((page ?? 1) - 1) * SEARCH_PAGE_SIZE,
  );
  const texts = useLabelTexts();

  const set = <K extends keyof SearchForm>(key: K, value: SearchForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const go = (to: number) => setQuery(queryFromForm(submitted, to));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(queryFromForm(form, 1));
  };
  const types = Object.entries(project.barcodeTypes).sort(([, a], [, b]) => a.order - b.order);
  const fields = searchableFields(project, form.barcodeType);
  const points = trackPointChoices(project, form.barcodeType);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline" wrap="wrap">
        <Title order={1} size="h3">
          {t('search.title')}
        </Title>
        <Anchor component={Link} to={paths.barcodeList.getHref(project)} size="sm">
          {t('search.toList')}
        </Anchor>
      </Group>
      <form onSubmit={onSubmit} aria-label={t('search.title')}>
        <Stack gap="sm">
          <TextInput
            label={t('search.text')}
            description={t('search.textHint')}
            value={form.text}
            onChange={(e) => set('text', e.currentTarget.value)}
            type="search"
            maxLength={200}
          />
          <Select
            label={t('search.barcodeType')}
            value={form.barcodeType}
            allowDeselect={false}
            data={[
              { value: '', label: t('search.anyType') },
              ...types.map(([key, type]) => ({ value: key, label: type.name[language] })),
            ]}
            onChange={(v) => setForm((f) => ({ ...f, barcodeType: v ?? '', trackPointKey: '', fieldKey: '' }))}
          />
          <Select
            label={t('search.trackPoint')}
            value={form.trackPointKey}
            allowDeselect={false}
            data={[
              { value: '', label: t('search.anyTrackPoint') },
              ...points.map((p) => ({ value: p.key, label: p.name[language] ?? p.key })),
            ]}
            onChange={(v) => set('trackPointKey', v ?? '')}
          />
          <Select
            label={t('search.field')}
            value={form.fieldKey}
            allowDeselect={false}
            data={[
              { value: '', label: t('search.noField') },
              ...fields.map((f) => ({ value: f.key, label: f.label?.[language] ?? f.key })),
            ]}
            onChange={(v) => set('fieldKey', v ?? '')}
          />
          <TextInput
            label={t('search.fieldValue')}
            value={form.fieldValue}
            disabled={!form.fieldKey}
            onChange={(e) => set('fieldValue', e.currentTarget.value)}
            maxLength={200}
          />
          <Button
            variant="subtle"
            onClick={() => setMoreOpen((o) => !o)}
            aria-expanded={moreOpen}
            aria-controls={moreOpen ? 'search-more' : undefined}
          >
            {t('search.more')}
          </Button>
          {moreOpen && (
            <Stack gap="sm" id="search-more">
              <Select
                label={t('search.activated')}
                value={form.activated}
                allowDeselect={false}
                data={[
                  { value: '', label: t('search.any') },
                  { value: 'yes', label: t('search.yes') },
                  { value: 'no', label: t('search.no') },
                ]}
                onChange={(v) => set('activated', (v ?? '') as SearchForm['activated'])}
              />
              <Select
                label={t('search.dateKind')}
                value={form.dateKind}
                allowDeselect={false}
                data={[
                  { value: 'activation', label: t('search.dateActivation') },
                  { value: 'lastStep', label: t('search.dateLastStep') },
                ]}
                onChange={(v) => set('dateKind', v === 'lastStep' ? 'lastStep' : 'activation')}
              />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <TextInput
                  type="date"
                  label={t('search.from')}
                  value={form.from}
                  onChange={(e) => set('from', e.currentTarget.value)}
                />
                <TextInput
                  type="date"
                  label={t('search.to')}
                  value={form.to}
                  onChange={(e) => set('to', e.currentTarget.value)}
                />
              </SimpleGrid>
              <TextInput
                label={t('search.externalId')}
                value={form.externalId}
                onChange={(e) => set('externalId', e.currentTarget.value)}
                maxLength={200}
              />
              <TextInput
                label={t('search.trackingNumber')}
                value={form.trackingNumber}
                onChange={(e) => set('trackingNumber', e.currentTarget.value)}
                maxLength={64}
              />
            </Stack>
          )}
          <Group grow>
            <Button type="button" variant="default" size="md" onClick={() => setForm(EMPTY_SEARCH)}>
              {t('search.clear')}
            </Button>
            <Button type="submit" size="md" loading={isValidating && criteria !== null}>
              {t('search.submit')}
            </Button>
          </Group>
        </Stack>
      </form>

      <Stack gap="xs" aria-live="polite" aria-busy={isLoading}>
        {criteria === null && <Text c="dimmed">{t('search.start')}</Text>}
        {criteria !== null && isLoading && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text>{t('search.searching')}</Text>
          </Group>
        )}
        {error !== undefined && (
          <Alert color="red" variant="light" title={t('search.failed', { message: errorText(error) })}>
            <Button size="xs" variant="light" color="red" onClick={() => void mutate()}>
              {t('search.retry')}
            </Button>
          </Alert>
        )}
        {data && data.items.length === 0 && page === 1 && <Text data-testid="search-empty">{t('search.none')}</Text>}
      </Stack>
      {data && data.items.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('search.results')}
          </Title>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.items.map((label) => (
              <li key={label.id}>
                <BarcodeLabelCard project={project} label={label} language={language} texts={texts} />
              </li>
            ))}
          </Stack>
        </Stack>
      )}
      {page !== null && data && (page > 1 || data.hasMore) && (
        <Group justify="space-between" wrap="nowrap">
          <Button variant="default" disabled={page <= 1} onClick={() => go(page - 1)}>
            {t('search.previous')}
          </Button>
          <Text size="sm">{t('search.page', { page })}</Text>
          <Button variant="default" disabled={!data.hasMore} onClick={() => go(page + 1)}>
            {t('search.next')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
