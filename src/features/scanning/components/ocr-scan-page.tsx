import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCurrentProject } from '@/shared/project/use-project';
import { mayGenerateBarcodes } from '@/shared/project/permissions';
import { paths } from '@/shared/paths';
import { useProfile } from '@/shared/session/use-profile';
import { OcrCapture } from './ocr-capture';
import { ScanHandler } from './scan-handler';

/**
 * `/{project}/qrcode/scan-ocr` (open): read a code printed on a package with the camera (OCR)
 * and go where a scan of it would go: its barcode, the barcode that has it as external id, or
 * (for users who may generate) a new barcode with it as external id, once confirmed.
 */
export function OcrScanPage() {
  const project = useCurrentProject();
  const { data: profile } = useProfile();
  const navigate = useNavigate();
  const [text, setText] = useState<string | null>(null);
  return (
    <>
      <OcrCapture onDone={(result) => (result ? setText(result.text) : navigate(paths.home.getHref(project)))} />
      {text !== null && (
        <ScanHandler
          project={project}
          mayGenerate={mayGenerateBarcodes(project, profile)}
          text={text}
          onDone={() => setText(null)}
        />
      )}
    </>
  );
}
