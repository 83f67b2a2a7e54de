import { lazy, Suspense, useEffect, useState } from 'react';
import type { Project } from '@schemas/api/project';
import { createWedgeDetector } from '../model/keyboard-wedge';

const ScanHandler = lazy(() => import('./scan-handler').then((m) => ({ default: m.ScanHandler })));

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Handheld terminals and scanners that type like a keyboard (spec section 4): pulling the trigger
 * anywhere outside a text field opens the scanned barcode (or offers a new one). Typing into a
 * field is left alone: there the scanner fills the field, as the user expects.
 */
export function KeyboardWedgeListener({ project, mayGenerate }: { project: Project; mayGenerate: boolean }) {
  const [scanned, setScanned] = useState<string | null>(null);
  useEffect(() => {
    const detect = createWedgeDetector();
    const onKeyDown = (event: KeyboardEvent) => {
      if (isEditable(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const text = detect(event.key, event.timeStamp);
      if (text) {
        event.preventDefault();
        setScanned(text);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  if (scanned === null) return null;
  return (
    <Suspense fallback={null}>
      <ScanHandler key={scanned} project={project} mayGenerate={mayGenerate} text={scanned} onDone={() => setScanned(null)} />
    </Suspense>
  );
}
