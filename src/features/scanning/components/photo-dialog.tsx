import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Group, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CAMERA_MESSAGES, cameraFailure, captureFrame, openCamera, showStream, stopStream, type CameraError } from '../model/camera';
import { captureFileName, photoAspectRatio } from '../model/photo';

export interface PhotoDialogProps {
  /** An image drawn over the live video to help framing (optional). */
  overlayUrl?: string;
  onDone(photo: File | null): void;
}

/**
 * The photo dialog (spec sections 4, 9): full-screen rear camera, 16:9 landscape or 9:16
 * portrait; Take freezes the image; Retake returns to the live video; OK gives the PNG (named
 * with 16 random letters and digits) and closes, stopping the camera.
 */
export function PhotoDialog({ overlayUrl, onDone }: PhotoDialogProps) {
  const { t } = useTranslation('barcode');
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [captured, setCaptured] = useState(false);
  const [error, setError] = useState<CameraError | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let stopped = false;
    const landscape = window.matchMedia?.('(orientation: landscape)').matches ?? false;
    openCamera({ facingMode: { ideal: 'environment' }, aspectRatio: photoAspectRatio(landscape) })
      .then(async (media) => {
        if (stopped) {
          stopStream(media);
          return;
        }
        stream.current = media;
        await showStream(video.current, media);
      }, (failure: unknown) => {
        if (!stopped) setError(cameraFailure(failure));
      });
    return () => {
      stopped = true;
      stopStream(stream.current);
    };
  }, []);

  const take = () => {
    if (!captureFrame(video.current, canvas.current)) return;
    video.current?.pause();
    setCaptured(true);
  };
  const retake = () => {
    setCaptured(false);
    void video.current?.play();
  };
  const confirm = () => {
    setBusy(true);
    canvas.current?.toBlob((blob) => {
      stopStream(stream.current);
      onDone(blob ? new File([blob], captureFileName('png'), { type: 'image/png' }) : null);
    }, 'image/png');
  };

  const errorText = error ? t(CAMERA_MESSAGES[error]) : null;
  return (
    <Box pos="fixed" inset={0} bg="black" style={{ zIndex: 160, display: 'flex', flexDirection: 'column' }} role="dialog" aria-label={t('photo.title')}>
      <Box pos="relative" style={{ flex: 1, overflow: 'hidden' }}>
        <video ref={video} muted playsInline autoPlay style={{ width: '100%', height: '100%', objectFit: 'contain', display: captured ? 'none' : 'block' }} />
        <canvas ref={canvas} data-testid="photo-captured" style={{ width: '100%', height: '100%', objectFit: 'contain', display: captured ? 'block' : 'none' }} />
        {overlayUrl && !captured && <img src={overlayUrl} alt="" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain', opacity: 0.5, pointerEvents: 'none' }} />}
        {errorText && <Alert color="red" variant="filled" m="md" pos="absolute" bottom={0} left={0} right={0} role="alert">{errorText}</Alert>}
      </Box>
      <Paper radius={0} p="md">
        <Group grow>
          <Button variant="default" size="md" onClick={() => { stopStream(stream.current); onDone(null); }}>{t('common.cancel', { ns: 'common' })}</Button>
          {captured
            ? <Button variant="light" size="md" onClick={retake}>{t('photo.retake')}</Button>
            : <Button size="md" onClick={take} disabled={error !== null}>{t('photo.take')}</Button>}
          <Button size="md" disabled={!captured} loading={busy} onClick={confirm}>{t('common.ok', { ns: 'common' })}</Button>
        </Group>
      </Paper>
    </Box>
  );
}
