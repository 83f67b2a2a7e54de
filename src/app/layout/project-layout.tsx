import { Suspense, useEffect } from 'react';
import { afterFirstScreen, firstScreenUp } from '@/shared/ui/first-screen';
import { reportPageView, startAnalytics } from '@/shared/analytics';
import { Button, Center, Container, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ApiError, hasSessionHint } from '@/shared/api';
import { sessionEvents } from '@/shared/api/session-events';
import { paths } from '@/shared/paths';
import { parseProjectParam } from '@/shared/project/project-route';
import { ProjectContext, useProject } from '@/shared/project/use-project';
import { checkAuthorizationSystem, notBelongMessage } from '@/shared/session/authorization-system';
import { clearProfile, logout, useProfile } from '@/shared/session/use-profile';
import { translateError } from '@/shared/i18n/error-message';
import { showMessage } from '@/shared/ui/message-dialog';
import { NotFoundPage } from '@/shared/ui/not-found-page';
import { useStore } from '@/shared/ui/store';
import { showToast } from '@/shared/ui/toasts';
import { ErrorBoundary } from '@/shared/ui/error-boundary';
import { LazyMessageDialog, preloadFailureUi } from '../dialogs/lazy-dialogs';
import { linkManifest } from '@/shared/pwa/manifest-link';
import { ScreenLoadFailed } from '../screen-load-failed';
import { Header } from './header';
import { lazyWithStyles } from '@/shared/ui/styles';

const loadUserTools = () => import('./user-tools');
const UserTools = lazyWithStyles(loadUserTools);
/**
 * Offline and the outbox's count, under the header: in the same chunk as the user tools (writes
 * need a login, so only users wait for them), loaded with the layout, not at the failure.
 */
const OutboxBanner = lazyWithStyles(() => loadUserTools().then((m) => ({ default: m.OutboxBanner })));

/**
 * Starts loading what users need on every screen (the scanner listener among it) before the
 * profile is there: at login, or on opening the app with a session. A trigger pulled as the
 * home page appears is then heard.
 */
export const preloadUserTools = (): Promise<void> =>
  loadUserTools().then(
    () => undefined,
    () => undefined,
  );

function FullScreenLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" aria-busy="true">
      <Stack align="center" gap="xs">
        <Loader />
        <Text size="sm" c="dimmed">
          {t('app.loading')}
        </Text>
      </Stack>
    </Center>
  );
}

/**
 * Everything under `/{project}`: loads the project (404 when it does not exist), the header,
 * the message dialog, and the session rules (the authorization-system check, signed out after a
 * failed refresh).
 */
export function ProjectLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const ref = parseProjectParam(useParams().project);
  const { data: project, error, isLoading, mutate: reloadProject } = useProject(ref);
  const { data: profile } = useProfile();
  const signedOut = useStore(sessionEvents);
  const home = project ? paths.home.getHref(project) : null;
  const isHtmlPage = location.pathname.endsWith(`/${paths.barcode.html.path}`);
  useEffect(() => {
    if (hasSessionHint()) void preloadUserTools();
  }, []);
  // The first screen is up once the project's answer (or its failure) is drawn: what is fetched
  // ahead of need waits for it (src/shared/ui/first-screen.ts).
  useEffect(() => {
    if (!isLoading) firstScreenUp();
  }, [isLoading]);
  // What a failure needs loads once the first screen is up (its project drawn), not before: the
  // first screen's own code keeps the phone's bandwidth to itself (e2e/shell.spec.ts).
  const screenUp = project !== undefined;
  useEffect(() => {
    if (screenUp) afterFirstScreen(preloadFailureUi);
  }, [screenUp]);
  // Analytics only for a project with a measurement id, loaded after the first screen (shared/analytics).
  const measurementId = project?.googleAnalyticsMeasurementId;
  useEffect(() => {
    if (screenUp) startAnalytics(measurementId);
  }, [screenUp, measurementId]);
  useEffect(() => {
    if (screenUp) reportPageView(location.pathname);
  }, [screenUp, location.pathname]);
  // The project's own web app manifest: installed, the app is this project's. The
  // browser fetches it at once: after the first screen, not beside it.
  const projectCode = project?.code;
  useEffect(() => {
    if (projectCode) afterFirstScreen(() => linkManifest(projectCode));
  }, [projectCode]);

  useEffect(() => {
    if (!profile || !project) return;
    const verdict = checkAuthorizationSystem(profile, project);
    if (verdict.kind === 'ok') return;
    if (verdict.kind === 'not-belong' && isHtmlPage) return;
    void logout().finally(() => {
      showMessage({
        body:
          verdict.kind === 'portal'
            ? t('auth.portalLoggedOut')
            : verdict.kind === 'login-for-project'
              ? t('auth.loginForProject', { project: project.name })
              : notBelongMessage(t, verdict.company),
      });
    });
  }, [profile, project, isHtmlPage, t]);

  useEffect(() => {
    if (!signedOut || !home) return;
    sessionEvents.set(null);
    void clearProfile();
    showToast('info', t('auth.sessionExpired'));
    navigate(home);
  }, [signedOut, home, navigate, t]);

  if (!ref)
    return (
      <main>
        <NotFoundPage />
      </main>
    );
  if (isLoading)
    return (
      <main>
        <FullScreenLoader />
      </main>
    );
  if (!project) {
    const missing = error instanceof ApiError && (error.code === '2304' || error.status === 400);
    if (missing || !error)
      return (
        <main>
          <NotFoundPage />
        </main>
      );
    return (
      <Center component="main" mih="60vh" p="md">
        <Stack align="center">
          <Text role="alert">
            {t('project.loadFailed')} {translateError(t, error)}
          </Text>
          <Button onClick={() => void reloadProject()}>{t('common.retry')}</Button>
        </Stack>
      </Center>
    );
  }

  const homePath = paths.home.getHref(project);
  const onLogout = async () => {
    await logout();
    showToast('info', t('header.loggedOut'));
    navigate(homePath);
  };
  const onHome = location.pathname === homePath;

  return (
    <ProjectContext.Provider value={project}>
      {/* The scanner is full screen, without the header. */}
      {!location.pathname.endsWith(`/${paths.scan.path}`) && (
        <Header
          project={project}
          homePath={homePath}
          profile={profile ?? null}
          onLogout={onLogout}
          showHome={!isHtmlPage}
        />
      )}
      {/* The logged-in tools and banner load lazily: a chunk that cannot load (offline) leaves the page as it is. */}
      {profile && (
        <ErrorBoundary resetKey={location.pathname} fallback={() => null}>
          <Suspense fallback={null}>
            <OutboxBanner project={project} />
          </Suspense>
        </ErrorBoundary>
      )}
      <Container size="xs" px="md" py="lg" component="main">
        {/* A screen that throws is replaced by a retry inside the shell; another screen clears it. */}
        <ErrorBoundary resetKey={location.pathname} fallback={(reset) => <ScreenLoadFailed failed onRetry={reset} />}>
          <Outlet />
        </ErrorBoundary>
      </Container>
      {profile && (
        <ErrorBoundary resetKey={location.pathname} fallback={() => null}>
          <Suspense fallback={null}>
            <UserTools project={project} profile={profile} />
          </Suspense>
        </ErrorBoundary>
      )}
      <LazyMessageDialog offerLogin={!profile && !onHome && !isHtmlPage} homePath={home} />
    </ProjectContext.Provider>
  );
}
