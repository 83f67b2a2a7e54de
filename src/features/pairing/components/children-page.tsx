import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Anchor, Badge, Center, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ChildBarcode } from '@schemas/api/barcode';
import type { Project } from '@schemas/api/project';
import type { Language } from '@schemas/languages';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { barcodeTypeOf, trackPointName } from '@/shared/barcode/labels';
import { PageTitle } from '@/shared/barcode/page-title';
import { TypeIcon } from '@/shared/barcode/type-icon';
import { useErrorText } from '@/shared/i18n/error-message';
import { paths } from '@/shared/paths';
import { useCurrentProject } from '@/shared/project/use-project';
import { CHILDREN_PAGE_SIZE, useChildrenPage, useChildValues } from '../api/pairing';
import { totalFieldsOf } from '../model/totals';

/** Indentation per level of the tree (px). */
const INDENT = 20;

function ChildRow({ child, project, language }: { child: ChildBarcode; project: Project; language: Language }) {
  const { t } = useTranslation('pairing');
  const type = child.barcodeType ? project.barcodeTypes[child.barcodeType] : undefined;
  return (
    <Paper
      component="li"
      withBorder
      p="xs"
      radius="md"
      ml={(child.depth - 1) * INDENT}
      data-testid="child-row"
      data-depth={child.depth}
    >
      <Group wrap="nowrap" gap="sm">
        <TypeIcon type={type} size={28} />
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Anchor component={Link} to={paths.barcode.getHref(project, child.id)} style={{ wordBreak: 'break-all' }}>
            {child.externalId ?? child.id}
          </Anchor>
          <Text size="xs" c="dimmed">
            {type?.name[language] ?? child.barcodeType ?? ''}
            {' · '}
            {child.isActivated
              ? trackPointName(project, child.barcodeType, child.currentTrackPointKey, language)
              : t('children.notActivated')}
          </Text>
        </Stack>
        {child.childrenCount > 0 && (
          <Badge variant="light" color="gray">
            {t('children.has', { count: child.childrenCount })}
          </Badge>
        )}
      </Group>
    </Paper>
  );
}

/**
 * First / previous / next / last page and where the reader is. (Mantine's Pagination would bring
 * its pagination hook into the first load's shared Mantine chunk.)
 */
function Pager({ page, pages, onChange }: { page: number; pages: number; onChange(page: number): void }) {
  const { t } = useTranslation('pairing');
  const control = (label: string, to: number, Icon: typeof IconChevronLeft) => (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      disabled={to === page || to < 0 || to >= pages}
      onClick={() => onChange(to)}
    >
      <Icon size={18} aria-hidden />
    </ActionIcon>
  );
  return (
    <Group justify="center" gap="xs" component="nav" aria-label={t('children.pager.label')}>
      {control(t('children.pager.first'), 0, IconChevronsLeft)}
      {control(t('children.pager.previous'), page - 1, IconChevronLeft)}
      <Text size="sm" aria-live="polite" data-testid="children-page">
        {t('children.pager.status', { page: page + 1, pages })}
      </Text>
      {control(t('children.pager.next'), page + 1, IconChevronRight)}
      {control(t('children.pager.last'), pages - 1, IconChevronsRight)}
    </Group>
  );
}

/** The total of one field over the direct children (GET /barcode/children/value). */
function Totals({ barcodeId, fields }: { barcodeId: string; fields: { key: string; label: string }[] }) {
  const { t } = useTranslation('pairing');
  const errorText = useErrorText();
  const [key, setKey] = useState<string | null>(null);
  const { data, error, isLoading } = useChildValues(barcodeId, key);
  if (fields.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Select
        label={t('children.totalOf')}
        placeholder={t('children.chooseField')}
        data={fields.map((f) => ({ value: f.key, label: f.label }))}
        value={key}
        onChange={setKey}
        allowDeselect={false}
      />
      <div aria-live="polite">
        {isLoading && <Loader size="sm" mt="sm" aria-label={t('children.loading')} />}
        {error !== undefined && (
          <Alert color="red" variant="light" mt="sm">
            {errorText(error)}
          </Alert>
        )}
        {data && (
          <Text mt="sm" data-testid="children-total">
            {data.sum === null
              ? t('children.noNumbers', { count: data.values.length })
              : t('children.total', {
                  sum: data.sum.toLocaleString(),
                  count: data.numericCount,
                  of: data.values.length,
                })}
          </Text>
        )}
      </div>
    </Paper>
  );
}

/**
 * `.../children` (open): the tree under this barcode (its children, their children, ...) in
 * pages of 50 in tree order, each linking to its detail; and the total of a chosen field over
 * the children. A page is a few dozen rows whatever the size of the tree, so a parent with
 * 1,000 children opens as fast as one with ten.
 */
export function ChildrenPage() {
  const { t, i18n } = useTranslation('pairing');
  const errorText = useErrorText();
  const language = i18n.language as Language;
  const project = useCurrentProject();
  const { barcode, detailPath } = useCurrentBarcode();
  const [page, setPage] = useState(0);
  const { data, error, isLoading } = useChildrenPage(barcode.id, page);
  const fields = useMemo(
    () => totalFieldsOf(project, barcodeTypeOf(project, barcode), language),
    [project, barcode, language],
  );
  const pages = data ? Math.ceil(data.total / CHILDREN_PAGE_SIZE) : 0;
  return (
    <Stack gap="md">
      <PageTitle title={t('children.title')} barcode={barcode} detailPath={detailPath} />
      {isLoading && (
        <Center>
          <Loader aria-label={t('children.loading')} />
        </Center>
      )}
      {error !== undefined && (
        <Alert color="red" variant="light">
          {errorText(error)}
        </Alert>
      )}
      {data && data.total === 0 && <Text c="dimmed">{t('children.empty')}</Text>}
      {data && data.total > 0 && (
        <>
          <Text size="sm" data-testid="children-summary">
            {t('children.summary', { children: data.childrenTotal, total: data.total })}
          </Text>
          {data.childrenTotal > 0 && <Totals barcodeId={barcode.id} fields={fields} />}
          <Stack
            gap={6}
            component="ul"
            aria-label={t('children.listLabel')}
            data-testid="children-tree"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {data.items.map((child) => (
              <ChildRow key={child.id} child={child} project={project} language={language} />
            ))}
          </Stack>
          {pages > 1 && <Pager page={page} pages={pages} onChange={setPage} />}
        </>
      )}
    </Stack>
  );
}
