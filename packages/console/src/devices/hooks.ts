import { type CameraIndex, type ErrorPayload, streamUrl } from '@trialab/device-protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageShown } from '../components/usePageShown';
import { useBridge } from '../stores/bridge';
import { startCameraSync, useCamera } from './cameraStore';
import { deviceError, deviceErrorText } from './errors';

/** Camera pages call this once: the camera store follows the open tabs and the bridge from then on. */
export function useCameraPage(): void {
  useEffect(() => {
    startCameraSync();
  }, []);
}

/** The bridge's device-call texts in the user's language. */
export function useDeviceErrorText(): (error: unknown) => string {
  const { i18n } = useTranslation();
  return useCallback((error: unknown) => deviceErrorText(error, i18n.language), [i18n.language]);
}

export interface CameraViewState {
  /** Absolute URL of the bridge's MJPEG proxy, when the camera is open. */
  src: string | null;
  error: ErrorPayload | null;
  /** Opens the camera again (after a fault, or when the picture broke). */
  retry(): void;
  /** The `<img>` lost its stream (service gone, camera unplugged). */
  streamBroke(): void;
}

/** While a view shows an error it tries again this often (and at once when the service is back). */
export const CAMERA_RETRY_MS = 5000;

/**
 * A shown camera view: counts as "camera view shown" for the bridge while mounted on the page on
 * screen (a view in a hidden tab does not count, and its picture is not fetched) and opens the camera.
 */
export function useCameraView(camera: CameraIndex): CameraViewState {
  const pageShown = usePageShown();
  const wsUrl = useBridge((s) => s.wsUrl);
  const connected = useBridge(
    (s) => s.client !== null && s.status !== 'notRunning' && s.status !== 'refused',
  );
  const path = useCamera((s) => s.streams[camera]);
  const [error, setError] = useState<ErrorPayload | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!pageShown) return;
    startCameraSync();
    return useCamera.getState().showView();
  }, [pageShown]);

  useEffect(() => {
    if (!pageShown || !connected || path) return;
    let cancelled = false;
    useCamera
      .getState()
      .open(camera)
      .then(
        () => !cancelled && setError(null),
        (e: unknown) => !cancelled && setError(deviceError(e)),
      );
    return () => {
      cancelled = true;
    };
  }, [camera, connected, path, attempt, pageShown]);

  const retry = useCallback(() => {
    setError(null);
    useCamera.setState((s) => {
      const streams = { ...s.streams };
      delete streams[camera];
      return { streams };
    });
    setAttempt((n) => n + 1);
  }, [camera]);

  const serviceReady = useBridge((s) => s.devices?.cameraService === 'ready');
  const streamBroke = useCallback(() => {
    setError(deviceError({ code: serviceReady ? 'DEVICE_NOT_CONNECTED' : 'VENDOR_UNREACHABLE' }));
  }, [serviceReady]);
  // The bridge's status polling notices a service or camera that went away before the picture does.
  const reported = useBridge((s) => {
    const devices = s.devices;
    if (!devices || devices.cameraService === 'disabled') return null;
    if (devices.cameraService !== 'ready') return 'VENDOR_UNREACHABLE' as const;
    return (camera === 0 ? devices.video0 : devices.video1) === 'no'
      ? ('DEVICE_NOT_CONNECTED' as const)
      : null;
  });

  const wasReported = useRef(reported);
  useEffect(() => {
    // The service or camera is back: the old stream died with it, so open the camera again.
    if (wasReported.current && !reported) retry();
    wasReported.current = reported;
  }, [reported, retry]);
  const wasReady = useRef(serviceReady);
  useEffect(() => {
    // The bridge reports the service back: reopen now rather than at the next tick.
    if (error && serviceReady && !wasReady.current) retry();
    wasReady.current = serviceReady;
  }, [error, serviceReady, retry]);

  useEffect(() => {
    if (!error || !pageShown) return;
    const timer = setInterval(retry, CAMERA_RETRY_MS);
    return () => clearInterval(timer);
  }, [error, retry, pageShown]);

  let src: string | null = null;
  if (path && wsUrl) src = streamUrl(wsUrl, path);
  const shown: ErrorPayload | null = !connected
    ? deviceError({ code: 'BRIDGE_UNAVAILABLE' })
    : (error ?? (reported ? deviceError({ code: reported }) : null));
  // Hidden, the <img> goes: its MJPEG connection closes until the page is shown again.
  return { src: shown || !pageShown ? null : src, error: shown, retry, streamBroke };
}
