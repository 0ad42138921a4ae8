import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useBridge } from '../stores/bridge';
import { useTabs } from '../stores/tabs';
import { resetCameraSync, startCameraSync, useCamera } from './cameraStore';
import { FakeDeviceClient } from './testClient';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function fakeClient(): FakeDeviceClient {
  let sid = 0;
  return new FakeDeviceClient()
    .answer('session.subscribe', (p) => ({ backgroundActive: p.cameraPages.length > 0 }))
    .answer('camera.open', (p) => ({ camera: p.camera, streamPath: `/stream/${p.camera}?sid=${++sid}` }))
    .answer('camera.close', (p) => ({ camera: p.camera }));
}

function openTab(path: string) {
  useTabs.getState().open({ path, fullPath: path, title: path });
}

describe('camera store (SPEC section 4: camera-related pages)', () => {
  let client: FakeDeviceClient;
  beforeEach(() => {
    useTabs.getState().reset();
    client = fakeClient();
    useBridge.getState().attach(client as never, 'ws://127.0.0.1:18088/ws');
    startCameraSync();
  });
  afterEach(() => {
    resetCameraSync();
    useBridge.getState().attach(null, null);
    useTabs.getState().reset();
  });

  it('tells the bridge which camera pages are open, ignoring other tabs', async () => {
    openTab('/home/todo');
    expect(client.callsOf('session.subscribe')).toEqual([]);
    openTab('/express/sign');
    openTab('/laboratory/before-analysis/input-subject');
    await flush();
    expect(client.callsOf('session.subscribe')).toEqual([
      { cameraPages: ['/express/sign'], cameraViewShown: false },
      {
        cameraPages: ['/express/sign', '/laboratory/before-analysis/input-subject'],
        cameraViewShown: false,
      },
    ]);
    expect(useCamera.getState().backgroundActive).toBe(true);
  });

  it('stops the background work and releases the cameras when the last camera page closes', async () => {
    openTab('/home/todo');
    openTab('/express/sign');
    await useCamera.getState().open(0);
    expect(useCamera.getState().streams[0]).toBe('/stream/0?sid=1');
    useTabs.getState().close('/express/sign');
    await flush();
    expect(client.callsOf('session.subscribe').at(-1)).toEqual({ cameraPages: [], cameraViewShown: false });
    expect(client.callsOf('camera.close')).toEqual([{ camera: 0 }]);
    expect(useCamera.getState().streams).toEqual({});
    expect(useCamera.getState().backgroundActive).toBe(false);
  });

  it('reports the camera view as shown while at least one view is on screen', async () => {
    openTab('/express/sign');
    const releaseA = useCamera.getState().showView();
    const releaseB = useCamera.getState().showView();
    releaseA();
    releaseA(); // a second release of the same view changes nothing
    expect(useCamera.getState().views).toBe(1);
    releaseB();
    await flush();
    expect(
      client.callsOf('session.subscribe').map((p) => (p as { cameraViewShown: boolean }).cameraViewShown),
    ).toEqual([false, true, false]);
  });

  it('opens a camera once even when several views ask at the same time', async () => {
    openTab('/express/sign');
    const [a, b] = await Promise.all([useCamera.getState().open(0), useCamera.getState().open(0)]);
    expect(a).toBe(b);
    expect(client.callsOf('camera.open')).toHaveLength(1);
  });

  it('shows the scheduled 3-minute restart and switches the view to the new stream', async () => {
    openTab('/express/sign');
    await useCamera.getState().open(0);
    client.emit('camera.restarted', { camera: 0, streamPath: '/stream/0?sid=99', reason: 'scheduled' });
    const state = useCamera.getState();
    expect(state.streams[0]).toBe('/stream/0?sid=99');
    expect(state.restart).toMatchObject({ camera: 0, reason: 'scheduled' });
    state.dismissRestart();
    expect(useCamera.getState().restart).toBeNull();
  });

  it('keeps a background failure for the page to show', () => {
    client.emit('camera.captureFailed', {
      camera: 0,
      error: { code: 'CAMERA_RESTART_FAILED', message: 'x', retryable: true },
    });
    expect(useCamera.getState().fault?.error.code).toBe('CAMERA_RESTART_FAILED');
  });

  it('records a failed open as the camera fault', async () => {
    client.fail('camera.open', 'VENDOR_UNREACHABLE');
    openTab('/express/sign');
    await expect(useCamera.getState().open(0)).rejects.toMatchObject({ code: 'VENDOR_UNREACHABLE' });
    expect(useCamera.getState().fault).toMatchObject({ camera: 0, error: { code: 'VENDOR_UNREACHABLE' } });
  });

  it('re-opens the wanted cameras after the bridge connection comes back', async () => {
    openTab('/express/sign');
    await useCamera.getState().open(0);
    client.setState('connecting');
    expect(useCamera.getState().streams).toEqual({});
    client.setState('open');
    await flush();
    expect(client.callsOf('camera.open')).toHaveLength(2);
    expect(useCamera.getState().streams[0]).toBe('/stream/0?sid=2');
  });

  it('subscribes a client attached later with the pages already open', async () => {
    openTab('/express/sign');
    const later = fakeClient();
    useBridge.getState().attach(later as never, 'ws://127.0.0.1:18088/ws');
    await flush();
    expect(later.callsOf('session.subscribe')).toEqual([
      { cameraPages: ['/express/sign'], cameraViewShown: false },
    ]);
    expect(client.listenerCount('camera.restarted')).toBe(0);
  });
});
