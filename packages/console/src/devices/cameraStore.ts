import type {
  BridgeClient,
  CameraIndex,
  ConnectionInfo,
  ErrorPayload,
  MethodResult,
} from '@trialab/device-protocol';
import { create } from 'zustand';
import { useBridge } from '../stores/bridge';
import { useTabs } from '../stores/tabs';
import { deviceError } from './errors';
import { cameraPagesOf } from './pages';

/** The part of the tab's BridgeClient the camera store uses (a fake in tests). */
export type DeviceClient = Pick<BridgeClient, 'call' | 'on' | 'onStateChange' | 'state'>;

export interface CameraRestart {
  camera: CameraIndex;
  reason: 'scheduled' | 'requested';
  /** ms since the epoch, when the console heard of it. */
  at: number;
}

export interface CameraFault {
  camera: CameraIndex | null;
  error: ErrorPayload;
  at: number;
}

interface CameraState {
  /** Camera-related pages open in this tab's shell (from the tabs store). */
  pages: string[];
  /** Camera views on screen (mounted and visible). */
  views: number;
  /** The bridge's answer to the last subscription: background polling and restart run. */
  backgroundActive: boolean | null;
  /** Stream path per camera this console opened (owned by this tab's connection). */
  streams: Partial<Record<CameraIndex, string>>;
  /** Cameras this console wants open; re-opened after a reconnect. */
  wanted: CameraIndex[];
  /** The last restart the bridge reported (scheduled every 3 minutes, or requested). */
  restart: CameraRestart | null;
  /** The last camera failure (a background restart, opening a camera). */
  fault: CameraFault | null;

  setPages(paths: Iterable<string>): void;
  /** Sends the current subscription again (a new client has none yet). */
  resync(): void;
  /** Registers a shown camera view; returns its release. */
  showView(): () => void;
  open(camera: CameraIndex): Promise<string>;
  restartCamera(camera: CameraIndex): Promise<string>;
  closeAll(): Promise<void>;
  dismissRestart(): void;
  dismissFault(): void;
  reset(): void;
}

const initial = {
  pages: [] as string[],
  views: 0,
  backgroundActive: null,
  streams: {},
  wanted: [] as CameraIndex[],
  restart: null,
  fault: null,
};

let lastSent: string | undefined;
const opening = new Map<CameraIndex, Promise<string>>();

function client(): DeviceClient | null {
  return useBridge.getState().client;
}

export const useCamera = create<CameraState>((set, get) => {
  /** Tells the bridge which camera pages are open and whether a view is shown (deduplicated). */
  const sync = () => {
    const c = client();
    const params = { cameraPages: get().pages, cameraViewShown: get().views > 0 };
    const key = JSON.stringify(params);
    if (!c || key === lastSent) return;
    const first = lastSent === undefined;
    lastSent = key;
    // A fresh connection starts with exactly this subscription on the bridge: nothing to say.
    if (first && params.cameraPages.length === 0 && !params.cameraViewShown) return;
    // The client keeps the latest subscription and re-sends it after (re)connecting, so a call that
    // fails because the bridge is away needs no retry here.
    c.call('session.subscribe', params).then(
      (result) => set({ backgroundActive: result.backgroundActive }),
      () => undefined,
    );
  };

  return {
    ...initial,

    setPages(paths) {
      const pages = cameraPagesOf(paths);
      if (JSON.stringify(pages) === JSON.stringify(get().pages)) return;
      set({ pages });
      sync();
      if (pages.length === 0) void get().closeAll();
    },

    resync() {
      lastSent = undefined;
      sync();
    },

    showView() {
      set((s) => ({ views: s.views + 1 }));
      sync();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        set((s) => ({ views: Math.max(0, s.views - 1) }));
        sync();
      };
    },

    open(camera) {
      const known = get().streams[camera];
      if (known) return Promise.resolve(known);
      const pending = opening.get(camera);
      if (pending) return pending;
      const c = client();
      if (!c) return Promise.reject(deviceError({ code: 'BRIDGE_UNAVAILABLE' }));
      set((s) => ({ wanted: s.wanted.includes(camera) ? s.wanted : [...s.wanted, camera] }));
      const promise = c
        .call('camera.open', { camera })
        .then((result: MethodResult<'camera.open'>) => {
          set((s) => ({ streams: { ...s.streams, [camera]: result.streamPath } }));
          return result.streamPath;
        })
        .catch((error: unknown) => {
          set({ fault: { camera, error: deviceError(error), at: Date.now() } });
          throw error;
        })
        .finally(() => opening.delete(camera));
      opening.set(camera, promise);
      return promise;
    },

    async restartCamera(camera) {
      const c = client();
      if (!c) throw deviceError({ code: 'BRIDGE_UNAVAILABLE' });
      try {
        const result = await c.call('camera.restart', { camera });
        set((s) => ({ streams: { ...s.streams, [camera]: result.streamPath }, fault: null }));
        return result.streamPath;
      } catch (error) {
        set({ fault: { camera, error: deviceError(error), at: Date.now() } });
        throw error;
      }
    },

    async closeAll() {
      const c = client();
      const open = Object.keys(get().streams).map(Number) as CameraIndex[];
      set({ streams: {}, wanted: [] });
      if (!c) return;
      await Promise.all(open.map((camera) => c.call('camera.close', { camera }).catch(() => undefined)));
    },

    dismissRestart: () => set({ restart: null }),
    dismissFault: () => set({ fault: null }),
    reset() {
      lastSent = undefined;
      opening.clear();
      set({ ...initial });
    },
  };
});

