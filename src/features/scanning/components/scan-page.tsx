import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCurrentProject } from '@/shared/project/use-project';
import { mayGenerateBarcodes } from '@/shared/project/permissions';
import { paths } from '@/shared/paths';
import { useProfile } from '@/shared/session/use-profile';
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
  const [scanned, setScanned] = useState<{ text: string; frame: File | null } | null>(null);
  const mayGenerate = mayGenerateBarcodes(project, profile);
  return (
    <>
      <Scanner
        routeName="scan"
        busy={scanned !== null}
        onConfirm={(text, frame) => setScanned({ text, frame })}
        onCancel={() => navigate(paths.home.getHref(project))}
      />
      {scanned !== null && (
        <ScanHandler
          project={project}
          mayGenerate={mayGenerate}
          text={scanned.text}
          frame={scanned.frame}
          onDone={() => setScanned(null)}
        />
      )}
    </>
  );
}
