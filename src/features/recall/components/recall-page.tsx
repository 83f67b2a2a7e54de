import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { Project } from '@schemas/api/project';
import type { Language } from '@schemas/languages';
import { ApiError } from '@/shared/api';
import { utcOffsetHours } from '@/shared/api/client';
import { useErrorText } from '@/shared/i18n/error-message';
import { paths } from '@/shared/paths';
import { useCurrentProject } from '@/shared/project/use-project';
import { downloadFsma204, downloadRecallEpcis, useRecallTrace, type RecallTrace } from '../api/recall';
import {
  ALL,
  countByDirection,
  DIRECTIONS,
  filterPackages,
  packageLabel,
  trackPointChoices,
  trackPointName,
  type RecalledPackage,
  type ResultFilter,
} from '../model/result';
import {
  formOfQuery,
  queryOfStart,
  START_KINDS,
  startOfForm,
  startOfQuery,
  type RecallStart,
  type StartForm,
  type StartProblems,
} from '../model/start';
import { HoldAction, HoldsInForce, ReleaseDialog, type HoldNotice, type ReleaseTarget } from './holds';

/** Packages drawn at first and added per tap: a trace may list many thousands, a phone draws a page at a time. */
const PAGE = 50;

/** Whether a recall may be asked in this project: the permission the project payload gives the user. */
const mayRecall = (project: Project): boolean => project.projectPermission.recallPermission?.canEdit === true;

/** A refusal or a failure in words: the recall's own for a refusal and for no connection, else the catalogue's. */
function useFailureText() {
  const { t } = useTranslation('recall');
  const errorText = useErrorText();
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 403 && error.code === '403') return t('recall.forbidden');
    if (error instanceof ApiError && (error.code === 'network' || error.code === 'timeout')) return t('recall.offline');
    return errorText(error);
  };
}

function StartFormView({
  submitted,
  onStart,
  project,
}: {
  submitted: StartForm;
  onStart(start: RecallStart): void;
  project: Project;
}) {
  const { t, i18n } = useTranslation('recall');
  const language = i18n.language as Language;
  const [form, setForm] = useState(submitted);
  // Back and Forward change the address: the inputs follow it (typing alone never changes it).
  const [shown, setShown] = useState(submitted);
  if (shown !== submitted) {
    setShown(submitted);
    setForm(submitted);
  }
  const [problems, setProblems] = useState<StartProblems>({});
  const set = (key: keyof Omit<StartForm, 'kind'>, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setProblems((p) => ({ ...p, [key]: undefined }));
  };
  const problem = (key: keyof StartProblems) => (problems[key] ? t(`recall.invalid.${problems[key]}`) : undefined);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = startOfForm(form);
    if ('problems' in checked) setProblems(checked.problems);
    else onStart(checked.start);
  };
  return (
    <form onSubmit={onSubmit} aria-label={t('recall.startTitle')} noValidate data-testid="recall-form">
      <Stack gap="sm">
        <Select
          label={t('recall.startFrom')}
          value={form.kind}
          allowDeselect={false}
          data={START_KINDS.map((kind) => ({ value: kind, label: t(`recall.kind.${kind}`) }))}
          onChange={(kind) => {
            setForm((f) => ({ ...f, kind: (kind ?? 'lot') as StartForm['kind'] }));
            setProblems({});
          }}
        />
        {form.kind === 'barcode' && (
          <TextInput
            label={t('recall.barcode')}
            description={t('recall.barcodeHint')}
            value={form.barcode}
            onChange={(e) => set('barcode', e.currentTarget.value)}
            error={problem('barcode')}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
          />
        )}
        {form.kind === 'lot' && (
          <TextInput
            label={t('recall.lot')}
            description={t('recall.lotHint')}
            value={form.lot}
            onChange={(e) => set('lot', e.currentTarget.value)}
            error={problem('lot')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
        )}
        {(form.kind === 'lot' || form.kind === 'product') && (
          <TextInput
            label={form.kind === 'lot' ? t('recall.gtinOptional') : t('recall.gtin')}
            description={t('recall.gtinHint')}
            value={form.gtin}
            onChange={(e) => set('gtin', e.currentTarget.value)}
            error={problem('gtin')}
            inputMode="numeric"
            autoComplete="off"
          />
        )}
        {form.kind === 'product' && (
          <TextInput
            label={t('recall.productCode')}
            description={t('recall.productHint')}
            value={form.productCode}
            onChange={(e) => set('productCode', e.currentTarget.value)}
            error={problem('productCode')}
            autoComplete="off"
            spellCheck={false}
          />
        )}
        {form.kind === 'place' && (
          <>
            <Select
              label={t('recall.trackPoint')}
              value={form.trackPointKey}
              allowDeselect={false}
              data={[
                { value: '', label: t('recall.anyTrackPoint') },
                ...trackPointChoices(project, language).map((p) => ({ value: p.key, label: p.name })),
              ]}
              onChange={(v) => set('trackPointKey', v ?? '')}
              error={problem('trackPointKey')}
            />
            <TextInput
              type="datetime-local"
              label={t('recall.from')}
              value={form.from}
              max={form.to || undefined}
              onChange={(e) => set('from', e.currentTarget.value)}
              error={problem('from')}
            />
            <TextInput
              type="datetime-local"
              label={t('recall.to')}
              description={t('recall.rangeHint')}
              value={form.to}
              min={form.from || undefined}
              onChange={(e) => set('to', e.currentTarget.value)}
              error={problem('to')}
            />
          </>
        )}
        <Button type="submit" size="md">
          {t('recall.trace')}
        </Button>
      </Stack>
    </form>
  );
}

