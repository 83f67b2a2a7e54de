import { Suspense, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Project } from '@schemas/api/project';
import { translateError } from '@/shared/i18n/error-message';
import { showMessage } from '@/shared/ui/message-dialog';
import { notBelongMessage } from '@/shared/session/authorization-system';
import { showToast } from '@/shared/ui/toasts';
import { authorize, interpretLoginError } from '../api/authorize';
import { AccessCodeInput, type AccessCodeValue } from './access-code-input';
import { lazyWithStyles } from '@/shared/ui/styles';

export interface LoginFormProps {
  project: Project;
  /** Where the Register link goes; shown only when the project allows self-registration. */
  registerPath: string;
  /** Called after a successful login (reload profile, go on to a pending route). */
  onLoggedIn(): Promise<void> | void;
}

// Only projects that ask for a password draw this field: the others' first load goes without it.
const PasswordInput = lazyWithStyles(() => import('./password-input').then((m) => ({ default: m.PasswordInput })));

const EMPTY: AccessCodeValue = { first: '', last: '' };

/** Home (logged out): access code, optional password and one-time code, error area, Authenticate. */
export function LoginForm({ project, registerPath, onLoggedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState(EMPTY);
  const [password, setPassword] = useState('');
  const [oneTimePasscode, setOneTimePasscode] = useState('');
  const [codeInputEnabled, setCodeInputEnabled] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const accessCode = code.first + code.last;
    if (accessCode.length !== 8) {
      setError(t('login.accessCodeIncomplete'));
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await authorize(project.id, {
        accessCode,
        password: project.requirePassword ? password : undefined,
        oneTimePasscode: codeInputEnabled && oneTimePasscode ? oneTimePasscode : undefined,
      });
      setCode(EMPTY);
      setPassword('');
      setOneTimePasscode('');
      setCodeInputEnabled(false);
      await onLoggedIn();
    } catch (thrown) {
      const failure = interpretLoginError(thrown);
      if (failure.kind === 'code-sent') {
        setCodeInputEnabled(true);
        showToast('success', t('login.codeSent'));
      } else if (failure.kind === 'code-already-sent') {
        setCodeInputEnabled(true);
        setError(t('login.codeAlreadySent'));
      } else if (failure.kind === 'code-incorrect') {
        setCodeInputEnabled(true);
        setError(t('login.incorrectCode'));
      } else if (failure.kind === 'invalid-password') {
        setError(t('login.invalidPassword'));
      } else if (failure.kind === 'not-belong') {
        setCode(EMPTY);
        showMessage({ body: notBelongMessage(t, project.enterpriseName) });
      } else {
        setError(translateError(t, failure.error));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="login-title">
      <Stack gap="md">
        <Title order={1} size="h4" id="login-title">
          {t('login.title')}
        </Title>
        <AccessCodeInput value={code} onChange={setCode} error={error !== null} disabled={submitting} />
        {project.requirePassword && (
          <Suspense fallback={<TextInput label={t('login.password')} type="password" size="md" disabled />}>
            <PasswordInput
              visibilityToggleButtonProps={{ 'aria-label': t('common.togglePasswordVisibility') }}
              label={t('login.password')}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              autoComplete="current-password"
              size="md"
              disabled={submitting}
              required
            />
          </Suspense>
        )}
        {project.requireOneTimePasscode && (
          <TextInput
            label={t('login.oneTimePasscode')}
            description={t('login.oneTimePasscodeHint')}
            value={oneTimePasscode}
            onChange={(e) => setOneTimePasscode(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
            inputMode="numeric"
            autoComplete="one-time-code"
            size="md"
            disabled={!codeInputEnabled || submitting}
          />
        )}
        <div aria-live="polite">
          {error && (
            <Alert color="red" variant="light" role="alert" style={{ whiteSpace: 'pre-line' }}>
              {error}
            </Alert>
          )}
        </div>
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {t('login.authenticate')}
        </Button>
        {project.allowUserSelfRegister && (
          <Text ta="center" size="sm">
            {t('login.noAccount')}{' '}
            <Anchor component={Link} to={registerPath}>
              {t('login.register')}
            </Anchor>
          </Text>
        )}
      </Stack>
    </form>
  );
}
