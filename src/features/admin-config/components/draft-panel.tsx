import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Code,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ConfigHistory, Draft, Report } from '@schemas/api/admin-config';
import type { Language } from '@schemas/languages';
import type { ProjectConfig } from '@schemas/project-config';
import { ErrorCode } from '@schemas/error-codes';
import { checkProjectConfig } from '@renderer/config-check';
import { ApiError } from '@/shared/api/errors';
import { translateError } from '@/shared/i18n/error-message';
import { ScreenLoader } from '@/shared/ui/screen-loader';
import {
  discardDraft,
  draftReport,
  openDraft,
  publishDraft,
  reloadDraft,
  revisionConfig,
  saveDraft,
  useDraft,
  type VersionRef,
} from '../api/config';
import { FieldBuilder } from './field-builder';
import { StructureBuilder } from './structure-builder';
import { JsonEditor } from './json-editor';
import { DraftPreview } from './draft-preview';
import { ReportView } from './report-view';
import { ConfirmDialog } from './confirm-dialog';
import { ProblemList } from './problem-list';
import { applyChoice, mergeDrafts } from '../model/merge';
import { placeProblems } from '../model/problem-place';
import { changesInWords } from '../model/change-words';

interface Notice {
  ok: boolean;
  text: string;
  /** Said at the publish buttons (a publish's answer), else beside Save. */
  atPublish?: boolean;
}

/**
 * The admin's unsaved change, kept when a save was refused because someone saved meanwhile: the
 * editor opens the server's draft (its ETag) with the change merged on top. `base` is what the
 * admin's editor had opened, `mine` what they tried to save, `theirs` the server's draft now.
 */
interface Carried {
  etag: number;
  base: unknown;
  mine: unknown;
  theirs: unknown;
  savedBy: string;
  savedAt: string;
  /** The conflicts (by id) where the admin chose their own value over the one saved meanwhile. */
  keepMine: string[];
}

/** The draft of a project version: open it, edit it (builder or JSON), see the QA check, preview, test, publish. */
export function DraftPanel({ versionRef, history }: { versionRef: VersionRef; history: ConfigHistory }) {
  const { t, i18n } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const draft = useDraft(versionRef, history.draft !== null);
  const [notice, setNotice] = useState<Notice | null>(null);
  // The forms picked in the builder and the preview, and the preview's language: kept here, so a
  // save (which redraws the editor from the saved draft) leaves the admin on the form they were
  // working on. The preview follows the builder until a form is picked in it.
  const [picked, setPicked] = useState<FormsPicked>({});
  const [carried, setCarried] = useState<Carried | null>(null);
  const fail = (error: unknown) => setNotice({ ok: false, text: translateError(tCommon, error) });

  if (!history.draft) {
    return (
      <Stack gap="xs" component="section" aria-labelledby="config-draft">
        <Title order={3} size="h4" id="config-draft">
          {t('config.builder')}
        </Title>
        <Text size="sm">{t('config.noDraft')}</Text>
        {notice && (
          <Alert color={notice.ok ? 'teal' : 'red'} role="status">
            {notice.text}
          </Alert>
        )}
        <Button onClick={() => openDraft(versionRef).then(() => setNotice(null), fail)}>
          {t('config.newDraft', { revision: history.revision })}
        </Button>
      </Stack>
    );
  }
  if (draft.error)
    return (
      <Alert color="red" role="alert">
        {t('config.failed')} {translateError(tCommon, draft.error)}
      </Alert>
    );
  if (!draft.data) return <ScreenLoader />;
  return (
    <DraftEditor
      key={draft.data.etag}
      versionRef={versionRef}
      history={history}
      draft={draft.data}
      carried={carried?.etag === draft.data.etag ? carried : null}
      setCarried={setCarried}
      language={i18n.language as Language}
      notice={notice}
      setNotice={setNotice}
      picked={picked}
      setPicked={setPicked}
    />
  );
}