/**
 * Follows the tab's bridge connection: restart and failure events, and re-opening the wanted cameras
 * after a reconnect (the bridge releases a connection's cameras when it closes). Returns a detach.
 */
export function attachCameraEvents(c: DeviceClient): () => void {
  const store = useCamera;
  const offRestarted = c.on('camera.restarted', (data) => {
    store.setState((s) => ({
      streams:
        s.streams[data.camera] !== undefined ? { ...s.streams, [data.camera]: data.streamPath } : s.streams,
      restart: { camera: data.camera, reason: data.reason, at: Date.now() },
      fault: s.fault?.camera === data.camera ? null : s.fault,
    }));
  });
  const offFailed = c.on('camera.captureFailed', (data) => {
    store.setState({ fault: { camera: data.camera, error: data.error, at: Date.now() } });
  });
  let wasOpen = c.state === 'open';
  const offState = c.onStateChange((info: ConnectionInfo) => {
    if (info.state === 'open' && !wasOpen) {
      const { wanted, pages } = store.getState();
      // The old connection's streams died with it; open again what the pages still show.
      store.setState({ streams: {} });
      if (pages.length > 0)
        for (const camera of wanted)
          void store
            .getState()
            .open(camera)
            .catch(() => undefined);
    }
    if (info.state !== 'open' && wasOpen) store.setState({ streams: {}, backgroundActive: null });
    wasOpen = info.state === 'open';
  });
  return () => {
    offRestarted();
    offFailed();
    offState();
  };
}

let started = false;

/**
 * Starts following the tabs (open camera pages) and the bridge connection, once per page load.
 * Camera pages call it through `useCameraPage`; afterwards the store keeps itself current, also
 * when those pages close.
 */
export function startCameraSync(): void {
  if (started) return;
  started = true;
  let detach: (() => void) | undefined;
  let attached: DeviceClient | null = null;
  const follow = (c: DeviceClient | null) => {
    if (c === attached) return;
    detach?.();
    detach = undefined;
    attached = c;
    // A new client has no subscription yet (and owns no camera): start over with the current pages.
    useCamera.setState({ streams: {} });
    if (c) {
      detach = attachCameraEvents(c);
      useCamera.getState().resync();
      const { wanted, pages } = useCamera.getState();
      if (pages.length > 0)
        for (const camera of wanted)
          void useCamera
            .getState()
            .open(camera)
            .catch(() => undefined);
    }
  };
  follow(useBridge.getState().client);
  const offBridge = useBridge.subscribe((s) => follow(s.client));
  useCamera.getState().setPages(useTabs.getState().tabs.map((tab) => tab.path));
  const offTabs = useTabs.subscribe((s) => useCamera.getState().setPages(s.tabs.map((tab) => tab.path)));
  stop = () => {
    offBridge();
    offTabs();
    detach?.();
  };
}

let stop: (() => void) | undefined;

/** For tests: stop following and forget the module-level state. */
export function resetCameraSync(): void {
  stop?.();
  stop = undefined;
  started = false;
  useCamera.getState().reset();
}
