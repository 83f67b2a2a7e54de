import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { paths } from '@/shared/paths';
import { useCurrentProject } from '@/shared/project/use-project';
import { useProfile } from '@/shared/session/use-profile';
import { ScreenLoader } from '@/shared/ui/screen-loader';

/**
 * Restricted routes: a visitor is sent home, with the screen (its entry in `paths`) and barcode
 * in the query so that logging in resumes it (see HomeRoute).
 */
export function RequireUser({ screen, children }: { screen: { path: string }; children: ReactNode }) {
  const project = useCurrentProject();
  const { barcodeId } = useParams();
  const { data: profile, isLoading } = useProfile();
  if (isLoading) return <ScreenLoader />;
  if (profile) return children;
  return (
    <Navigate to={paths.home.getHref(project, barcodeId ? { screen: screen.path, barcodeId } : undefined)} replace />
  );
}