/** The form (`<barcode type> <form>`, as formChoices names them) picked in the builder and in the preview, and the preview's language. */
interface FormsPicked {
  builder?: string;
  preview?: string;
  previewLanguage?: Language;
}

interface EditorProps {
  picked: FormsPicked;
  setPicked(update: (picked: FormsPicked) => FormsPicked): void;
  versionRef: VersionRef;
  history: ConfigHistory;
  draft: Draft;
  carried: Carried | null;
  setCarried(carried: Carried | null): void;
  language: Language;
  notice: Notice | null;
  setNotice(notice: Notice | null): void;
}

/** The steps of editing a draft: build, JSON, preview and test, publish. */
type Tab = 'build' | 'json' | 'preview' | 'publish';

/**
 * What an action about to be confirmed will do: the server's report, with its changes in the
 * admin's words (fields by label and key) when the revision in service could be read.
 */
interface Confirming {
  action: 'discard' | 'inPlace';
  report: Report | null;
  words?: string[];
}

/**
 * The report of the draft against the revision in service, with its changes in the admin's words
 * (model/change-words.ts); without the revision's configuration, the words name keys only.
 */
async function draftChanges(
  versionRef: VersionRef,
  inService: number,
  draftConfig: unknown,
  language: Language,
  t: TFunction<'admin'>,
): Promise<{ report: Report | null; words?: string[] }> {
  const [report, before] = await Promise.all([
    draftReport(versionRef, language).catch(() => null),
    revisionConfig(versionRef, inService).catch(() => null),
  ]);
  if (!report) return { report };
  const configs = { before: before as ProjectConfig | null, after: draftConfig as ProjectConfig };
  return { report, words: changesInWords(report.changes, configs, language, t) };
}

