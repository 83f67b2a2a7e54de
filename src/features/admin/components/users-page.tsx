import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AdminUser, UsersQuery } from '@schemas/api/admin';
import { useAdminSession } from '@/shared/admin/admin-api';
import { translateError } from '@/shared/i18n/error-message';
import { paths } from '@/shared/paths';
import { ScreenLoader } from '@/shared/ui/screen-loader';
import { useUsers, type UserWithCode } from '../api/users';
import { AccessCodeDialog } from './access-code-dialog';
import { CreateUserForm } from './create-user-form';
import { Pager } from './pager';

const PAGE_SIZE = 20;

function UserCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  return (
    <Card withBorder padding="sm" component="li" data-testid="admin-user">
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700}>{user.fullName}</Text>
          <Text size="sm">
            {t(`type.${user.userType}`)} · {user.organizationName}
          </Text>
          <Text size="sm" c="dimmed">
            {user.memberships.length
              ? user.memberships.map((m) => `${m.projectCode} (${m.role ? t(`roleShort.${m.role}`) : '-'})`).join(', ')
              : t('users.noProjects')}
          </Text>
          <Group gap={4}>
            {user.deactivated && <Badge color="gray">{t('users.deactivated')}</Badge>}
            {user.accessCodeRevoked && <Badge color="orange">{t('detail.codeRevoked')}</Badge>}
          </Group>
        </Stack>
        <Anchor
          component={Link}
          to={paths.admin.getHref(`users/${user.id}`)}
          aria-label={t('users.manageNamed', { name: user.fullName })}
        >
          {t('users.manage')}
        </Anchor>
      </Group>
    </Card>
  );
}

/** `/admin/users`: the users the admin manages, searched, filtered and paged; a new user gets their access code shown once. */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const admin = useAdminSession().data;
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState<UsersQuery>({ skip: 0, count: PAGE_SIZE });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<UserWithCode | null>(null);
  const users = useUsers(query);
  const filter = (change: Partial<UsersQuery>) => setQuery((q) => ({ ...q, ...change, skip: 0 }));

  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          {t('users.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('users.intro')}
        </Text>
      </div>
      <Button
        variant={creating ? 'default' : 'filled'}
        onClick={() => setCreating((c) => !c)}
        aria-expanded={creating}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('users.new')}
      </Button>
      <Collapse expanded={creating}>
        {admin && (
          <Card withBorder padding="sm">
            <CreateUserForm
              admin={admin}
              onCreated={(c) => {
                setCreated(c);
                setCreating(false);
              }}
            />
          </Card>
        )}
      </Collapse>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          filter({ search: search.trim() || undefined });
        }}
        role="search"
        aria-label={t('users.search')}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <TextInput
            label={t('users.search')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            type="search"
          />
          <Select
            label={t('users.userType')}
            clearable
            placeholder={t('users.any')}
            value={query.userType ?? null}
            data={(['staff', 'carrier', 'client'] as const).map((v) => ({ value: v, label: t(`type.${v}`) }))}
            onChange={(v) => filter({ userType: (v ?? undefined) as UsersQuery['userType'] })}
          />
          <Select
            label={t('users.status')}
            clearable
            placeholder={t('users.any')}
            value={query.status ?? null}
            data={[
              { value: 'active', label: t('users.active') },
              { value: 'deactivated', label: t('users.deactivated') },
            ]}
            onChange={(v) => filter({ status: (v ?? undefined) as UsersQuery['status'] })}
          />
        </SimpleGrid>
        <Button type="submit" mt="xs" variant="light">
          {t('users.find')}
        </Button>
      </form>
      {users.error && (
        <Alert color="red" role="alert">
          {t('users.failed')} {translateError(tCommon, users.error)}
        </Alert>
      )}
      {!users.data && !users.error && <ScreenLoader />}
      {users.data?.items.length === 0 && <Text>{t('users.empty')}</Text>}
      {users.data && users.data.items.length > 0 && (
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label={t('users.title')}
        >
          {users.data.items.map((user) => (
            <UserCard key={user.id} user={user} />
          ))}
        </Stack>
      )}
      {users.data && (
        <Pager
          skip={query.skip ?? 0}
          count={PAGE_SIZE}
          total={users.data.total}
          onSkip={(skip) => setQuery((q) => ({ ...q, skip }))}
        />
      )}
      <AccessCodeDialog
        shown={created && { name: created.user.fullName, accessCode: created.accessCode }}
        onClose={() => setCreated(null)}
      />
    </Stack>
  );
}
