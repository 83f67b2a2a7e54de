import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ocrDialog, photoDialog, scanDialog } from '@/shared/ui/capture-requests';
import { ErrorBoundary } from '@/shared/ui/error-boundary';
import { useStore } from '@/shared/ui/store';
import { showToast } from '@/shared/ui/toasts';
import { lazyWithStyles } from '@/shared/ui/styles';

const Scanner = lazyWithStyles(() =>
  import('@/features/scanning/components/scanner').then((m) => ({ default: m.Scanner })),
);
const PhotoDialog = lazyWithStyles(() =>
  import('@/features/scanning/components/photo-dialog').then((m) => ({ default: m.PhotoDialog })),
);
const OcrCapture = lazyWithStyles(() =>
  import('@/features/scanning/components/ocr-capture').then((m) => ({ default: m.OcrCapture })),
);

/**
 * Draws the capture dialog a field asked for over the current screen: the scanner (a barcode
 * reader button), the photo dialog (a photo-only files field) or the OCR capture (an OCR reader
 * button). Each dialog's code, and the decoder or OCR engine behind it, loads only then.
 */
/** A dialog whose code could not load (offline): the field that asked gets nothing, the user is told. */
function CaptureLoadFailed() {
  const { t } = useTranslation();
  useEffect(() => {
    scanDialog.answer(null);
    photoDialog.answer(null);
    ocrDialog.answer(null);
    showToast('error', t('outbox.dialogOffline'));
  }, [t]);
  return null;
}

export function CaptureHosts() {
  const scan = useStore(scanDialog.store);
  const photo = useStore(photoDialog.store);
  const ocr = useStore(ocrDialog.store);
  // Logged out with a dialog open: the field waiting for it gets nothing, and the next user no dialog.
  useEffect(
    () => () => {
      scanDialog.answer(null);
      photoDialog.answer(null);
      ocrDialog.answer(null);
    },
    [],
  );
  // A dialog's code that cannot load fails that dialog only (the screen and its form stay); the
  // next request tries again.
  return (
    <ErrorBoundary resetKey={scan ?? photo ?? ocr} fallback={() => <CaptureLoadFailed />}>
      <Suspense fallback={null}>
        {scan && (
          <Scanner
            routeName={scan.args.routeName}
            onConfirm={(text, frame) => scanDialog.answer({ text, frame })}
            onCancel={() => scanDialog.answer(null)}
          />
        )}
        {photo && <PhotoDialog overlayUrl={photo.args.overlayUrl} onDone={photoDialog.answer} />}
        {ocr && <OcrCapture onDone={ocrDialog.answer} />}
      </Suspense>
    </ErrorBoundary>
  );
}
