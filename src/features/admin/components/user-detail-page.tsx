import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { AdminUser } from '@schemas/api/admin';
import { useAdminSession } from '@/shared/admin/admin-api';
import { translateError } from '@/shared/i18n/error-message';
import { paths } from '@/shared/paths';
import { ScreenLoader } from '@/shared/ui/screen-loader';
import { showToast } from '@/shared/ui/toasts';
import { useProjects } from '../api/projects';
import {
  deactivateUser,
  issueAccessCode,
  MEMBER_ROLES,
  putMember,
  reactivateUser,
  removeMember,
  revokeAccessCode,
  useUser,
  type MemberRole,
} from '../api/users';
import { AccessCodeDialog } from './access-code-dialog';

/** One action at a time; its failure is shown in place, nothing on the screen is lost. */
function useAction() {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async <T,>(action: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      const result = await action();
      showToast('success', t('detail.saved'));
      return result;
    } catch (thrown) {
      setError(translateError(tCommon, thrown));
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

function Memberships({ user, manages }: { user: AdminUser; manages(code: string): boolean }) {
  const { t } = useTranslation('admin');
  const projects = useProjects({ count: 100 });
  const { busy, error, run } = useAction();
  const [adding, setAdding] = useState<{ projectCode: string | null; role: MemberRole }>({
    projectCode: null,
    role: 'manager',
  });
  const roles = MEMBER_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }));
  const addable = (projects.data?.items ?? []).filter(
    (p) => !user.memberships.some((m) => m.projectCode === p.code) && manages(p.code),
  );
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t('detail.memberships')}
      </Title>
      {user.memberships.length === 0 && <Text size="sm">{t('users.noProjects')}</Text>}
      {user.memberships.map((m) => (
        <Group key={m.projectCode} gap="xs" align="flex-end" wrap="wrap">
          <Select
            label={t('detail.roleIn', { project: m.projectCode })}
            data={roles}
            value={m.role}
            allowDeselect={false}
            disabled={busy || !manages(m.projectCode)}
            onChange={(role) => role && void run(() => putMember(user.id, m.projectCode, role as MemberRole))}
            style={{ flex: '1 1 14rem' }}
          />
          <Button
            variant="default"
            disabled={busy || !manages(m.projectCode)}
            onClick={() => void run(() => removeMember(user.id, m.projectCode))}
          >
            {t('detail.remove', { project: m.projectCode })}
          </Button>
        </Group>
      ))}
      {addable.length > 0 && (
        <Card withBorder padding="xs">
          <Stack gap="xs">
            <Text fw={700} size="sm">
              {t('detail.addTitle')}
            </Text>
            <Select
              label={t('create.project')}
              data={addable.map((p) => ({ value: p.code, label: `${p.code} · ${p.name}` }))}
              value={adding.projectCode}
              onChange={(projectCode) => setAdding((a) => ({ ...a, projectCode }))}
            />
            <Select
              label={t('create.role')}
              data={roles}
              value={adding.role}
              allowDeselect={false}
              onChange={(role) => role && setAdding((a) => ({ ...a, role: role as MemberRole }))}
            />
            <Button
              disabled={!adding.projectCode}
              loading={busy}
              style={{ alignSelf: 'flex-start' }}
              onClick={() =>
                adding.projectCode &&
                void run(() => putMember(user.id, adding.projectCode!, adding.role)).then(() =>
                  setAdding({ projectCode: null, role: 'manager' }),
                )
              }
            >
              {t('detail.add')}
            </Button>
          </Stack>
        </Card>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

/** `/admin/users/:userId`: deactivate or reactivate, issue or revoke the access code, projects and roles. */
export function UserDetailPage() {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const { userId = '' } = useParams();
  const admin = useAdminSession().data;
  const user = useUser(userId);
  const { busy, error, run } = useAction();
  const [code, setCode] = useState<string | null>(null);
  const back = (
    <Anchor component={Link} to={paths.admin.getHref('users')}>
      {t('detail.back')}
    </Anchor>
  );
  if (user.error)
    return (
      <Stack>
        {back}
        <Alert color="red" role="alert">
          {t('detail.failed')} {translateError(tCommon, user.error)}
        </Alert>
      </Stack>
    );
  if (!user.data || !admin) return <ScreenLoader />;
  const u = user.data;
  const manages = (code: string) => admin.role === 'enterprise' || admin.projectCodes.includes(code);
  // The account (its access code, on or off) serves every project: a project admin acts on it only
  // for a user of none but their projects; the server refuses the rest.
  const elsewhere = u.memberships.map((m) => m.projectCode).filter((code) => !manages(code));
  const ownsAccount = elsewhere.length === 0;
  const why = ownsAccount ? undefined : 'shared-account-note';
  return (
    <Stack gap="md">
      {back}
      <div>
        <Title order={2} size="h3">
          {u.fullName}
        </Title>
        <Text size="sm">
          {t(`type.${u.userType}`)} · {u.organizationName}
        </Text>
        <Group gap={4} mt={4}>
          {u.deactivated && <Badge color="gray">{t('users.deactivated')}</Badge>}
          {u.accessCodeRevoked && <Badge color="orange">{t('detail.codeRevoked')}</Badge>}
        </Group>
      </div>
      {u.deactivated && <Alert color="gray">{t('detail.deactivatedNote')}</Alert>}
      <Group gap="xs">
        <Button
          loading={busy}
          disabled={!ownsAccount}
          aria-describedby={why}
          onClick={() => void run(() => issueAccessCode(u.id)).then((issued) => issued && setCode(issued.accessCode))}
        >
          {t('detail.issue')}
        </Button>
        {!u.accessCodeRevoked && (
          <Button
            variant="default"
            disabled={busy || !ownsAccount}
            aria-describedby={why}
            onClick={() => void run(() => revokeAccessCode(u.id))}
          >
            {t('detail.revoke')}
          </Button>
        )}
        {u.deactivated ? (
          <Button
            variant="default"
            disabled={busy || !ownsAccount}
            aria-describedby={why}
            onClick={() => void run(() => reactivateUser(u.id))}
          >
            {t('detail.reactivate')}
          </Button>
        ) : (
          <Button
            color="red"
            variant="light"
            disabled={busy || !ownsAccount}
            aria-describedby={why}
            onClick={() => void run(() => deactivateUser(u.id))}
          >
            {t('detail.deactivate')}
          </Button>
        )}
      </Group>
      {!ownsAccount && (
        <Text size="sm" id={why}>
          {t('detail.sharedAccount', { name: u.fullName, projects: elsewhere.join(', ') })}
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Memberships user={u} manages={manages} />
      <AccessCodeDialog shown={code ? { name: u.fullName, accessCode: code } : null} onClose={() => setCode(null)} />
    </Stack>
  );
}
