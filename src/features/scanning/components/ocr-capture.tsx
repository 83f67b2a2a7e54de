import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Alert, Box, Button, Group, Paper, Progress, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { readStored } from '@/shared/storage/storage';
import { CAMERA_MESSAGES, captureConstraints, captureFrame } from '../model/camera';
import { CROP_MARGIN, cropScale, isCrop, ocrText, selection, type Rect } from '../model/ocr-crop';
import { recogniseText, releaseOcrWhenIdle, warmUpOcr } from '../model/ocr-engine';
import { captureFile } from '../model/photo';
import { useCameraStream } from '../hooks/use-camera-stream';
import { CameraSelect } from './camera-select';

export interface OcrResult {
  /** The confirmed text, trimmed. */
  text: string;
  /** The picture the text was read from (PNG). */
  image: File;
}

export interface OcrCaptureProps {
  onDone(result: OcrResult | null): void;
}

type Phase = 'live' | 'captured' | 'recognising';

/** The crop, enlarged for the engine and set on a white margin. */
function cropCanvas(source: HTMLCanvasElement, rect: Rect): HTMLCanvasElement {
  const scale = cropScale(rect.height);
  const out = document.createElement('canvas');
  out.width = Math.round(rect.width * scale) + CROP_MARGIN * 2;
  out.height = Math.round(rect.height * scale) + CROP_MARGIN * 2;
  const context = out.getContext('2d');
  if (context) {
    context.fillStyle = '#fff';
    context.fillRect(0, 0, out.width, out.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(
      source,
      rect.x,
      rect.y,
      rect.width,
      rect.height,
      CROP_MARGIN,
      CROP_MARGIN,
      out.width - CROP_MARGIN * 2,
      out.height - CROP_MARGIN * 2,
    );
  }
  return out;
}

/**
 * OCR capture: live camera (with a camera picker when there are several) -> Take picture
 * freezes it and stops the camera -> dragging over the text crops it -> the English text is
 * recognised into an editable box. Retake clears text and picture and restarts the camera; OK
 * gives the trimmed text and the picture. The engine loads while the camera is live, from this
 * app's own files.
 */
export function OcrCapture({ onDone }: OcrCaptureProps) {
  const { t } = useTranslation('barcode');
  const [deviceId, setDeviceId] = useState<string | null>(() => readStored('currentCameraId'));
  const [phase, setPhase] = useState<Phase>('live');
  const {
    video,
    cameras,
    error: cameraError,
    activeDeviceId,
    ready,
  } = useCameraStream(phase === 'live' ? captureConstraints(deviceId) : null);
  const picture = useRef<HTMLCanvasElement>(null);
  const [text, setText] = useState('');
  const [drag, setDrag] = useState<{ start: { x: number; y: number }; rect: Rect } | null>(null);
  const [crop, setCrop] = useState<Rect | null>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [progress, setProgress] = useState<{ status: 'loading' | 'recognising'; value: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    warmUpOcr();
    return () => {
      alive.current = false;
      releaseOcrWhenIdle();
    };
  }, []);

  const take = () => {
    const target = picture.current;
    if (!target || !captureFrame(video.current, target)) return;
    setSize({ width: target.width, height: target.height });
    setPhase('captured');
  };
  const retake = () => {
    setText('');
    setCrop(null);
    setFailed(false);
    setPhase('live');
  };

  /** Where a pointer is on the picture, in picture pixels. */
  const pointOf = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const canvas = event.currentTarget;
    return {
      x: ((event.clientX - box.left) * canvas.width) / box.width,
      y: ((event.clientY - box.top) * canvas.height) / box.height,
    };
  };
  const startDrag = (event: PointerEvent<HTMLCanvasElement>) => {
    if (phase !== 'captured') return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const start = pointOf(event);
    setDrag({ start, rect: selection(start, start, size) });
  };
  const moveDrag = (event: PointerEvent<HTMLCanvasElement>) => {
    if (drag) setDrag({ start: drag.start, rect: selection(drag.start, pointOf(event), size) });
  };
  const endDrag = () => {
    const rect = drag?.rect;
    setDrag(null);
    if (!rect || !isCrop(rect) || !picture.current) return;
    setCrop(rect);
    void recognise(cropCanvas(picture.current, rect));
  };

  const readWhole = () => {
    if (!picture.current) return;
    setCrop(null);
    void recognise(picture.current);
  };

  const recognise = async (image: HTMLCanvasElement) => {
    setPhase('recognising');
    setFailed(false);
    try {
      const raw = await recogniseText(image, (status, value) => alive.current && setProgress({ status, value }));
      if (alive.current) setText(ocrText(raw));
    } catch (error) {
      console.error('OCR failed', error);
      if (alive.current) setFailed(true);
    } finally {
      if (alive.current) {
        setProgress(null);
        setPhase('captured');
      }
    }
  };

  const confirm = async () => {
    if (!picture.current) return;
    setBusy(true);
    const image = await captureFile(picture.current, 'png');
    if (alive.current) setBusy(false);
    onDone(image ? { text: text.trim(), image } : null);
  };

  const live = phase === 'live';
  const guide = live ? t('ocr.takeArea') : text.trim() === '' ? t('ocr.selectText') : t('ocr.confirmText');
  const shown = drag?.rect ?? crop;
  const errorText = cameraError ? t(CAMERA_MESSAGES[cameraError]) : null;
  return (
    <Box
      pos="fixed"
      inset={0}
      bg="black"
      style={{ zIndex: 160, display: 'flex', flexDirection: 'column' }}
      role="dialog"
      aria-label={t('ocr.title')}
    >
      <Box
        pos="relative"
        style={{ flex: 1, overflow: 'hidden', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      >
        <video
          ref={video}
          muted
          playsInline
          autoPlay
          style={{ width: '100%', height: '100%', objectFit: 'contain', display: live ? 'block' : 'none' }}
        />
        <Box
          pos="relative"
          style={{ display: live ? 'none' : 'inline-block', lineHeight: 0, maxWidth: '100%', maxHeight: '100%' }}
        >
          <canvas
            ref={picture}
            data-testid="ocr-picture"
            role="img"
            onPointerDown={startDrag}
            onPointerMove={moveDrag}
            onPointerUp={endDrag}
            onPointerCancel={() => setDrag(null)}
            style={{ maxWidth: '100%', maxHeight: 'calc(100dvh - 260px)', touchAction: 'none', cursor: 'crosshair' }}
            aria-label={t('ocr.pinchGuide')}
          />
          {shown && (
            <div
              data-testid="ocr-crop"
              aria-hidden="true"
              style={{
                position: 'absolute',
                border: '3px solid #12b886',
                pointerEvents: 'none',
                left: `${(shown.x / size.width) * 100}%`,
                top: `${(shown.y / size.height) * 100}%`,
                width: `${(shown.width / size.width) * 100}%`,
                height: `${(shown.height / size.height) * 100}%`,
              }}
            />
          )}
        </Box>
        <Group
          pos="absolute"
          top={0}
          left={0}
          right={0}
          p="sm"
          justify="space-between"
          style={{ background: 'linear-gradient(rgba(0,0,0,.6), transparent)' }}
        >
          <Text c="white" fw={600}>
            {t('ocr.title')}
          </Text>
          {live && <CameraSelect cameras={cameras} value={activeDeviceId ?? deviceId} onChange={setDeviceId} />}
        </Group>
        {!live && !shown && (
          <Text
            pos="absolute"
            bottom={12}
            left={0}
            right={0}
            ta="center"
            c="white"
            size="sm"
            style={{ textShadow: '0 0 4px #000' }}
          >
            {t('ocr.pinchGuide')}
          </Text>
        )}
        {errorText && (
          <Alert color="red" variant="filled" m="md" pos="absolute" bottom={0} left={0} right={0} role="alert">
            {errorText}
          </Alert>
        )}
      </Box>
      <Paper radius={0} p="md">
        <Text size="sm" mb="xs" aria-live="polite">
          {guide}
        </Text>
        {progress && (
          <Progress
            value={Math.round(progress.value * 100)}
            size="sm"
            mb="xs"
            animated
            aria-label={t(progress.status === 'loading' ? 'ocr.loading' : 'ocr.recognising', {
              percent: Math.round(progress.value * 100),
            })}
          />
        )}
        {phase === 'recognising' && !progress && (
          <Text size="sm" c="dimmed" mb="xs">
            {t('ocr.recognising', { percent: 0 })}
          </Text>
        )}
        {failed && (
          <Alert color="red" mb="xs" role="alert">
            {t('ocr.failed')}
          </Alert>
        )}
        {phase === 'captured' && text.trim() === '' && (
          // Without a pointer (keyboard, screen reader): read the whole picture.
          <Button variant="subtle" size="compact-sm" mb="xs" onClick={readWhole}>
            {t('ocr.readAll')}
          </Button>
        )}
        {!live && (
          <TextInput
            data-testid="ocr-text"
            label={t('ocr.result')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            size="md"
            disabled={phase === 'recognising'}
          />
        )}
        <Group mt="md" grow>
          <Button variant="default" size="md" onClick={() => onDone(null)}>
            {t('common.cancel', { ns: 'common' })}
          </Button>
          <Button variant="light" size="md" disabled={live || phase === 'recognising'} onClick={retake}>
            {t('ocr.retake')}
          </Button>
          {live ? (
            <Button size="md" onClick={take} disabled={!ready}>
              {t('ocr.take')}
            </Button>
          ) : (
            <Button
              size="md"
              disabled={text.trim() === '' || phase === 'recognising'}
              loading={busy}
              onClick={() => void confirm()}
            >
              {t('common.ok', { ns: 'common' })}
            </Button>
          )}
        </Group>
      </Paper>
    </Box>
  );
}
