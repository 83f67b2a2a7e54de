import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCurrentProject } from '@/shared/project/use-project';
import { projectPath } from '@/shared/project/project-route';
import { useProfile } from '@/shared/session/use-profile';
import { DEFAULT_TIME_BETWEEN_SCANS_MS } from '../model/decoding';
import { ScanHandler } from './scan-handler';
import { Scanner } from './scanner';

/**
 * `/{project}/scan` (restricted, no header): scan, confirm with OK, and land on the barcode's
 * detail (or be asked about a new barcode for an unknown code).
 */
export function ScanPage() {
  const project = useCurrentProject();
  const { data: profile } = useProfile();
  const navigate = useNavigate();
  const [scanned, setScanned] = useState<string | null>(null);
  const setting = project.cameraFeatures?.bulkCameraScanResultSetting;
  const mayGenerate = project.projectPermission.generateBarcodePermission.canEdit || profile?.user.userType === 'client';
  return (
    <>
      <Scanner routeName="scan" minDelayMs={project.timeBetweenScansMillis ?? DEFAULT_TIME_BETWEEN_SCANS_MS}
        bulk={{ enabled: setting?.isEnable ?? false, delimiter: setting?.delimiter[0] ?? ',' }} busy={scanned !== null}
        onConfirm={setScanned} onCancel={() => navigate(projectPath(project))} />
      {scanned !== null && <ScanHandler project={project} mayGenerate={mayGenerate} text={scanned} onDone={() => setScanned(null)} />}
    </>
  );
}
