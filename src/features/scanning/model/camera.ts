export type CameraError = 'denied' | 'none' | 'failed';

/** What the user is told for each kind of camera failure (barcode strings). */
export const CAMERA_MESSAGES = {
  denied: 'scan.cameraDenied',
  none: 'scan.noCamera',
  failed: 'scan.cameraFailed',
} as const satisfies Record<CameraError, string>;

export function cameraErrorOf(error: unknown): CameraError {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'none';
  return 'failed';
}

/** Classifies a failure to start the camera; the unexpected ones are logged. */
export function cameraFailure(error: unknown): CameraError {
  const kind = cameraErrorOf(error);
  if (kind === 'failed') console.error('camera failed', error);
  return kind;
}

/** Opens the camera with these video constraints; a browser without the camera API fails like a missing camera. */
export function openCamera(video: MediaTrackConstraints): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia)
    return Promise.reject(Object.assign(new Error('no camera API'), { name: 'NotFoundError' }));
  return navigator.mediaDevices.getUserMedia({ audio: false, video });
}

/** Shows a camera stream in a video element and starts it (autoplay may be refused: the frames still arrive). */
export async function showStream(element: HTMLVideoElement | null, stream: MediaStream): Promise<void> {
  if (!element) return;
  element.srcObject = stream;
  await element.play().catch(() => undefined);
}

/** Turns the camera off (its light goes out); nothing to do without a stream. */
export function stopStream(stream: MediaStream | null | undefined): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/** The camera request of the scanner and the OCR capture: square frames, the rear camera unless one was chosen. */
export const captureConstraints = (deviceId: string | null): MediaTrackConstraints => ({
  ...(deviceId ? { deviceId: { exact: deviceId } } : { facingMode: { ideal: 'environment' } }),
  width: { ideal: 1000 },
  height: { ideal: 1000 },
  aspectRatio: 1,
  frameRate: { ideal: 30, max: 60 },
});

/** Draws the video's current frame into the canvas at full size; false while the video has no frame. */
export function captureFrame(video: HTMLVideoElement | null, canvas: HTMLCanvasElement | null): boolean {
  if (!video || !canvas || video.videoWidth === 0) return false;
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  return true;
}
