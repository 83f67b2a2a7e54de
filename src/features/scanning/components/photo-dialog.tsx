import { useRef, useState } from 'react';
import { Alert, Box, Button, Group, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CAMERA_MESSAGES, captureFrame } from '../model/camera';
import { captureFile, photoAspectRatio } from '../model/photo';
import { useCameraStream } from '../hooks/use-camera-stream';

export interface PhotoDialogProps {
  /** An image drawn over the live video to help framing (optional). */
  overlayUrl?: string;
  onDone(photo: File | null): void;
}

/**
 * The photo dialog: full-screen rear camera, 16:9 landscape or 9:16 portrait; Take freezes the
 * image; Retake returns to the live video; OK gives the PNG (named with 16 random letters and
 * digits) and closes, stopping the camera.
 */
export function PhotoDialog({ overlayUrl, onDone }: PhotoDialogProps) {
  const { t } = useTranslation('barcode');
  // The orientation when the dialog opens decides the aspect ratio (the camera is not restarted on a turn).
  const [constraints] = useState<MediaTrackConstraints>(() => ({
    facingMode: { ideal: 'environment' },
    aspectRatio: photoAspectRatio(window.matchMedia?.('(orientation: landscape)').matches ?? false),
  }));
  // The camera runs until OK or Cancel (then off before the dialog closes).
  const [open, setOpen] = useState(true);
  // Take waits for the camera's first picture: a tap before it would freeze nothing.
  const { video, error, ready } = useCameraStream(open ? constraints : null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [captured, setCaptured] = useState(false);
  const [busy, setBusy] = useState(false);

  const take = () => {
    if (!captureFrame(video.current, canvas.current)) return;
    video.current?.pause();
    setCaptured(true);
  };
  const retake = () => {
    setCaptured(false);
    void video.current?.play();
  };
  const close = (photo: File | null) => {
    setOpen(false);
    onDone(photo);
  };
  const confirm = async () => {
    if (!canvas.current) return;
    setBusy(true);
    close(await captureFile(canvas.current, 'png'));
  };

  const errorText = error ? t(CAMERA_MESSAGES[error]) : null;
  return (
    <Box
      pos="fixed"
      inset={0}
      bg="black"
      style={{ zIndex: 160, display: 'flex', flexDirection: 'column' }}
      role="dialog"
      aria-label={t('photo.title')}
    >
      <Box pos="relative" style={{ flex: 1, overflow: 'hidden' }}>
        <video
          ref={video}
          muted
          playsInline
          autoPlay
          style={{ width: '100%', height: '100%', objectFit: 'contain', display: captured ? 'none' : 'block' }}
        />
        <canvas
          ref={canvas}
          data-testid="photo-captured"
          style={{ width: '100%', height: '100%', objectFit: 'contain', display: captured ? 'block' : 'none' }}
        />
        {overlayUrl && !captured && (
          <img
            src={overlayUrl}
            alt=""
            style={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              objectFit: 'contain',
              opacity: 0.5,
              pointerEvents: 'none',
            }}
          />
        )}
        {errorText && (
          <Alert color="red" variant="filled" m="md" pos="absolute" bottom={0} left={0} right={0} role="alert">
            {errorText}
          </Alert>
        )}
      </Box>
      <Paper radius={0} p="md">
        <Group grow>
          <Button variant="default" size="md" onClick={() => close(null)}>
            {t('common.cancel', { ns: 'common' })}
          </Button>
          {captured ? (
            <Button variant="light" size="md" onClick={retake}>
              {t('photo.retake')}
            </Button>
          ) : (
            <Button size="md" onClick={take} disabled={error !== null || !ready}>
              {t('photo.take')}
            </Button>
          )}
          <Button size="md" disabled={!captured} loading={busy} onClick={() => void confirm()}>
            {t('common.ok', { ns: 'common' })}
          </Button>
        </Group>
      </Paper>
    </Box>
  );
}
