import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Collapse,
  FileInput,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { AdminProject, CreateProjectBody } from '@schemas/api/admin';
import { LANGUAGES } from '@schemas/languages';
import { useAdminSession } from '@/shared/admin/admin-api';
import { translateError } from '@/shared/i18n/error-message';
import { ScreenLoader } from '@/shared/ui/screen-loader';
import { showToast } from '@/shared/ui/toasts';
import { createProject, logoUpload, setProjectLogo, setSelfRegistration, useProjects } from '../api/projects';
import { formFailure } from '@/shared/forms/form-failure';
import { paths } from '@/shared/paths';
import { Pager } from './pager';

const PAGE_SIZE = 20;
/** Each language by its own name, as language pickers show them. */
const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = {
  en: 'English',
  ja: '日本語',
  'zh-TW': '繁體中文',
  'zh-CN': '简体中文',
};
const CODE = /^[A-Za-z0-9_-]{1,32}$/;
/** The fields whose refusal the server names (a taken code, a name with a line break), shown under them. */
const OWN_FIELDS = ['code', 'name', 'logo'] as const;

function CreateProjectForm({ onCreated }: { onCreated(project: AdminProject): void }) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const [form, setForm] = useState({
    code: '',
    name: '',
    barcodeReaderType: 'camera',
    languages: [...LANGUAGES] as string[],
    allowUserSelfRegister: false,
  });
  const [logo, setLogo] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<(typeof OWN_FIELDS)[number], string>>>({});
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!CODE.test(form.code) || !form.name.trim() || form.languages.length === 0)
      return setError(t('projects.required'));
    setSending(true);
    setError(null);
    setFieldErrors({});
    try {
      const upload = logo ? await logoUpload(logo) : undefined;
      if (upload === null) throw new Error('logo type');
      onCreated(
        await createProject({
          ...form,
          barcodeReaderType: form.barcodeReaderType as CreateProjectBody['barcodeReaderType'],
          languages: form.languages as CreateProjectBody['languages'],
          ...(upload ? { logo: upload } : {}),
        }),
      );
    } catch (thrown) {
      const failure =
        thrown instanceof Error && thrown.message === 'logo type'
          ? { fields: { logo: t('projects.logoWrongType') }, other: null }
          : formFailure(tCommon, thrown, OWN_FIELDS);
      setFieldErrors(failure.fields);
      setError(failure.other);
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="create-project-title">
      <Stack gap="xs">
        <Title order={3} size="h4" id="create-project-title">
          {t('projects.new')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput
            label={t('projects.code')}
            description={t('projects.codeHint')}
            value={form.code}
            required
            maxLength={32}
            onChange={(e) => {
              setForm({ ...form, code: e.currentTarget.value.trim() });
              setFieldErrors(({ code: _changed, ...others }) => others);
            }}
            error={fieldErrors.code}
            autoCapitalize="none"
            spellCheck={false}
          />
          <TextInput
            label={t('projects.name')}
            value={form.name}
            required
            maxLength={100}
            onChange={(e) => {
              setForm({ ...form, name: e.currentTarget.value });
              setFieldErrors(({ name: _changed, ...others }) => others);
            }}
            error={fieldErrors.name}
          />
          <Select
            label={t('projects.readerType')}
            allowDeselect={false}
            value={form.barcodeReaderType}
            data={(['camera', 'commercial'] as const).map((v) => ({ value: v, label: t(`projects.reader.${v}`) }))}
            onChange={(v) => v && setForm({ ...form, barcodeReaderType: v })}
          />
          <FileInput
            label={t('projects.logo')}
            accept="image/png,image/jpeg,image/webp,image/svg+xml"
            value={logo}
            onChange={(file) => {
              setLogo(file);
              setFieldErrors(({ logo: _changed, ...others }) => others);
            }}
            error={fieldErrors.logo}
            clearable
          />
        </SimpleGrid>
        <Checkbox.Group
          label={t('projects.languages')}
          value={form.languages}
          onChange={(languages) => setForm({ ...form, languages })}
          required
        >
          <Group gap="md" mt={4}>
            {LANGUAGES.map((l) => (
              <Checkbox key={l} value={l} label={LANGUAGE_NAMES[l]} lang={l} />
            ))}
          </Group>
        </Checkbox.Group>
        <Switch
          label={t('projects.selfRegistration')}
          checked={form.allowUserSelfRegister}
          onChange={(e) => setForm({ ...form, allowUserSelfRegister: e.currentTarget.checked })}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={sending} style={{ alignSelf: 'flex-start' }}>
          {t('projects.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function ProjectCard({ project }: { project: AdminProject }) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toggle = async (allow: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await setSelfRegistration(project.code, allow);
      showToast('success', t('detail.saved'));
    } catch (thrown) {
      setError(translateError(tCommon, thrown));
    } finally {
      setBusy(false);
    }
  };
  // A file picked is sent at once (a logo of every version); null removes the logo.
  const changeLogo = async (file: File | null) => {
    setBusy(true);
    setError(null);
    try {
      const upload = file ? await logoUpload(file) : null;
      if (file && !upload) return setError(t('projects.logoWrongType'));
      await setProjectLogo(project.code, upload);
      showToast(
        'success',
        file ? t('projects.logoChanged', { code: project.code }) : t('projects.logoRemoved', { code: project.code }),
      );
    } catch (thrown) {
      setError(translateError(tCommon, thrown));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="sm" component="li" data-testid="admin-project">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text fw={700}>
            {project.code}@{project.latestVersion} · {project.name}
          </Text>
          <Badge variant="light" style={{ textTransform: 'none' }}>
            {t('projects.version', { version: project.latestVersion })}
          </Badge>
        </Group>
        <Text size="sm">
          {t(`projects.reader.${project.barcodeReaderType}`)} ·{' '}
          {project.languages.map((l) => LANGUAGE_NAMES[l]).join(', ')}
        </Text>
        <Text size="sm">{t('projects.members', { count: project.members })}</Text>
        <Anchor
          component={Link}
          to={paths.admin.getHref(`config?code=${encodeURIComponent(project.code)}&version=${project.latestVersion}`)}
          size="sm"
        >
          {t('projects.configure', { ref: `${project.code}@${project.latestVersion}` })}
        </Anchor>
        <Switch
          label={t('projects.selfRegistration')}
          checked={project.allowUserSelfRegister}
          disabled={busy}
          onChange={(e) => void toggle(e.currentTarget.checked)}
          aria-label={`${t('projects.selfRegistration')}: ${project.code}`}
        />
        <Group gap="xs" align="flex-end">
          <FileInput
            label={t('projects.changeLogoOf', { code: project.code })}
            accept="image/png,image/jpeg,image/webp,image/svg+xml"
            description={project.hasLogo ? t('projects.hasLogo') : t('projects.noLogo')}
            value={null}
            disabled={busy}
            onChange={(file) => void changeLogo(file)}
            style={{ flex: '1 1 12rem' }}
          />
          {project.hasLogo && (
            <Button
              variant="default"
              disabled={busy}
              onClick={() => void changeLogo(null)}
              aria-label={t('projects.removeLogoOf', { code: project.code })}
            >
              {t('projects.removeLogo')}
            </Button>
          )}
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/** `/admin/projects`: the projects the admin manages, searched and paged; an enterprise admin creates new ones. */
export function ProjectsPage() {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const admin = useAdminSession().data;
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState({ skip: 0, count: PAGE_SIZE, search: undefined as string | undefined });
  const [creating, setCreating] = useState(false);
  const projects = useProjects(query);
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          {t('projects.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('projects.intro')}
        </Text>
      </div>
      {admin?.role === 'enterprise' && (
        <>
          <Button
            variant={creating ? 'default' : 'filled'}
            onClick={() => setCreating((c) => !c)}
            aria-expanded={creating}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('projects.new')}
          </Button>
          <Collapse expanded={creating}>
            <Card withBorder padding="sm">
              <CreateProjectForm
                onCreated={(p) => {
                  setCreating(false);
                  showToast('success', t('projects.created', { code: p.code }));
                }}
              />
            </Card>
          </Collapse>
        </>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setQuery((q) => ({ ...q, skip: 0, search: search.trim() || undefined }));
        }}
        role="search"
        aria-label={t('projects.search')}
      >
        <Group align="flex-end" gap="xs">
          <TextInput
            label={t('projects.search')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            type="search"
            style={{ flex: '1 1 12rem' }}
          />
          <Button type="submit" variant="light">
            {t('projects.find')}
          </Button>
        </Group>
      </form>
      {projects.error && (
        <Alert color="red" role="alert">
          {t('projects.failed')} {translateError(tCommon, projects.error)}
        </Alert>
      )}
      {!projects.data && !projects.error && <ScreenLoader />}
      {projects.data?.items.length === 0 && <Text>{t('projects.empty')}</Text>}
      {projects.data && projects.data.items.length > 0 && (
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label={t('projects.title')}
        >
          {projects.data.items.map((p) => (
            <ProjectCard key={p.code} project={p} />
          ))}
        </Stack>
      )}
      {projects.data && (
        <Pager
          skip={query.skip}
          count={PAGE_SIZE}
          total={projects.data.total}
          onSkip={(skip) => setQuery((q) => ({ ...q, skip }))}
        />
      )}
    </Stack>
  );
}