function DraftEditor({
  versionRef,
  history,
  draft,
  carried,
  setCarried,
  language,
  notice,
  setNotice,
  picked,
  setPicked,
}: EditorProps) {
  const { t, i18n } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  // What is being edited: kept here (not in the request cache), so a failed save loses nothing. After
  // a refused save, the server's draft with the admin's change merged on top (the server's value
  // where both changed one thing, unless the admin keeps theirs).
  const merge = useMemo(
    () => (carried ? mergeDrafts(carried.base, carried.mine, carried.theirs, new Set(carried.keepMine)) : null),
    [carried],
  );
  const [config, setConfig] = useState(() => (merge?.merged ?? draft.config) as unknown as ProjectConfig);
  const [json, setJson] = useState(() => JSON.stringify(merge?.merged ?? draft.config, null, 2));
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [busy, setBusy] = useState(false);
  const [tab, setTab] = useState<Tab>('build');
  // The builder and the JSON editor edit the same configuration: a change in one is shown in the other.
  const changeConfig = (next: ProjectConfig) => {
    setConfig(next);
    setJson(JSON.stringify(next, null, 2));
  };
  // The check publishing runs (the renderer's, as the server runs it), on what is being edited: each
  // problem is shown at its field, in the QA section and at the publish buttons.
  const problems = useMemo(() => placeProblems(config, checkProjectConfig(config), language), [config, language]);

  const save = async (next: ProjectConfig = config) => {
    try {
      const saved = await saveDraft(versionRef, draft.etag, next);
      setCarried(null);
      setNotice({ ok: true, text: t('config.saved') });
      return saved;
    } catch (error) {
      if (error instanceof ApiError && error.code === String(ErrorCode.draftChangedMeanwhile)) {
        // The draft as the server has it now, with who saved it; the change made here is merged on
        // top of it, so the next save sends the server's ETag and nothing typed here is lost.
        try {
          await reloadDraft(versionRef, (current) =>
            setCarried({
              etag: current.etag,
              base: draft.config,
              mine: next,
              theirs: current.config,
              savedBy: current.savedBy,
              savedAt: current.savedAt,
              keepMine: [],
            }),
          );
          setNotice(null);
        } catch (reloadError) {
          setNotice({ ok: false, text: translateError(tCommon, reloadError) });
        }
      } else setNotice({ ok: false, text: translateError(tCommon, error) });
      return null;
    }
  };
  const applyJson = () => {
    try {
      changeConfig(JSON.parse(json) as ProjectConfig);
      setJsonError(null);
    } catch (error) {
      setJsonError(t('config.notJson', { detail: (error as Error).message }));
    }
  };
  const check = async () => {
    try {
      setReport(await draftReport(versionRef, language));
    } catch (error) {
      setNotice({ ok: false, text: translateError(tCommon, error) });
    }
  };
  const publish = async (mode: 'inPlace' | 'newVersion') => {
    setBusy(true);
    try {
      const done = await publishDraft(versionRef, draft.etag, mode, note, language);
      setNotice({
        ok: true,
        atPublish: true,
        text: t('config.published', { code: done.code, version: done.version, revision: done.revision }),
      });
    } catch (error) {
      setNotice({ ok: false, atPublish: true, text: `${t('config.refused')} ${translateError(tCommon, error)}` });
      await check();
    } finally {
      setBusy(false);
      // Only the publish's own question closes: the admin may have asked something else meanwhile.
      setConfirming((c) => (c?.action === 'inPlace' ? null : c));
    }
  };
  // Discard and publish in place are asked first, with what they will change in words.
  const ask = async (action: Confirming['action']) => {
    setConfirming({ action, report: null });
    const changes = await draftChanges(versionRef, history.revision, draft.config, language, t);
    setConfirming((c) => (c?.action === action ? { action, ...changes } : c));
  };
  const discard = async () => {
    setBusy(true);
    try {
      await discardDraft(versionRef, draft.etag);
      setCarried(null);
      setNotice(null);
    } catch (error) {
      setNotice({ ok: false, text: translateError(tCommon, error) });
    } finally {
      setBusy(false);
      setConfirming((c) => (c?.action === 'discard' ? null : c));
    }
  };
  // A side chosen for one conflict changes that place only, in what is being edited now: the
  // admin's edits made since the merge (or since an earlier choice) stay.
  const keep = (id: string, mine: boolean) => {
    const conflict = merge?.conflicts.find((c) => c.id === id);
    if (!carried || !conflict) return;
    const keepMine = mine
      ? [...carried.keepMine.filter((k) => k !== id), id]
      : carried.keepMine.filter((k) => k !== id);
    setCarried({ ...carried, keepMine });
    changeConfig(applyChoice(config, id, mine ? conflict.mine : conflict.theirs) as ProjectConfig);
  };

  const dirty = JSON.stringify(config) !== JSON.stringify(draft.config);
  const ref = `${versionRef.code}@${versionRef.version}`;
  const stale = draft.basedOnRevision < history.revision;
  // Why publishing is not possible now, said beside the buttons.
  const blocked = dirty
    ? t('config.publishUnsaved')
    : problems.length > 0
      ? t('config.publishProblems', { count: problems.length })
      : null;
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  // Save sits under what it saves (the builder, the JSON editor: drawn in the step shown, so the
  // page has one); its answer is said beside it.
  const saveBar = (
    <>
      {carried && merge && (
        <Alert color={merge.conflicts.length > 0 ? 'orange' : 'blue'} role="alert" data-testid="config-merge">
          <Text size="sm" fw={700}>
            {t('config.savedMeanwhile', { who: carried.savedBy, when: when(carried.savedAt) })}
          </Text>
          <Text size="sm">
            {merge.conflicts.length === 0
              ? t('config.mergedClean')
              : t('config.mergedConflicts', { count: merge.conflicts.length, who: carried.savedBy })}
          </Text>
          {merge.conflicts.map((c) => (
            <Stack key={c.id} gap={4} mt="xs" component="section" aria-label={c.place}>
              <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
                {c.place}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                <div>
                  <Text size="xs">{t('config.theirs', { who: carried.savedBy })}</Text>
                  <Code block>{c.theirs === undefined ? t('config.removed') : JSON.stringify(c.theirs, null, 2)}</Code>
                </div>
                <div>
                  <Text size="xs">{t('config.mine')}</Text>
                  <Code block>{c.mine === undefined ? t('config.removed') : JSON.stringify(c.mine, null, 2)}</Code>
                </div>
              </SimpleGrid>
              <SegmentedControl
                aria-label={t('config.keepWhich', { place: c.place })}
                value={carried.keepMine.includes(c.id) ? 'mine' : 'theirs'}
                onChange={(v) => keep(c.id, v === 'mine')}
                data={[
                  { value: 'theirs', label: t('config.keepTheirs', { who: carried.savedBy }) },
                  { value: 'mine', label: t('config.keepMine') },
                ]}
              />
            </Stack>
          ))}
        </Alert>
      )}
      <Group gap="xs">
        <Button onClick={() => void save()} disabled={!dirty}>
          {t('config.save')}
        </Button>
        <Button variant="default" color="red" onClick={() => void ask('discard')}>
          {t('config.discard')}
        </Button>
      </Group>
      {notice && !notice.atPublish && (
        <Alert color={notice.ok ? 'teal' : 'red'} role="status">
          {notice.text}
        </Alert>
      )}
    </>
  );
  return (
    <Stack gap="md" component="section" aria-labelledby="config-draft">
      <Title order={3} size="h4" id="config-draft">
        {t('config.draftOf', { revision: draft.basedOnRevision, who: draft.savedBy })}
      </Title>
      {stale && (
        <Alert color="yellow" data-testid="config-stale">
          <Text size="sm" fw={700}>
            {t('config.staleDraft', { revision: draft.basedOnRevision, inService: history.revision })}
          </Text>
          <StaleChanges
            versionRef={versionRef}
            language={language}
            etag={draft.etag}
            inService={history.revision}
            draftConfig={draft.config}
          />
        </Alert>
      )}
      <Tabs value={tab} onChange={(v) => setTab((v as Tab | null) ?? 'build')} keepMounted>
        <Tabs.List>
          <Tabs.Tab value="build">{t('config.tabBuild')}</Tabs.Tab>
          <Tabs.Tab value="json">{t('config.json')}</Tabs.Tab>
          <Tabs.Tab value="preview">{t('config.tabPreview')}</Tabs.Tab>
          <Tabs.Tab value="publish" color={problems.length > 0 ? 'red' : undefined}>
            {problems.length > 0 ? t('config.tabPublishProblems', { count: problems.length }) : t('config.publish')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="build" pt="md">
          <Stack gap="md">
            <StructureBuilder config={config} onChange={changeConfig} />
            <FieldBuilder
              config={config}
              onChange={changeConfig}
              chosen={picked.builder}
              onChoose={(form) => setPicked((p) => ({ ...p, builder: form }))}
              problems={problems}
            />
            {tab === 'build' && saveBar}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="json" pt="md">
          <Stack gap="md">
            <Stack gap="xs">
              <Title order={4} size="h5">
                {t('config.json')}
              </Title>
              <JsonEditor label={t('config.jsonLabel')} value={json} onChange={setJson} />
              {jsonError && (
                <Text size="sm" c="red.9" role="alert">
                  {jsonError}
                </Text>
              )}
              <Button variant="default" onClick={applyJson}>
                {t('config.applyJson')}
              </Button>
            </Stack>
            {tab === 'json' && saveBar}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="md">
          <Stack gap="md">
            {draft.problems.length > 0 && <Text size="sm">{t('config.previewNeedsCheck')}</Text>}
            {draft.problems.length === 0 && (
              <DraftPreview
                versionRef={versionRef}
                config={draft.config as unknown as ProjectConfig}
                chosen={picked.preview ?? picked.builder}
                onChoose={(form) => setPicked((p) => ({ ...p, preview: form }))}
                language={picked.previewLanguage}
                onLanguage={(previewLanguage) => setPicked((p) => ({ ...p, previewLanguage }))}
              />
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="publish" pt="md">
          <Stack gap="md">
            <Stack gap="xs" component="section" aria-labelledby="config-problems">
              <Title order={4} size="h5" id="config-problems">
                {t('config.problems')}
              </Title>
              {problems.length === 0 ? (
                <Text size="sm">{t('config.noProblems')}</Text>
              ) : (
                <ProblemList problems={problems} />
              )}
            </Stack>
            <Stack gap="xs" component="section" aria-labelledby="config-publish">
              <Title order={4} size="h5" id="config-publish">
                {t('config.publish')}
              </Title>
              <Button variant="default" onClick={() => void check()} disabled={dirty}>
                {t('config.check')}
              </Button>
              {report && <ReportView report={report} empty={t('config.noChanges')} />}
              <TextInput
                label={t('config.note')}
                value={note}
                onChange={(e) => setNote(e.currentTarget.value)}
                maxLength={500}
              />
              {blocked && (
                <Alert color="red" id="config-publish-blocked" data-testid="config-publish-blocked">
                  <Text size="sm" fw={700}>
                    {blocked}
                  </Text>
                  {!dirty && <ProblemList problems={problems} />}
                </Alert>
              )}
              <Group gap="xs">
                <Button
                  onClick={() => void ask('inPlace')}
                  disabled={blocked !== null}
                  aria-describedby={blocked ? 'config-publish-blocked' : undefined}
                >
                  {t('config.inPlace')}
                </Button>
                <Button
                  variant="light"
                  onClick={() => void publish('newVersion')}
                  disabled={blocked !== null}
                  aria-describedby={blocked ? 'config-publish-blocked' : undefined}
                >
                  {t('config.asNewVersion')}
                </Button>
              </Group>
              {notice?.atPublish && (
                <Alert color={notice.ok ? 'teal' : 'red'} role="status">
                  {notice.text}
                </Alert>
              )}
            </Stack>
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming?.action === 'discard' ? t('config.discardTitle') : t('config.inPlaceTitle')}
        confirm={confirming?.action === 'discard' ? t('config.discard') : t('config.inPlace')}
        color={confirming?.action === 'discard' ? 'red' : undefined}
        busy={busy}
        onClose={() => setConfirming(null)}
        onConfirm={() => void (confirming?.action === 'discard' ? discard() : publish('inPlace'))}
      >
        <Text size="sm">
          {confirming?.action === 'discard'
            ? t('config.discardWhat', { ref, revision: draft.basedOnRevision, who: draft.savedBy })
            : t('config.inPlaceWhat', { ref, revision: history.revision + 1 })}
        </Text>
        {confirming && !confirming.report && <ScreenLoader />}
        {confirming?.report && (
          <ReportView
            report={confirming.report}
            words={confirming.words}
            empty={confirming.action === 'discard' ? t('config.discardNothing') : t('config.noChanges')}
          />
        )}
      </ConfirmDialog>
    </Stack>
  );
}

/**
 * What publishing a draft opened before the revision in service would change (what was published
 * since and is not in the draft would go), in the admin's words.
 */
function StaleChanges({
  versionRef,
  language,
  etag,
  inService,
  draftConfig,
}: {
  versionRef: VersionRef;
  language: Language;
  etag: number;
  inService: number;
  draftConfig: unknown;
}) {
  const { t } = useTranslation('admin');
  const [changes, setChanges] = useState<{ report: Report | null; words?: string[] }>({ report: null });
  useEffect(() => {
    let alive = true;
    void draftChanges({ code: versionRef.code, version: versionRef.version }, inService, draftConfig, language, t).then(
      (answer) => alive && setChanges(answer),
    );
    return () => {
      alive = false;
    };
    // The draft's configuration changes with its ETag.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [versionRef.code, versionRef.version, language, etag, inService]);
  return changes.report ? (
    <ReportView report={changes.report} words={changes.words} empty={t('config.noChanges')} />
  ) : null;
}
