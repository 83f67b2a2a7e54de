import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConfigHistory, Draft, Report } from '@schemas/api/admin-config';
import type { Language } from '@schemas/languages';
import type { ProjectConfig } from '@schemas/project-config';
import { ApiError } from '@/shared/api/errors';
import { translateError } from '@/shared/i18n/error-message';
import { ScreenLoader } from '@/shared/ui/screen-loader';
import {
  discardDraft,
  draftReport,
  openDraft,
  publishDraft,
  saveDraft,
  useDraft,
  type VersionRef,
} from '../api/config';
import { FieldBuilder } from './field-builder';
import { StructureBuilder } from './structure-builder';
import { JsonEditor } from './json-editor';
import { DraftPreview } from './draft-preview';
import { ReportView } from './report-view';

interface Notice {
  ok: boolean;
  text: string;
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
      draft={draft.data}
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
  draft: Draft;
  language: Language;
  notice: Notice | null;
  setNotice(notice: Notice | null): void;
}

function DraftEditor({ versionRef, draft, language, notice, setNotice, picked, setPicked }: EditorProps) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  // What is being edited: kept here (not in the request cache), so a failed save loses nothing.
  const [config, setConfig] = useState(() => draft.config as unknown as ProjectConfig);
  const [json, setJson] = useState(() => JSON.stringify(draft.config, null, 2));
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [note, setNote] = useState('');
  // The builder and the JSON editor edit the same configuration: a change in one is shown in the other.
  const changeConfig = (next: ProjectConfig) => {
    setConfig(next);
    setJson(JSON.stringify(next, null, 2));
  };

  const save = async (next: ProjectConfig = config) => {
    try {
      const saved = await saveDraft(versionRef, draft.etag, next);
      setNotice({ ok: true, text: t('config.saved') });
      return saved;
    } catch (error) {
      if (error instanceof ApiError && error.code === '3097')
        setNotice({ ok: false, text: t('config.stale', { who: draft.savedBy }) });
      else setNotice({ ok: false, text: translateError(tCommon, error) });
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
    try {
      const done = await publishDraft(versionRef, draft.etag, mode, note, language);
      setNotice({
        ok: true,
        text: t('config.published', { code: done.code, version: done.version, revision: done.revision }),
      });
    } catch (error) {
      setNotice({ ok: false, text: `${t('config.refused')} ${translateError(tCommon, error)}` });
      await check();
    }
  };
  const dirty = JSON.stringify(config) !== JSON.stringify(draft.config);
  return (
    <Stack gap="md" component="section" aria-labelledby="config-draft">
      <Title order={3} size="h4" id="config-draft">
        {t('config.draftOf', { revision: draft.basedOnRevision, who: draft.savedBy })}
      </Title>
      {notice && (
        <Alert color={notice.ok ? 'teal' : 'red'} role="status">
          {notice.text}
        </Alert>
      )}
      <StructureBuilder config={config} onChange={changeConfig} />
      <FieldBuilder
        config={config}
        onChange={changeConfig}
        chosen={picked.builder}
        onChoose={(form) => setPicked((p) => ({ ...p, builder: form }))}
      />
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
      <Group gap="xs">
        <Button onClick={() => void save()} disabled={!dirty}>
          {t('config.save')}
        </Button>
        <Button
          variant="default"
          color="red"
          onClick={() =>
            discardDraft(versionRef, draft.etag).then(
              () => setNotice(null),
              (e: unknown) => setNotice({ ok: false, text: translateError(tCommon, e) }),
            )
          }
        >
          {t('config.discard')}
        </Button>
      </Group>
      <Stack gap="xs" component="section" aria-labelledby="config-problems">
        <Title order={4} size="h5" id="config-problems">
          {t('config.problems')}
        </Title>
        {draft.problems.length === 0 ? (
          <Text size="sm">{t('config.noProblems')}</Text>
        ) : (
          <Stack gap={2} component="ul" style={{ margin: 0, paddingInlineStart: '1.2rem' }}>
            {draft.problems.map((p) => (
              <Text key={`${p.pointer} ${p.key}`} size="sm" component="li" style={{ overflowWrap: 'anywhere' }}>
                <code>{p.pointer}</code>: {p.message}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
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
        <Group gap="xs">
          <Button onClick={() => void publish('inPlace')} disabled={dirty}>
            {t('config.inPlace')}
          </Button>
          <Button variant="light" onClick={() => void publish('newVersion')} disabled={dirty}>
            {t('config.asNewVersion')}
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
