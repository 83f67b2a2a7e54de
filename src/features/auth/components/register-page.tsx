import { useState, type FormEvent } from 'react';
import { Alert, Button, Code, Modal, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { formatAccessCode, isValidPassword, NAME_MAX_LENGTH } from '@schemas/validation';
import { formFailure } from '@/shared/forms/form-failure';
import { paths } from '@/shared/paths';
import { useCurrentProject } from '@/shared/project/use-project';
import { registerCarrier } from '../api/register';

type Field = 'firstName' | 'lastName' | 'password' | 'passwordConfirm';

/**
 * Self-registration: first and last name, password and confirmation when the project requires
 * one. On success a dialog shows the generated code as 1234-5678; OK goes home. A project that
 * disallows self-registration sends the visitor to the 404 page.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const project = useCurrentProject();
  const navigate = useNavigate();
  const home = paths.home.getHref(project);
  const [values, setValues] = useState<Record<Field, string>>({
    firstName: '',
    lastName: '',
    password: '',
    passwordConfirm: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [accessCode, setAccessCode] = useState<string | null>(null);

  if (!project.allowUserSelfRegister) return <Navigate to={paths.notFound.getHref(project)} replace />;

  const validate = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    if (!values.firstName.trim()) found.firstName = t('register.required');
    if (!values.lastName.trim()) found.lastName = t('register.required');
    if (project.requirePassword) {
      if (!isValidPassword(values.password)) found.password = t('register.passwordRule');
      if (values.password !== values.passwordConfirm) found.passwordConfirm = t('register.passwordMismatch');
    }
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0 || submitting) return;
    setSubmitting(true);
    setServerError(null);
    try {
      setAccessCode(
        await registerCarrier(project.id, {
          firstName: values.firstName,
          lastName: values.lastName,
          password: project.requirePassword ? values.password : undefined,
        }),
      );
    } catch (error) {
      // A name the server refuses (a line break pasted in) is said under that name's box.
      const failure = formFailure(t, error, ['firstName', 'lastName', 'password'] as const);
      setErrors(failure.fields);
      setServerError(failure.other);
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: Field) => ({
    value: values[name],
    error: errors[name],
    disabled: submitting,
    size: 'md' as const,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
    },
  });

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('register.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('register.intro', { project: project.name })}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('register.lastName')}
            autoComplete="family-name"
            maxLength={NAME_MAX_LENGTH}
            withAsterisk
            {...field('lastName')}
          />
          <TextInput
            label={t('register.firstName')}
            autoComplete="given-name"
            maxLength={NAME_MAX_LENGTH}
            withAsterisk
            {...field('firstName')}
          />
          {project.requirePassword && (
            <>
              <PasswordInput
                visibilityToggleButtonProps={{ 'aria-label': t('common.togglePasswordVisibility') }}
                label={t('register.password')}
                description={t('register.passwordRule')}
                autoComplete="new-password"
                withAsterisk
                {...field('password')}
              />
              <PasswordInput
                visibilityToggleButtonProps={{ 'aria-label': t('common.togglePasswordVisibility') }}
                label={t('register.passwordConfirm')}
                autoComplete="new-password"
                withAsterisk
                {...field('passwordConfirm')}
              />
            </>
          )}
          {serverError && (
            <Alert color="red" variant="light" role="alert">
              {serverError}
            </Alert>
          )}
          <Button type="submit" size="lg" fullWidth loading={submitting}>
            {t('register.submit')}
          </Button>
        </Stack>
      </form>
      <Modal
        opened={accessCode !== null}
        onClose={() => navigate(home)}
        title={t('register.successTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
        closeOnClickOutside={false}
      >
        <Stack>
          <Text>{t('register.successMessage')}</Text>
          <Code block fz="xl" ta="center" data-testid="registered-access-code">
            {formatAccessCode(accessCode ?? '')}
          </Code>
          <Text size="sm" c="dimmed">
            {t('register.successHint')}
          </Text>
          <Button onClick={() => navigate(home)}>{t('common.ok')}</Button>
        </Stack>
      </Modal>
    </Stack>
  );
}
