import { lazy, Suspense } from 'react';
import type { Project } from '@schemas/api/project';
import { scanRequestStore } from '@/shared/ui/scan-requests';
import { useStore } from '@/shared/ui/store';

const Scanner = lazy(() => import('@/features/scanning/components/scanner').then((m) => ({ default: m.Scanner })));

/** Default minimum time between scans (spec section 9), when the project sets none. */
const DEFAULT_DELAY_MS = 500;

/**
 * Draws the scanner over the current screen while a text field's reader button waits for a scan
 * (the scanner and its decoder load only then).
 */
export function ScannerHost({ project }: { project: Project }) {
  const request = useStore(scanRequestStore);
  if (!request) return null;
  const setting = project.cameraFeatures?.bulkCameraScanResultSetting;
  const answer = (text: string | null) => {
    scanRequestStore.set(null);
    request.resolve(text);
  };
  return (
    <Suspense fallback={null}>
      <Scanner routeName={request.routeName} minDelayMs={project.timeBetweenScansMillis ?? DEFAULT_DELAY_MS}
        bulk={{ enabled: setting?.isEnable ?? false, delimiter: setting?.delimiter[0] ?? ',' }}
        onConfirm={(text) => answer(text)} onCancel={() => answer(null)} />
    </Suspense>
  );
}
