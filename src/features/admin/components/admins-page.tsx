import { useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  Modal,
  MultiSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminAccount } from '@schemas/api/admin';
import { useAdminSession } from '@/shared/admin/admin-api';
import { ApiError } from '@/shared/api/errors';
import { translateError } from '@/shared/i18n/error-message';
import { ScreenLoader } from '@/shared/ui/screen-loader';
import { createAdmin, deactivateAdmin, useAdmins, type AdminWithPassword } from '../api/admins';
import { useProjects } from '../api/projects';
import { formFailure } from '@/shared/forms/form-failure';

const LOGIN = /^[a-z0-9][a-z0-9._-]{2,63}$/;

/** A new admin: a project admin of the projects picked, an enterprise admin when none is. What was typed stays after a failure. */
function CreateAdminForm({ onCreated }: { onCreated(created: AdminWithPassword): void }) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const [name, setName] = useState('');
  const [login, setLogin] = useState('');
  const [projectCodes, setProjectCodes] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  // The server's refusal of the name (a line break, an invisible character), shown under it.
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const projects = useProjects({ count: 100 });
  const codes = [...new Set((projects.data?.items ?? []).map((p) => p.code))];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t('admins.nameRequired'));
    if (login && !LOGIN.test(login)) return setError(t('admins.loginHint'));
    setSending(true);
    setError(null);
    setNameError(undefined);
    try {
      onCreated(await createAdmin({ name: name.trim(), ...(login ? { login } : {}), projectCodes }));
      setName('');
      setLogin('');
      setProjectCodes([]);
    } catch (thrown) {
      // The server's codes on this form: a login taken (duplicateEmail) or none made from the name
      // (emptyField on login).
      if (thrown instanceof ApiError && thrown.fields.login?.includes(2100)) setError(t('admins.loginTaken'));
      else if (thrown instanceof ApiError && thrown.fields.login?.includes(1000)) setError(t('admins.loginNeeded'));
      else {
        const failure = formFailure(tCommon, thrown, ['name']);
        setNameError(failure.fields.name);
        setError(failure.other);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="create-admin-title">
      <Stack gap="xs">
        <Title order={3} size="h4" id="create-admin-title">
          {t('admins.createTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput
            label={t('admins.name')}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setNameError(undefined);
            }}
            error={nameError}
            required
            maxLength={100}
            autoComplete="off"
          />
          <TextInput
            label={t('admins.login')}
            description={t('admins.loginHint')}
            value={login}
            onChange={(e) => setLogin(e.currentTarget.value.toLowerCase())}
            maxLength={64}
            autoComplete="off"
          />
        </SimpleGrid>
        <MultiSelect
          label={t('admins.projects')}
          description={t('admins.projectsHint')}
          data={codes}
          value={projectCodes}
          onChange={setProjectCodes}
          clearable
          searchable
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={sending} style={{ alignSelf: 'flex-start' }}>
          {t('admins.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function AdminCard({
  account,
  self,
  onDeactivate,
}: {
  account: AdminAccount;
  self: boolean;
  onDeactivate(account: AdminAccount): void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Card withBorder padding="sm" component="li" data-testid="admin-account">
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700}>{account.name}</Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {account.login}
          </Text>
          <Text size="sm" c="dimmed">
            {account.role === 'enterprise'
              ? t('admins.enterpriseAdmin')
              : t('admins.projectAdmin', { codes: account.projectCodes.join(', ') })}
          </Text>
          <Group gap={4}>
            {self && <Badge color="blue">{t('admins.you')}</Badge>}
            {!account.active && <Badge color="gray">{t('users.deactivated')}</Badge>}
          </Group>
        </Stack>
        {account.active && !self && (
          <Button
            variant="default"
            color="red"
            size="compact-sm"
            onClick={() => onDeactivate(account)}
            aria-label={t('admins.deactivateNamed', { name: account.name })}
          >
            {t('admins.deactivate')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** `/admin/admins` (enterprise admins): the enterprise's admins; a new admin gets their password shown once; deactivating ends their sessions. */
export function AdminsPage() {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const session = useAdminSession().data;
  const admins = useAdmins();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<AdminWithPassword | null>(null);
  const [confirming, setConfirming] = useState<AdminAccount | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const deactivate = async (account: AdminAccount) => {
    setConfirming(null);
    try {
      await deactivateAdmin(account.id);
      setNotice({ ok: true, text: t('admins.deactivated', { name: account.name }) });
    } catch (thrown) {
      setNotice({ ok: false, text: translateError(tCommon, thrown) });
    }
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          {t('admins.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('admins.intro')}
        </Text>
      </div>
      <Button
        variant={creating ? 'default' : 'filled'}
        onClick={() => setCreating((c) => !c)}
        aria-expanded={creating}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('admins.new')}
      </Button>
      <Collapse expanded={creating}>
        <Card withBorder padding="sm">
          <CreateAdminForm
            onCreated={(c) => {
              setCreated(c);
              setCreating(false);
            }}
          />
        </Card>
      </Collapse>
      {notice && (
        <Alert color={notice.ok ? 'teal' : 'red'} role="status">
          {notice.text}
        </Alert>
      )}
      {admins.error && (
        <Alert color="red" role="alert">
          {t('admins.failed')} {translateError(tCommon, admins.error)}
        </Alert>
      )}
      {!admins.data && !admins.error && <ScreenLoader />}
      {admins.data && (
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label={t('admins.title')}
        >
          {admins.data.map((account) => (
            <AdminCard
              key={account.id}
              account={account}
              self={account.id === session?.id}
              onDeactivate={setConfirming}
            />
          ))}
        </Stack>
      )}
      <Modal
        opened={created !== null}
        onClose={() => setCreated(null)}
        title={t('admins.passwordTitle')}
        centered
        closeButtonProps={{ 'aria-label': tCommon('common.close') }}
      >
        {created && (
          <Stack>
            <Text>{t('admins.passwordMessage', { name: created.admin.name, login: created.admin.login })}</Text>
            <Text
              ff="monospace"
              fz={22}
              fw={700}
              ta="center"
              data-testid="issued-admin-password"
              style={{ overflowWrap: 'anywhere' }}
            >
              {created.password}
            </Text>
            <Button onClick={() => setCreated(null)}>{t('code.done')}</Button>
          </Stack>
        )}
      </Modal>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('admins.confirmTitle')}
        centered
        closeButtonProps={{ 'aria-label': tCommon('common.close') }}
      >
        {confirming && (
          <Stack>
            <Text>{t('admins.confirmMessage', { name: confirming.name })}</Text>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setConfirming(null)}>
                {t('admins.keep')}
              </Button>
              <Button color="red" onClick={() => void deactivate(confirming)}>
                {t('admins.deactivate')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
