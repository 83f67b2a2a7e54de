import { useEffect, useRef, useState } from 'react';
import type { DecodeRequest, DecodeResponse, ScanResult } from '../model/decoding';
import { toScanResult } from '../model/decoding';
import { cameraFailure, openCamera, showStream, stopStream, type CameraError } from '../model/camera';
import type { ScanFormat } from '../model/symbology';

/** Spec section 9: ideal 1000x1000, square, 30 frames per second (at most 60). */
const videoConstraints = (deviceId: string | null): MediaTrackConstraints => ({
  ...(deviceId ? { deviceId: { exact: deviceId } } : { facingMode: { ideal: 'environment' } }),
  width: { ideal: 1000 },
  height: { ideal: 1000 },
  aspectRatio: 1,
  frameRate: { ideal: 30, max: 60 },
});

/** Frames are decoded at most this large (longer side): enough for labels, fast on phones. */
const MAX_DECODE_SIDE = 960;

interface Options {
  deviceId: string | null;
  formats: readonly ScanFormat[];
  onDetect(result: ScanResult, frame: { width: number; height: number }): void;
}

/**
 * The camera and the scanning loop: starts the camera in the returned video element, lists the
 * cameras once allowed, and decodes one frame at a time in a worker while the video has data
 * (paused otherwise).
 */
export function useCameraScanner({ deviceId, formats, onDetect }: Options) {
  const video = useRef<HTMLVideoElement>(null);
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [error, setError] = useState<CameraError | null>(null);
  const [activeDeviceId, setActiveDeviceId] = useState<string | null>(null);
  const latest = useRef({ formats, onDetect });
  useEffect(() => {
    latest.current = { formats, onDetect };
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const worker = new Worker(new URL('../workers/decode.worker.ts', import.meta.url), { type: 'module' });
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    let nextId = 1;

    const tick = () => {
      if (stopped) return;
      const element = video.current;
      if (!element || element.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || !context || element.videoWidth === 0) {
        timer = setTimeout(tick, 100);
        return;
      }
      const scale = Math.min(1, MAX_DECODE_SIDE / Math.max(element.videoWidth, element.videoHeight));
      canvas.width = Math.round(element.videoWidth * scale);
      canvas.height = Math.round(element.videoHeight * scale);
      context.drawImage(element, 0, 0, canvas.width, canvas.height);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      const frame = { width: element.videoWidth, height: element.videoHeight };
      const id = nextId++;
      worker.onmessage = (event: MessageEvent<DecodeResponse>) => {
        if (stopped || event.data.id !== id) return;
        const { symbol } = event.data;
        if (symbol) {
          const unscale = (p: { x: number; y: number }) => ({ x: p.x / scale, y: p.y / scale });
          const corners = symbol.corners.map(unscale) as typeof symbol.corners;
          latest.current.onDetect(toScanResult({ ...symbol, corners }), frame);
        }
        timer = setTimeout(tick, 0);
      };
      const request: DecodeRequest = { id, image, formats: latest.current.formats };
      worker.postMessage(request, [image.data.buffer]);
    };

    (async () => {
      try {
        stream = await openCamera(videoConstraints(deviceId));
        if (stopped) return;
        await showStream(video.current, stream);
        setActiveDeviceId(stream.getVideoTracks()[0]?.getSettings().deviceId ?? null);
        setCameras((await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'videoinput'));
        setError(null);
        tick();
      } catch (failure) {
        if (!stopped) setError(cameraFailure(failure));
      }
    })();

    return () => {
      stopped = true;
      clearTimeout(timer);
      worker.terminate();
      stopStream(stream);
    };
  }, [deviceId]);

  return { video, cameras, error, activeDeviceId };
}
