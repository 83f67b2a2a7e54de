import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Group, Paper, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { readStored, writeStored } from '@/shared/storage/storage';
import { CAMERA_MESSAGES } from '../model/camera';
import { useCurrentProject } from '@/shared/project/use-project';
import {
  appendScan,
  createScanGate,
  DEFAULT_TIME_BETWEEN_SCANS_MS,
  type Point,
  type ScanResult,
} from '../model/decoding';
import { storedSymbology, storeSymbology } from '../model/scanner-settings';
import { captureFile } from '../model/photo';
import { scanFeedback } from '../model/scan-feedback';
import { FORMATS, SYMBOLOGIES, type Symbology } from '../model/symbology';
import { useCameraScanner } from '../hooks/use-camera-scanner';
import { CameraSelect } from './camera-select';

export interface ScannerProps {
  /** Where the scanner is used: the symbology choice is remembered per route name. */
  routeName: string;
  busy?: boolean;
  /** OK: the value, and the camera frame (JPEG) its last scan was read from (null when typed). */
  onConfirm(text: string, frame: File | null): void;
  onCancel(): void;
}

const TEAL = '#12b886';

/**
 * The scanner: full-screen live video, camera picker, symbology selector, bulk switch, the
 * detected value in an editable box, OK only with a value, and a teal 3 px outline around the
 * code just read.
 */
