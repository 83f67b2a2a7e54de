import { Suspense, useEffect } from 'react';
import { mutate } from 'swr';
import i18next from 'i18next';
import type { LoggedInHomeProps } from '@/features/home/components/logged-in-home';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoginForm } from '@/features/auth/components/login-form';
import { handheldModel } from '@/features/scanning/model/handheld-device';
import { generateBarcode } from '@/shared/api/barcode';
import { paths } from '@/shared/paths';
import { revalidateProjects, useCurrentProject } from '@/shared/project/use-project';
import { fetchProfile, PROFILE_KEY, useProfile } from '@/shared/session/use-profile';
import { translateError } from '@/shared/i18n/error-message';
import { showMessage } from '@/shared/ui/message-dialog';
import { ScreenLoader } from '@/shared/ui/screen-loader';
import { preloadUserTools } from '../layout/project-layout';
import { lazyWithStyles } from '@/shared/ui/styles';
import { onFirstIntent } from '@/shared/ui/first-intent';

// A visitor's first screen is the login form: the logged-in home loads only for users, with its
// scan feedback settings and their strings, so the home appears whole (and a trigger pulled as it
// appears is not slowed by a chunk arriving just then).
const LoggedInHome = lazyWithStyles(() =>
  Promise.all([
    import('@/features/home/components/logged-in-home'),
    import('@/features/scanning/components/scan-feedback-settings'),
    i18next.loadNamespaces('barcode'),
  ]).then(([home, settings]) => ({
    default: (props: Omit<LoggedInHomeProps, 'settingsSlot'>) => (
      <home.LoggedInHome {...props} settingsSlot={<settings.ScanFeedbackSettings />} />
    ),
  })),
);
const HandheldScan = lazyWithStyles(() =>
  import('@/features/scanning/components/handheld-scan').then((m) => ({ default: m.HandheldScan })),
);
const homeFallback = <ScreenLoader />;

/**
 * `/{project}`: the login form for visitors, the logged-in home for users. After a login the
 * profile and the project (whose permissions depend on the user) are reloaded, and a pending
 * route in the query (`?name=<screen>&id=<barcodeId>`, set when a visitor was sent home from
 * a restricted screen) is resumed.
 */
export function HomeRoute({ preloadResumed }: { preloadResumed?(name: string): void }) {
  const { t } = useTranslation();
  const project = useCurrentProject();
  const { data: profile, isLoading } = useProfile();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // A visitor sent here from a restricted screen (a scanned link to a tracking form) goes back to
  // it after login: its code (the form renderer among it) loads while they type their code, from
  // their first tap or key on the page. Not before: running that code takes the main thread for a
  // few hundred ms on a slow phone, which would make the login form itself slow to answer (and a
  // visitor who does not log in would download it for nothing).
  const resumed = search.get('name');
  useEffect(() => {
    if (!resumed || isLoading || profile || !preloadResumed) return undefined;
    return onFirstIntent(() => preloadResumed(resumed));
  }, [resumed, isLoading, profile, preloadResumed]);

  if (isLoading) return homeFallback;
  if (profile) {
    const handlers = {
      generateBarcode: async () => {
        try {
          const { id } = await generateBarcode(project);
          navigate(paths.barcode.getHref(project, id));
        } catch (error) {
          showMessage({ title: t('home.generateFailed'), body: translateError(t, error) });
        }
      },
      scanBarcode: () => navigate(paths.scan.getHref(project)),
      trackingTimes: () => navigate(paths.trackingCount.getHref(project)),
      ghgReport: () => navigate(paths.ghgReport.getHref(project)),
      barcodeSearch: () => navigate(paths.search.getHref(project)),
      labelSheet: () => navigate(paths.labelSheet.getHref(project)),
      activity: () => navigate(paths.activity.getHref(project)),
      recall: () => navigate(paths.recall.getHref(project)),
    };
    // On a handheld terminal the scan button is the terminal's, with its scanner settings.
    const handheld = handheldModel(navigator.userAgent);
    const scanSlot = handheld ? <HandheldScan model={handheld} /> : undefined;
    return (
      <Suspense fallback={homeFallback}>
        <LoggedInHome project={project} profile={profile} handlers={handlers} scanSlot={scanSlot} />
      </Suspense>
    );
  }

  const onLoggedIn = async () => {
    // The logged-in home is shown with the user's tools loaded (the handheld trigger's listener
    // among them), both asked for at once: a trigger pulled as soon as the name shows is heard.
    const tools = preloadUserTools();
    await mutate(
      PROFILE_KEY,
      fetchProfile().then(async (profile) => {
        await tools;
        return profile;
      }),
    );
    const resume = paths.home.resumeHref(project, search);
    if (resume) navigate(resume);
    await revalidateProjects();
  };
  return <LoginForm project={project} registerPath={paths.register.getHref(project)} onLoggedIn={onLoggedIn} />;
}