function ReasonLine({
  reason,
  byId,
  format,
}: {
  reason: RecalledPackage['reasons'][number];
  byId(id: string): string;
  format(moment: string | null | undefined, end: 'from' | 'to'): string;
}) {
  const { t } = useTranslation('recall');
  const via = reason.via === undefined ? '' : byId(reason.via);
  const windowed = reason.kind !== 'start';
  return (
    <li>
      <Text size="sm" component="span">
        {t(`recall.reason.${reason.kind}`, { via })}
      </Text>
      {windowed && (
        <Text size="xs" c="dimmed">
          {format(reason.from, 'from')} – {format(reason.to, 'to')}
        </Text>
      )}
    </li>
  );
}

function PackageCard({
  pkg,
  project,
  language,
  byId,
  format,
  onRelease,
}: {
  pkg: RecalledPackage;
  project: Project;
  language: Language;
  byId(id: string): string;
  format(moment: string | null | undefined, end: 'from' | 'to'): string;
  onRelease(reference: string): void;
}) {
  const { t } = useTranslation('recall');
  const place = pkg.place.trackPointKey
    ? trackPointName(project, pkg.place.trackPointKey, language, pkg.barcodeType)
    : t('recall.noStep');
  const stock = pkg.place.stock;
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="recall-package" data-barcode-id={pkg.id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Anchor
            component={Link}
            to={paths.barcode.getHref(project, pkg.id)}
            fw={700}
            style={{ wordBreak: 'break-all' }}
          >
            {packageLabel(project, pkg, language)}
          </Anchor>
          <Group gap={4}>
            <Badge
              variant="light"
              color={pkg.direction === 'start' ? 'red' : pkg.direction === 'backward' ? 'grape' : 'blue'}
            >
              {t(`recall.direction.${pkg.direction}`)}
            </Badge>
            {pkg.depth > 0 && (
              <Badge variant="outline" color="gray">
                {t('recall.depth', { count: pkg.depth })}
              </Badge>
            )}
          </Group>
        </Group>
        {pkg.heldFor !== null && (
          <Group justify="space-between" wrap="wrap" gap="xs" data-testid="recall-package-hold">
            <Text size="sm" fw={700} c="red.9" style={{ wordBreak: 'break-word' }}>
              {t('recall.hold.onHold', { reference: pkg.heldFor })}
            </Text>
            <Button
              variant="light"
              size="sm"
              onClick={() => onRelease(pkg.heldFor!)}
              aria-label={t('recall.release.oneLabel', { label: packageLabel(project, pkg, language) })}
            >
              {t('recall.release.one')}
            </Button>
          </Group>
        )}
        <Text size="sm" data-testid="recall-package-place">
          {t('recall.now', { place })}
          {pkg.place.since ? ` · ${t('recall.since', { time: format(pkg.place.since, 'from') })}` : ''}
          {stock ? ` · ${t('recall.stockedIn', { bin: `${stock.code} ${stock.name[language] ?? ''}`.trim() })}` : ''}
        </Text>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t('recall.why')}
          </Text>
          <ul style={{ margin: 0, paddingInlineStart: '1.2em' }} data-testid="recall-package-reasons">
            {pkg.reasons.map((reason, i) => (
              <ReasonLine key={i} reason={reason} byId={byId} format={format} />
            ))}
          </ul>
        </Stack>
        {pkg.passed && pkg.passed.length > 0 && (
          <Text size="xs" c="dimmed">
            {t('recall.passed', {
              places: pkg.passed
                .map((p) => trackPointName(project, p.trackPointKey, language, pkg.barcodeType))
                .join(' → '),
            })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function Result({
  data,
  project,
  language,
  failureText,
  onNotice,
}: {
  data: RecallTrace;
  project: Project;
  language: Language;
  failureText(error: unknown): string;
  onNotice(notice: HoldNotice): void;
}) {
  const { t } = useTranslation('recall');
  const [releasing, setReleasing] = useState<ReleaseTarget | null>(null);
  const [filter, setFilter] = useState<ResultFilter>(ALL);
  const [shown, setShown] = useState(PAGE);
  const byIdMap = useMemo(() => new Map(data.packages.map((p) => [p.id, p])), [data]);
  const byId = (id: string) => {
    const found = byIdMap.get(id);
    return found ? packageLabel(project, found, language) : id;
  };
  const dateTime = useMemo(
    () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
    [language],
  );
  const format = (moment: string | null | undefined, end: 'from' | 'to') =>
    moment ? dateTime.format(new Date(moment)) : t(end === 'from' ? 'recall.beforeRecords' : 'recall.stillNow');
  const counts = countByDirection(data.packages);
  const list = filterPackages(data.packages, filter);
  const placeLabel = (key: string | null) =>
    key === null ? t('recall.noStep') : trackPointName(project, key, language);
  const change = (next: ResultFilter) => {
    setFilter(next);
    setShown(PAGE);
  };

  if (data.total === 0) {
    return (
      <Alert color="gray" variant="light" title={t('recall.emptyTitle')} data-testid="recall-empty">
        {t('recall.empty')}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Paper withBorder p="sm" radius="md" data-testid="recall-summary">
        <Text fw={700}>{t('recall.summary', { count: data.total, matched: data.matched })}</Text>
        {data.truncated && (
          <Text size="sm" c="orange.9" mt={4} data-testid="recall-truncated">
            {t('recall.truncated', { limit: data.limit.toLocaleString(language) })}
          </Text>
        )}
        <Table fz="sm" mt="xs" data-testid="recall-places">
          <Table.Caption>{t('recall.placesCaption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('recall.place')}</Table.Th>
              <Table.Th scope="col">{t('recall.packages')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.places.map((p) => (
              <Table.Tr key={p.trackPointKey ?? ''}>
                <Table.Td>{placeLabel(p.trackPointKey)}</Table.Td>
                <Table.Td>{p.count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      {/* Selects, not segmented buttons: four labels with counts do not fit side by side on a phone. */}
      <Select
        label={t('recall.show')}
        value={filter.direction}
        allowDeselect={false}
        data={[
          { value: 'all', label: t('recall.all', { n: data.packages.length }) },
          ...DIRECTIONS.map((d) => ({ value: d, label: `${t(`recall.direction.${d}`)} (${counts[d]})` })),
        ]}
        onChange={(v) => change({ ...filter, direction: (v ?? 'all') as ResultFilter['direction'] })}
      />
      <Select
        label={t('recall.placeFilter')}
        value={filter.place === 'all' ? 'all' : (filter.place ?? '')}
        allowDeselect={false}
        data={[
          { value: 'all', label: t('recall.anyPlace') },
          ...data.places.map((p) => ({
            value: p.trackPointKey ?? '',
            label: `${placeLabel(p.trackPointKey)} (${p.count})`,
          })),
        ]}
        onChange={(v) => change({ ...filter, place: v === 'all' || v === null ? 'all' : v === '' ? null : v })}
      />
      {list.length === 0 ? (
        <Text c="dimmed">{t('recall.noneShown')}</Text>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          aria-label={t('recall.listLabel')}
        >
          {list.slice(0, shown).map((pkg) => (
            <PackageCard
              key={pkg.id}
              pkg={pkg}
              project={project}
              language={language}
              byId={byId}
              format={format}
              onRelease={(reference) =>
                setReleasing({ reference, scope: { id: pkg.id, label: packageLabel(project, pkg, language) } })
              }
            />
          ))}
        </Stack>
      )}
      {list.length > shown && (
        <Button variant="light" onClick={() => setShown((n) => n + PAGE)}>
          {t('recall.showMore', { n: Math.min(PAGE, list.length - shown), shown, total: list.length })}
        </Button>
      )}
      {releasing && 'id' in releasing.scope && (
        <ReleaseDialog
          projectId={project.id}
          target={releasing}
          touched={[releasing.scope.id]}
          failureText={failureText}
          onClose={() => setReleasing(null)}
          onNotice={onNotice}
        />
      )}
    </Stack>
  );
}

/** One file of the trace: its button, what it holds, and why it could not be had. */
function DownloadButton({
  label,
  hint,
  failedTitle,
  testId,
  download,
}: {
  label: string;
  hint: string;
  failedTitle: string;
  testId: string;
  download(): Promise<void>;
}) {
  const failureText = useFailureText();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const onClick = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await download();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4} data-testid={testId}>
      <Button variant="light" loading={busy} onClick={() => void onClick()}>
        {label}
      </Button>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
      {failure !== null && (
        <Alert color="red" variant="light" role="alert" title={failedTitle}>
          {failureText(failure)}
        </Alert>
      )}
    </Stack>
  );
}

/** The trace as files: the FSMA 204 spreadsheet for regulators, the EPCIS 2.0 document for partners' systems. */
function Downloads({ project, start, utcOffset }: { project: Project; start: RecallStart; utcOffset: number }) {
  const { t } = useTranslation('recall');
  return (
    <Stack gap="sm">
      <DownloadButton
        label={t('recall.download')}
        hint={t('recall.downloadHint')}
        failedTitle={t('recall.downloadFailed')}
        testId="recall-download-csv"
        download={() => downloadFsma204(project.id, project.code, start, utcOffset)}
      />
      <DownloadButton
        label={t('recall.downloadEpcis')}
        hint={t('recall.downloadEpcisHint')}
        failedTitle={t('recall.downloadEpcisFailed')}
        testId="recall-download-epcis"
        download={() => downloadRecallEpcis(project.id, project.code, start, utcOffset)}
      />
    </Stack>
  );
}

/**
 * `/{project}/recall` (restricted; users with the recall permission): a start (a barcode, a lot
 * with or without its GTIN, or a product) traced forward and back through pairing and linking,
 * each implicated package with how it was reached, why, and where it is now; and the FSMA 204
 * spreadsheet and the EPCIS 2.0 document of the same start. The start lives in the address, so Back returns to the trace.
 * What a trace implicates can be put on hold for a recall (asked, then confirmed), and the
 * recalls in force are listed with their release, for all of a recall's packages or one of them.
 * See docs/admins/recall.md.
 */
export function RecallPage() {
  const { t, i18n } = useTranslation('recall');
  const language = i18n.language as Language;
  const failureText = useFailureText();
  const project = useCurrentProject();
  const [query, setQuery] = useSearchParams();
  const allowed = mayRecall(project);
  const start = useMemo(() => (allowed ? startOfQuery(query) : null), [allowed, query]);
  const submitted = useMemo(() => formOfQuery(query), [query]);
  const [utcOffset] = useState(() => utcOffsetHours());
  const { data, error, isLoading, isValidating, mutate } = useRecallTrace(project.id, start, utcOffset);
  const [notice, setNotice] = useState<HoldNotice>(null);
  const labelOf = (id: string) => {
    const found = data?.packages.find((p) => p.id === id);
    return found ? packageLabel(project, found, language) : id;
  };
  const heldFor = (reference: string) => (data?.packages ?? []).filter((p) => p.heldFor === reference).map((p) => p.id);

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('recall.title')}
      </Title>
      {!allowed ? (
        <Alert color="red" variant="light" role="alert" title={t('recall.refusedTitle')} data-testid="recall-refused">
          {t('recall.refused')}
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('recall.intro')}
          </Text>
          <StartFormView project={project} submitted={submitted} onStart={(next) => setQuery(queryOfStart(next))} />
          <Stack gap="sm" aria-live="polite" aria-busy={isLoading}>
            {start === null && <Text c="dimmed">{t('recall.noStart')}</Text>}
            {start !== null && isLoading && (
              <Group gap="xs" data-testid="recall-loading">
                <Loader size="sm" />
                <Text size="sm">{t('recall.tracing')}</Text>
              </Group>
            )}
            {start !== null && error !== undefined && !isValidating && (
              <Alert color="red" variant="light" title={t('recall.failed')} data-testid="recall-error">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{failureText(error)}</Text>
                  <Button variant="light" onClick={() => void mutate()}>
                    {t('recall.retry')}
                  </Button>
                </Stack>
              </Alert>
            )}
          </Stack>
          {notice !== null && (
            <Alert
              color="green"
              variant="light"
              role="status"
              withCloseButton
              closeButtonLabel={t('common.close', { ns: 'common' })}
              onClose={() => setNotice(null)}
              data-testid="recall-hold-result"
            >
              {notice}
            </Alert>
          )}
          <HoldsInForce projectId={project.id} touchedOf={heldFor} failureText={failureText} onNotice={setNotice} />
          {start !== null && data && !isLoading && (
            <>
              {data.total > 0 && <Downloads project={project} start={start} utcOffset={utcOffset} />}
              {data.total > 0 && (
                <HoldAction
                  projectId={project.id}
                  start={start}
                  touched={data.packages.map((p) => p.id)}
                  labelOf={labelOf}
                  failureText={failureText}
                  onNotice={setNotice}
                />
              )}
              <Result
                key={JSON.stringify(start)}
                data={data}
                project={project}
                language={language}
                failureText={failureText}
                onNotice={setNotice}
              />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
