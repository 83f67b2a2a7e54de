import { useRef, useState } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import SignatureCanvasExport from 'react-signature-canvas';

// react-signature-canvas is CommonJS: depending on the bundler's interop its class arrives as
// the default export or under `.default`.
const SignatureCanvas =
  (SignatureCanvasExport as unknown as { default?: typeof SignatureCanvasExport }).default ?? SignatureCanvasExport;
type SignatureCanvas = SignatureCanvasExport;

/** The signature pad's size in pixels, which is also the size of the stored PNG. */
export const PAD_WIDTH = 300;
export const PAD_HEIGHT = 240;

export interface SignatureDialogProps {
  title: string;
  onCancel(): void;
  /** Called with the drawn signature as a PNG file; not called for an empty pad. */
  onSigned(png: Blob): void;
}

/** The signing dialog (loaded with the pad only when Sign is tapped): pad, Undo, OK. */
export default function SignatureDialog({ title, onCancel, onSigned }: SignatureDialogProps) {
  const { t } = useTranslation('forms');
  const pad = useRef<SignatureCanvas>(null);
  const [empty, setEmpty] = useState(true);
  const done = () => {
    const canvas = pad.current;
    if (!canvas || canvas.isEmpty()) {
      onCancel();
      return;
    }
    canvas.getCanvas().toBlob((blob) => (blob ? onSigned(blob) : onCancel()), 'image/png');
  };
  return (
    <Modal opened onClose={onCancel} title={title} fullScreen={false} size="100%" centered>
      <Stack align="center">
        <div style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8, touchAction: 'none' }}>
          <SignatureCanvas
            ref={pad}
            penColor="#1a1b1e"
            onEnd={() => setEmpty(false)}
            canvasProps={{ width: PAD_WIDTH, height: PAD_HEIGHT, 'aria-label': t('widgets.signaturePad'), role: 'img' }}
          />
        </div>
        <Group justify="space-between" w={PAD_WIDTH}>
          <Button
            variant="default"
            onClick={() => {
              pad.current?.clear();
              setEmpty(true);
            }}
          >
            {t('widgets.undo')}
          </Button>
          <Button onClick={done} disabled={empty}>
            {t('common.ok', { ns: 'common' })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
