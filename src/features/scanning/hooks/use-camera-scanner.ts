import { useEffect, useRef } from 'react';
import type { DecodeRequest, DecodeResponse, ScanResult } from '../model/decoding';
import { toScanResult } from '../model/decoding';
import { captureConstraints } from '../model/camera';
import type { ScanFormat } from '../model/symbology';
import { useCameraStream } from './use-camera-stream';

/** Frames are decoded at most this large (longer side): enough for labels, fast on phones. */
const MAX_DECODE_SIDE = 960;

/** A copy of a canvas (the decoder's canvas is drawn again for the next frame). */
function copyOf(source: HTMLCanvasElement): HTMLCanvasElement {
  const copy = document.createElement('canvas');
  copy.width = source.width;
  copy.height = source.height;
  copy.getContext('2d')?.drawImage(source, 0, 0);
  return copy;
}

interface Options {
  deviceId: string | null;
  formats: readonly ScanFormat[];
  /** A code was read; `snapshot` copies the frame it was read from (call it at once, if at all). */
  onDetect(result: ScanResult, frame: { width: number; height: number }, snapshot: () => HTMLCanvasElement): void;
}

/**
 * The camera and the scanning loop: once the camera runs, decodes one frame at a time in a
 * worker while the video has data (paused otherwise).
 */
export function useCameraScanner({ deviceId, formats, onDetect }: Options) {
  const camera = useCameraStream(captureConstraints(deviceId));
  const { video, ready } = camera;
  const latest = useRef({ formats, onDetect });
  useEffect(() => {
    latest.current = { formats, onDetect };
  });

  useEffect(() => {
    if (!ready) return undefined;
    let stopped = false;
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
          latest.current.onDetect(toScanResult({ ...symbol, corners }), frame, () => copyOf(canvas));
        }
        timer = setTimeout(tick, 0);
      };
      const request: DecodeRequest = { id, image, formats: latest.current.formats };
      worker.postMessage(request, [image.data.buffer]);
    };
    tick();

    return () => {
      stopped = true;
      clearTimeout(timer);
      worker.terminate();
    };
  }, [ready, video]);

  return camera;
}
