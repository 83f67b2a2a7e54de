import { useState, type FormEvent } from 'react';
import { Alert, Autocomplete, Button, PasswordInput, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Admin, CreateUserBody } from '@schemas/api/admin';
import { useProjects } from '../api/projects';
import { createUser, MEMBER_ROLES, useOrganizations, type MemberRole, type UserWithCode } from '../api/users';
import { formFailure } from '@/shared/forms/form-failure';

const PASSWORD = /^(?=.*[0-9])(?=.*[a-z])(?=.*[A-Z]).{8,32}$/;
const EMPTY = {
  userType: 'staff',
  firstName: '',
  lastName: '',
  organizationName: '',
  password: '',
  projectCode: '',
  role: 'manager',
};
/** The fields whose refusal the server names, shown under them. */
const OWN_FIELDS = ['firstName', 'lastName', 'organizationName', 'password'] as const;
type OwnField = (typeof OWN_FIELDS)[number];

export interface CreateUserFormProps {
  admin: Admin;
  onCreated(created: UserWithCode): void;
}

/** A new user of any type, in an organization, optionally a member of a project with a role. What was typed stays after a failure. */
export function CreateUserForm({ admin, onCreated }: CreateUserFormProps) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const [form, setForm] = useState(
    admin.role === 'project' ? { ...EMPTY, projectCode: admin.projectCodes[0] ?? '' } : EMPTY,
  );
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<OwnField, string>>>({});
  const [sending, setSending] = useState(false);
  const organizations = useOrganizations();
  const projects = useProjects({ count: 100 });
  const set = (key: keyof typeof EMPTY) => (value: string | null) => {
    setForm((f) => ({ ...f, [key]: value ?? '' }));
    // A field's message goes once it is changed: it spoke of what was there before.
    setFieldErrors(({ [key as OwnField]: _changed, ...others }) => others);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.firstName.trim() || !form.lastName.trim() || !form.organizationName.trim())
      return setError(t('create.required'));
    if (form.password && !PASSWORD.test(form.password)) return setError(t('create.passwordHint'));
    setSending(true);
    setError(null);
    setFieldErrors({});
    try {
      const body: CreateUserBody = {
        userType: form.userType as CreateUserBody['userType'],
        firstName: form.firstName,
        lastName: form.lastName,
        organizationName: form.organizationName,
        ...(form.password ? { password: form.password } : {}),
        ...(form.projectCode ? { projectCode: form.projectCode, role: form.role as MemberRole } : {}),
      };
      onCreated(await createUser(body));
      setForm(EMPTY);
    } catch (thrown) {
      const failure = formFailure(tCommon, thrown, OWN_FIELDS);
      setFieldErrors(failure.fields);
      setError(failure.other);
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="create-user-title">
      <Stack gap="xs">
        <Title order={3} size="h4" id="create-user-title">
          {t('create.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Select
            label={t('users.userType')}
            data={(['staff', 'carrier', 'client'] as const).map((v) => ({ value: v, label: t(`type.${v}`) }))}
            value={form.userType}
            onChange={set('userType')}
            allowDeselect={false}
            required
          />
          <Autocomplete
            label={t('create.organization')}
            data={(organizations.data ?? []).map((o) => o.name)}
            value={form.organizationName}
            onChange={set('organizationName')}
            error={fieldErrors.organizationName}
            required
          />
          <TextInput
            label={t('create.firstName')}
            value={form.firstName}
            onChange={(e) => set('firstName')(e.currentTarget.value)}
            error={fieldErrors.firstName}
            required
            maxLength={50}
          />
          <TextInput
            label={t('create.lastName')}
            value={form.lastName}
            onChange={(e) => set('lastName')(e.currentTarget.value)}
            error={fieldErrors.lastName}
            required
            maxLength={50}
          />
          <PasswordInput
            label={t('create.password')}
            description={t('create.passwordHint')}
            value={form.password}
            onChange={(e) => set('password')(e.currentTarget.value)}
            error={fieldErrors.password}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': tCommon('common.togglePasswordVisibility') }}
          />
          <Select
            label={t('create.project')}
            data={(projects.data?.items ?? []).map((p) => ({ value: p.code, label: `${p.code} · ${p.name}` }))}
            value={form.projectCode || null}
            onChange={set('projectCode')}
            clearable={admin.role === 'enterprise'}
            placeholder={t('users.noProjects')}
          />
          {form.projectCode && (
            <Select
              label={t('create.role')}
              data={MEMBER_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))}
              value={form.role}
              onChange={set('role')}
              allowDeselect={false}
            />
          )}
        </SimpleGrid>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={sending} style={{ alignSelf: 'flex-start' }}>
          {t('create.submit')}
        </Button>
      </Stack>
    </form>
  );
}
