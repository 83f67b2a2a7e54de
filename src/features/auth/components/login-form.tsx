import { Suspense, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Project } from '@schemas/api/project';
import { HELD_SUBMIT_GLOBAL } from '@schemas/first-screen';
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
  // The same guard as `submitting`, but set at once: a submit React replays after hydration and the
  // held one made again below can come within one render, and a second login would ask the
  // server for a second one-time code.
  const inFlight = useRef(false);

  // The same element until what it shows changes: drawn by the server, the field waits in the
  // page for its code, and a render of the form that changed it before then (a digit typed into
  // the access code) would draw it afresh, empty.
  const requirePassword = project.requirePassword;
  const [passwordHere, setPasswordHere] = useState(false);
  const passwordField = useMemo(
    () =>
      requirePassword && (
        <Suspense fallback={<TextInput label={t('login.password')} type="password" size="md" disabled />}>
          <PasswordInput
            visibilityToggleButtonProps={{ 'aria-label': t('common.togglePasswordVisibility') }}
            label={t('login.password')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            onTypedEarly={setPassword}
            onHere={() => setPasswordHere(true)}
            autoComplete="current-password"
            size="md"
            disabled={submitting}
            required
          />
        </Suspense>
      ),
    [requirePassword, password, submitting, t],
  );

  // A submit made in the server's drawn form before the client took it over (index.html's inline
  // script held it), or before the drawn password field was the client's (held below): made again
  // once every field is the client's and holds what was typed.
  const form = useRef<HTMLFormElement>(null);
  const fieldsHere = !requirePassword || passwordHere;
  useEffect(() => {
    const page = window as unknown as Record<string, unknown>;
    if (!fieldsHere || !form.current || page[HELD_SUBMIT_GLOBAL] !== form.current) return undefined;
    // After the renders that take what was typed into the state.
    const timer = setTimeout(() => {
      if (page[HELD_SUBMIT_GLOBAL] !== form.current) return;
      delete page[HELD_SUBMIT_GLOBAL];
      form.current?.requestSubmit();
    }, 0);
    return () => clearTimeout(timer);
  }, [fieldsHere]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || inFlight.current) return;
    const page = window as unknown as Record<string, unknown>;
    if (!fieldsHere) {
      page[HELD_SUBMIT_GLOBAL] = form.current;
      return;
    }
    // This submit answers any held one: it is not made again.
    if (page[HELD_SUBMIT_GLOBAL] === form.current) delete page[HELD_SUBMIT_GLOBAL];
    const accessCode = code.first + code.last;
    if (accessCode.length !== 8) {
      setError(t('login.accessCodeIncomplete'));
      return;
    }
    inFlight.current = true;
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
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  return (
    <form ref={form} onSubmit={submit} noValidate aria-labelledby="login-title">
      <Stack gap="md">
        <Title order={1} size="h4" id="login-title">
          {t('login.title')}
        </Title>
        <AccessCodeInput value={code} onChange={setCode} error={error !== null} disabled={submitting} />
        {passwordField}
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
