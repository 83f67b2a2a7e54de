import { useState, type FormEvent } from 'react';
import { Alert, Button, Container, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { adminLogin } from '@/shared/admin/admin-api';
import { ApiError } from '@/shared/api/errors';
import { translateError } from '@/shared/i18n/error-message';

export interface AdminLoginPageProps {
  /** A staff session is open in this browser (the admin routes answered 403): say why another login is needed. */
  staffSession: boolean;
}

/**
 * The admin area's own login: login name and password (docs/engineers/architecture.md). What was
 * typed stays after a failure.
 */
export function AdminLoginPage({ staffSession }: AdminLoginPageProps) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      await adminLogin(login.trim().toLowerCase(), password);
    } catch (thrown) {
      // wrongPassword for any wrong name or password, invalidFormat for a name that cannot be one:
      // both get the same message.
      const wrong = thrown instanceof ApiError && (thrown.code === '2001' || thrown.has(1001));
      setError(wrong ? t('login.failed') : translateError(tCommon, thrown));
      setSubmitting(false);
    }
  };

  return (
    <Container size={420} py="xl" component="main">
      <form onSubmit={submit} noValidate aria-labelledby="admin-login-title">
        <Stack gap="md">
          <Title order={1} size="h3" id="admin-login-title">
            {t('login.title')}
          </Title>
          <Text size="sm">{t('login.intro')}</Text>
          {staffSession && <Alert color="blue">{t('login.staffSession')}</Alert>}
          <TextInput
            label={t('login.login')}
            value={login}
            onChange={(e) => setLogin(e.currentTarget.value)}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            disabled={submitting}
          />
          <PasswordInput
            label={t('login.password')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="current-password"
            required
            disabled={submitting}
            visibilityToggleButtonProps={{ 'aria-label': tCommon('common.togglePasswordVisibility') }}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={submitting} disabled={!login.trim() || !password}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
    </Container>
  );
}
