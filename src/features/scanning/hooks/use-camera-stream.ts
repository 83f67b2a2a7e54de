import { useEffect, useRef, useState } from 'react';
import { cameraFailure, openCamera, showStream, stopStream, type CameraError } from '../model/camera';

/**
 * A camera shown in the returned video element while `constraints` is given (null turns it
 * off): the cameras of the device once access is allowed, the one in use, and the failure
 * if it could not start. A change of constraints restarts the camera.
 */
export function useCameraStream(constraints: MediaTrackConstraints | null) {
  const video = useRef<HTMLVideoElement>(null);
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [error, setError] = useState<CameraError | null>(null);
  const [activeDeviceId, setActiveDeviceId] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const key = constraints ? JSON.stringify(constraints) : null;

  useEffect(() => {
    if (key === null) return undefined;
    let stopped = false;
    let stream: MediaStream | null = null;
    (async () => {
      try {
        const opened = await openCamera(JSON.parse(key) as MediaTrackConstraints);
        // Closed (or switched) while the camera was starting: turn this one off again.
        if (stopped) {
          stopStream(opened);
          return;
        }
        stream = opened;
        await showStream(video.current, stream);
        const devices = await navigator.mediaDevices.enumerateDevices();
        if (stopped) return;
        setActiveDeviceId(stream.getVideoTracks()[0]?.getSettings().deviceId ?? null);
        setCameras(devices.filter((d) => d.kind === 'videoinput'));
        setError(null);
        setReady(true);
      } catch (failure) {
        if (!stopped) setError(cameraFailure(failure));
      }
    })();
    return () => {
      stopped = true;
      setReady(false);
      stopStream(stream);
    };
  }, [key]);

  return { video, cameras, error, activeDeviceId, ready };
}
