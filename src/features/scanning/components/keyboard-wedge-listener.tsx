import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '@schemas/api/project';
import { readStored } from '@/shared/storage/storage';
import { ErrorBoundary } from '@/shared/ui/error-boundary';
import { deliverClaimedScan } from '@/shared/ui/scan-claims';
import { showToast } from '@/shared/ui/toasts';
import { asAimerTarget, asGroupSeparator, handheldScannerConfig, keyboardWedgeAdapter } from '../model/handheld';
import { isEnterpriseBrowser } from '../model/handheld-device';
import { scanFeedback } from '../model/scan-feedback';
import { lazyWithStyles } from '@/shared/ui/styles';

const ScanHandler = lazyWithStyles(() => import('./scan-handler').then((m) => ({ default: m.ScanHandler })));

/**
 * Handheld terminals and scanners that type like a keyboard: pulling the trigger anywhere
 * outside a text field opens the scanned barcode (or offers a new one), through the
 * keyboard-wedge scanner adapter. A screen that claimed the trigger (pair, link) gets the scan
 * instead (src/shared/ui/scan-claims.ts).
 */
export function KeyboardWedgeListener({ project, mayGenerate }: { project: Project; mayGenerate: boolean }) {
  const [scanned, setScanned] = useState<string | null>(null);
  useEffect(() => {
    const adapter = keyboardWedgeAdapter();
    adapter.configure(
      handheldScannerConfig({
        bulk: false,
        enterpriseBrowser: isEnterpriseBrowser(navigator.userAgent),
        aimerTarget: asAimerTarget(readStored('aimerTarget')),
        groupSeparator: asGroupSeparator(readStored('wedgeGroupSeparator')),
      }),
    );
    return adapter.start((text) => {
      if (!deliverClaimedScan(text)) setScanned(text);
      scanFeedback('read');
    });
  }, []);
  if (scanned === null) return null;
  // The handler's code that cannot load (offline) drops this scan with a word, never the page.
  return (
    <ErrorBoundary resetKey={scanned} fallback={() => <ScanLoadFailed onDone={() => setScanned(null)} />}>
      <Suspense fallback={null}>
        <ScanHandler
          key={scanned}
          project={project}
          mayGenerate={mayGenerate}
          text={scanned}
          onDone={() => setScanned(null)}
        />
      </Suspense>
    </ErrorBoundary>
  );
}

function ScanLoadFailed({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  useEffect(() => {
    showToast('error', t('outbox.dialogOffline'));
    onDone();
  }, [t, onDone]);
  return null;
}
