import { Suspense } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AdminLoginPage } from '@/features/admin/components/admin-login-page';
import { SWRConfig } from 'swr';
import { adminLogout, onAdminDataError, useAdminSession } from '@/shared/admin/admin-api';
import { ApiError } from '@/shared/api/errors';
import { useLazyStrings } from '@/shared/i18n/lazy-strings';
import { ErrorBoundary } from '@/shared/ui/error-boundary';
import { ScreenLoader } from '@/shared/ui/screen-loader';
import { NotFoundPage } from '@/shared/ui/not-found-page';
import { paths } from '@/shared/paths';
import { ScreenLoadFailed } from '../screen-load-failed';
import { AdminLayout } from './admin-layout';
import { ADMIN_SCREENS } from './admin-screens';

/** 401 (no admin session) or 403 (a staff session, no admin one): the admin logs in. */
const needsLogin = (error: unknown) => error instanceof ApiError && (error.code === '2003' || error.code === '403');

function AdminRoutes() {
  const { t } = useTranslation('admin');
  const session = useAdminSession();
  const { pathname } = useLocation();
  if (session.error && needsLogin(session.error))
    return <AdminLoginPage staffSession={(session.error as ApiError).code === '403'} />;
  if (session.error) {
    return (
      <Stack align="center" py="xl" component="main">
        <Alert color="red" role="alert">
          {t('loadFailed')}
        </Alert>
        <Button onClick={() => void session.mutate()}>{t('retry')}</Button>
      </Stack>
    );
  }
  if (!session.data)
    return (
      <main>
        <ScreenLoader />
      </main>
    );
  const first = ADMIN_SCREENS.find((s) => s.nav && (!s.roles || s.roles.includes(session.data!.role)));
  return (
    <AdminLayout admin={session.data} screens={ADMIN_SCREENS} onLogout={() => void adminLogout()}>
      <ErrorBoundary resetKey={pathname} fallback={(reset) => <ScreenLoadFailed failed onRetry={reset} />}>
        <Suspense fallback={<ScreenLoader />}>
          <Routes>
            {first && <Route index element={<Navigate to={first.path} replace />} />}
            {ADMIN_SCREENS.map(({ path, Screen }) => (
              <Route key={path} path={path} element={<Screen />} />
            ))}
            <Route path="*" element={<NotFoundPage fallbackPath={paths.admin.home} />} />
          </Routes>
        </Suspense>
      </ErrorBoundary>
    </AdminLayout>
  );
}

/**
 * `/admin/*`: the admin area, one lazy chunk apart from the staff app. Its strings ('admin')
 * load first; without an admin session it shows its own login; with one, the layout and the
 * screen of ADMIN_SCREENS the address names.
 */
export default function AdminArea() {
  return (
    <ErrorBoundary fallback={(reset) => <ScreenLoadFailed onRetry={reset} />}>
      <AdminStrings />
    </ErrorBoundary>
  );
}

/** The area once its strings are there (useLazyStrings throws when they cannot load: the boundary above offers a retry). */
function AdminStrings() {
  const ready = useLazyStrings('admin');
  return ready ? (
    <SWRConfig value={{ onError: onAdminDataError }}>
      <AdminRoutes />
    </SWRConfig>
  ) : (
    <main>
      <ScreenLoader />
    </main>
  );
}
