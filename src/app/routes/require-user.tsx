import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { projectPath } from '@/shared/project/project-route';
import { useCurrentProject } from '@/shared/project/use-project';
import { useProfile } from '@/shared/session/use-profile';
import { ScreenLoader } from '@/shared/ui/screen-loader';

/**
 * Restricted routes (spec section 2): a visitor is sent home, with the screen and barcode in
 * the query so that logging in resumes it (see HomeRoute).
 */
export function RequireUser({ screen, children }: { screen: string; children: ReactNode }) {
  const project = useCurrentProject();
  const { barcodeId } = useParams();
  const { data: profile, isLoading } = useProfile();
  if (isLoading) return <ScreenLoader />;
  if (profile) return children;
  const pending = barcodeId ? `?${new URLSearchParams({ name: screen, id: barcodeId }).toString()}` : '';
  return <Navigate to={`${projectPath(project)}${pending}`} replace />;
}
