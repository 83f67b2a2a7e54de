import { useMemo } from 'react';
import { Button, Center, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useParams } from 'react-router-dom';
import { ApiError } from '@/shared/api';
import { BarcodeContext } from '@/shared/barcode/barcode-context';
import { revalidateBarcode, useBarcode } from '@/shared/barcode/use-barcode';
import { translateError } from '@/shared/i18n/error-message';
import { projectPath } from '@/shared/project/project-route';
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
  const detailPath = `${projectPath(project)}/qrcode/${encodeURIComponent(barcode?.id ?? barcodeId)}`;
  const value = useMemo(() => barcode && {
    barcode,
    detailPath,
    reload: async () => {
      await mutate();
      await revalidateBarcode(barcode.id);
    },
  }, [barcode, detailPath, mutate]);

  if (isLoading) return <ScreenLoader />;
  if (error || !barcode || !value) {
    const missing = !error || (error instanceof ApiError && (error.code === '2303' || error.status === 400));
    if (missing) return <NotFoundPage logoUrl={project.customLogoImageUrl} fallbackPath={projectPath(project)} />;
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
    const rest = location.pathname.split(`/qrcode/${barcodeId}`)[1] ?? '';
    return <Navigate to={`/${barcode.projectCode}@${barcode.projectVersion}/qrcode/${barcode.id}${rest}`} replace />;
  }
  return (
    <BarcodeContext.Provider value={value}>
      <Outlet />
    </BarcodeContext.Provider>
  );
}
