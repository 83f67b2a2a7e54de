import { lazy, Suspense } from 'react';
import { scanRequestStore } from '@/shared/ui/scan-requests';
import { useStore } from '@/shared/ui/store';

const Scanner = lazy(() => import('@/features/scanning/components/scanner').then((m) => ({ default: m.Scanner })));

/**
 * Draws the scanner over the current screen while a text field's reader button waits for a scan
 * (the scanner and its decoder load only then).
 */
export function ScannerHost() {
  const request = useStore(scanRequestStore);
  if (!request) return null;
  const answer = (text: string | null) => {
    scanRequestStore.set(null);
    request.resolve(text);
  };
  return (
    <Suspense fallback={null}>
      <Scanner routeName={request.routeName} onConfirm={(text) => answer(text)} onCancel={() => answer(null)} />
    </Suspense>
  );
}