export function Scanner({ routeName, busy, onConfirm, onCancel }: ScannerProps) {
  const { t } = useTranslation('barcode');
  // The project's settings: time between scans, bulk mode and its delimiter.
  const project = useCurrentProject();
  const minDelayMs = project.timeBetweenScansMillis ?? DEFAULT_TIME_BETWEEN_SCANS_MS;
  const bulkSetting = project.cameraFeatures?.bulkCameraScanResultSetting;
  const bulk = { enabled: bulkSetting?.isEnable ?? false, delimiter: bulkSetting?.delimiter[0] ?? ',' };
  const [deviceId, setDeviceId] = useState<string | null>(() => readStored('currentCameraId'));
  const [symbology, setSymbology] = useState<Symbology>(() => storedSymbology(routeName));
  const [bulkOn, setBulkOn] = useState(() => bulk.enabled && readStored('multipleScan') === '1');
  const [value, setValue] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const [askLeaveBulk, setAskLeaveBulk] = useState(false);
  const [outline, setOutline] = useState<{ corners: Point[]; frame: { width: number; height: number } } | null>(null);
  const gate = useMemo(() => createScanGate(minDelayMs), [minDelayMs]);
  const pendingRef = useRef(pending);
  const valueRef = useRef(value);
  useEffect(() => {
    pendingRef.current = pending;
    valueRef.current = value;
  });

  // The frame of the last accepted scan and its text: it goes with OK only when the value is that
  // text (not typed over, not several bulk values).
  const scanFrame = useRef<{ text: string; canvas: HTMLCanvasElement } | null>(null);
  const onDetect = useCallback(
    (result: ScanResult, frame: { width: number; height: number }, snapshot: () => HTMLCanvasElement) => {
      // A scan while an append waits for an answer is ignored (and not remembered as handled).
      if (bulkOn && pendingRef.current !== null) return;
      if (!gate.accept(result.text, performance.now())) return;
      scanFrame.current = { text: result.text, canvas: snapshot() };
      setOutline({ corners: result.cornerPoints, frame });
      // Bulk: a code already in the list is told apart (and not offered again); anything else is a read.
      if (bulkOn && valueRef.current.split(bulk.delimiter).includes(result.text)) {
        scanFeedback('repeat');
        return;
      }
      scanFeedback('read');
      if (bulkOn) {
        // Held at once, not after the next render: a second read before React commits is ignored too.
        pendingRef.current = result.text;
        setPending(result.text);
      } else setValue(result.text);
    },
    [bulkOn, gate, bulk.delimiter],
  );

  const { video, cameras, error, activeDeviceId } = useCameraScanner({
    deviceId,
    formats: FORMATS[symbology],
    onDetect,
  });

  useEffect(() => {
    if (!outline) return undefined;
    const timer = setTimeout(() => setOutline(null), 1000);
    return () => clearTimeout(timer);
  }, [outline]);

  const chooseSymbology = (next: string) => {
    setSymbology(next as Symbology);
    storeSymbology(routeName, next as Symbology);
  };
  const setBulk = (on: boolean) => {
    if (!on && value !== '') {
      setAskLeaveBulk(true);
      return;
    }
    setBulkOn(on);
    writeStored('multipleScan', on ? '1' : '0');
  };
  const leaveBulk = () => {
    setAskLeaveBulk(false);
    setValue('');
    gate.reset();
    setBulkOn(false);
    writeStored('multipleScan', '0');
  };
  const answerAppend = (append: boolean) => {
    if (append && pending) setValue((current) => appendScan(current, pending, bulk.delimiter));
    setPending(null);
  };

  const [confirming, setConfirming] = useState(false);
  const confirm = async () => {
    setConfirming(true);
    const scanned = scanFrame.current;
    const frame = scanned && scanned.text === value.trim() ? await captureFile(scanned.canvas, 'jpeg') : null;
    setConfirming(false);
    onConfirm(value.trim(), frame);
  };

  const errorText = error ? t(CAMERA_MESSAGES[error]) : null;
  return (
    <Box
      pos="fixed"
      inset={0}
      bg="black"
      style={{ zIndex: 150, display: 'flex', flexDirection: 'column' }}
      role="dialog"
      aria-label={t('scan.title')}
    >
      <Box pos="relative" style={{ flex: 1, overflow: 'hidden' }}>
        <video
          ref={video}
          muted
          playsInline
          autoPlay
          data-testid="scanner-video"
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
        {outline && (
          <svg
            viewBox={`0 0 ${outline.frame.width} ${outline.frame.height}`}
            preserveAspectRatio="xMidYMid slice"
            data-testid="scan-outline"
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
            aria-hidden="true"
          >
            <polygon
              points={outline.corners.map((p) => `${p.x},${p.y}`).join(' ')}
              fill="none"
              stroke={TEAL}
              strokeWidth={3}
              vectorEffect="non-scaling-stroke"
            />
          </svg>
        )}
        <Stack
          gap="xs"
          p="sm"
          pos="absolute"
          top={0}
          left={0}
          right={0}
          style={{ background: 'linear-gradient(rgba(0,0,0,.6), transparent)' }}
        >
          <SegmentedControl
            value={symbology}
            onChange={chooseSymbology}
            size="sm"
            aria-label={t('scan.symbology')}
            data={SYMBOLOGIES.map((s) => ({ value: s, label: t(`scan.symbologies.${s}`) }))}
          />
          <Group justify="space-between">
            <CameraSelect cameras={cameras} value={activeDeviceId ?? deviceId} onChange={setDeviceId} />
            {bulk.enabled && (
              <Switch
                checked={bulkOn}
                onChange={(e) => setBulk(e.currentTarget.checked)}
                label={t('scan.bulk')}
                c="white"
              />
            )}
          </Group>
        </Stack>
        {errorText && (
          <Alert color="red" variant="filled" m="md" pos="absolute" bottom={0} left={0} right={0} role="alert">
            {errorText}
          </Alert>
        )}
      </Box>
      <Paper radius={0} p="md">
        {pending !== null && (
          <Alert variant="light" mb="sm" title={t('scan.appendConfirm')}>
            <Text fw={700} style={{ wordBreak: 'break-all' }}>
              {pending}
            </Text>
            <Group mt="xs" grow>
              <Button variant="default" onClick={() => answerAppend(false)}>
                {t('scan.skip')}
              </Button>
              <Button onClick={() => answerAppend(true)}>{t('scan.append')}</Button>
            </Group>
          </Alert>
        )}
        {askLeaveBulk && (
          <Alert variant="light" color="orange" mb="sm" title={t('scan.leaveBulk')}>
            <Group mt="xs" grow>
              <Button variant="default" onClick={() => setAskLeaveBulk(false)}>
                {t('common.cancel', { ns: 'common' })}
              </Button>
              <Button color="orange" onClick={leaveBulk}>
                {t('common.ok', { ns: 'common' })}
              </Button>
            </Group>
          </Alert>
        )}
        <TextInput
          label={t('scan.value')}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          size="md"
          placeholder={t('scan.aim')}
        />
        <Group mt="md" grow>
          <Button variant="default" size="md" onClick={onCancel}>
            {t('common.cancel', { ns: 'common' })}
          </Button>
          <Button size="md" disabled={value.trim() === ''} loading={busy || confirming} onClick={() => void confirm()}>
            {t('common.ok', { ns: 'common' })}
          </Button>
        </Group>
      </Paper>
    </Box>
  );
}
