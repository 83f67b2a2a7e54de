import { lazy, Suspense, useEffect } from 'react';
import { ocrDialog, photoDialog, scanDialog } from '@/shared/ui/capture-requests';
import { useStore } from '@/shared/ui/store';

const Scanner = lazy(() => import('@/features/scanning/components/scanner').then((m) => ({ default: m.Scanner })));
const PhotoDialog = lazy(() => import('@/features/scanning/components/photo-dialog').then((m) => ({ default: m.PhotoDialog })));
const OcrCapture = lazy(() => import('@/features/scanning/components/ocr-capture').then((m) => ({ default: m.OcrCapture })));

/**
 * Draws the capture dialog a field asked for over the current screen: the scanner (a barcode
 * reader button), the photo dialog (a photo-only files field) or the OCR capture (an OCR reader
 * button). Each dialog's code, and the decoder or OCR engine behind it, loads only then.
 */
export function CaptureHosts() {
  const scan = useStore(scanDialog.store);
  const photo = useStore(photoDialog.store);
  const ocr = useStore(ocrDialog.store);
  // Logged out with a dialog open: the field waiting for it gets nothing, and the next user no dialog.
  useEffect(() => () => {
    scanDialog.answer(null);
    photoDialog.answer(null);
    ocrDialog.answer(null);
  }, []);
  return (
    <Suspense fallback={null}>
      {scan && <Scanner routeName={scan.args.routeName} onConfirm={(text, frame) => scanDialog.answer({ text, frame })} onCancel={() => scanDialog.answer(null)} />}
      {photo && <PhotoDialog overlayUrl={photo.args.overlayUrl} onDone={photoDialog.answer} />}
      {ocr && <OcrCapture onDone={ocrDialog.answer} />}
    </Suspense>
  );
}
