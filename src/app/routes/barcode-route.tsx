import { useMemo } from 'react';
import { Button, Center, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useParams } from 'react-router-dom';
import { ApiError } from '@/shared/api';
import { useBarcode } from '@/shared/api/use-barcode';
import { BarcodeContext } from '@/shared/barcode/barcode-context';
import { translateError } from '@/shared/i18n/error-message';
import { paths } from '@/shared/paths';
import { useCurrentProject } from '@/shared/project/use-project';
import { NotFoundPage } from '@/shared/ui/not-found-page';
import { ScreenLoader } from '@/shared/ui/screen-loader';

/**
 * `/{project}/qrcode/{barcodeId}` and every screen under it: loads the barcode once (by id, or
 * by external id when the id holds '='), shows the 404 page when it does not exist, and moves
 * a barcode opened under another project's route to its own project's route.
 */
export function BarcodeRoute() {
  const { t } = useTranslation();
  const project = useCurrentProject();
  const { barcodeId = '' } = useParams();
  const location = useLocation();
  const { data: barcode, error, isLoading, mutate } = useBarcode(project.code, barcodeId);
  const detailPath = paths.barcode.getHref(project, barcode?.id ?? barcodeId);
  const value = useMemo(() => barcode && { barcode, detailPath }, [barcode, detailPath]);

  if (isLoading) return <ScreenLoader />;
  if (error || !barcode || !value) {
    const missing = !error || (error instanceof ApiError && (error.code === '2303' || error.status === 400));
    if (missing)
      return <NotFoundPage logoUrl={project.customLogoImageUrl} fallbackPath={paths.home.getHref(project)} />;
    return (
      <Center mih="40vh">
        <Stack align="center">
          <Text role="alert">{translateError(t, error)}</Text>
          <Button onClick={() => void mutate()}>{t('common.retry')}</Button>
        </Stack>
      </Center>
    );
  }
  if (barcode.projectCode !== project.code || barcode.projectVersion !== project.version || barcode.id !== barcodeId) {
    const own = paths.barcode.getHref({ code: barcode.projectCode, version: barcode.projectVersion }, barcode.id);
    return <Navigate to={own + paths.barcode.screenOf(location.pathname, barcodeId)} replace />;
  }
  return (
    <BarcodeContext.Provider value={value}>
      <Outlet />
    </BarcodeContext.Provider>
  );
}
