import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPageVisibility, PageVisibilityContext } from '../../components/usePageShown';
import { changeLanguage } from '../../locales';
import { useBridge } from '../../stores/bridge';
import { useTabs } from '../../stores/tabs';
import { resetCameraSync, useCamera } from '../cameraStore';
import { FakeDeviceClient } from '../testClient';
import { CameraView } from './CameraView';

let client: FakeDeviceClient;
beforeEach(async () => {
  await changeLanguage('en-US');
  useTabs.getState().reset();
  useTabs.getState().open({ path: '/express/sign', fullPath: '/express/sign', title: 'x' });
  client = new FakeDeviceClient()
    .answer('session.subscribe', () => ({ backgroundActive: true }))
    .answer('camera.open', (p) => ({ camera: p.camera, streamPath: `/stream/${p.camera}?sid=5` }));
  useBridge.setState({ client: client as never, wsUrl: 'ws://127.0.0.1:18088/ws', status: 'connected' });
});
afterEach(async () => {
  resetCameraSync();
  useBridge.setState({ client: null, wsUrl: null, status: 'idle', devices: undefined });
  await changeLanguage('zh-CN');
});

describe('CameraView', () => {
  it('shows the live stream through the bridge proxy and counts as a shown view', async () => {
    const view = render(<CameraView camera={0} />);
    const img = await screen.findByAltText('Document camera');
    expect(img.getAttribute('src')).toBe('http://127.0.0.1:18088/stream/0?sid=5');
    expect(useCamera.getState().views).toBe(1);
    expect(client.callsOf('session.subscribe').at(-1)).toEqual({
      cameraPages: ['/express/sign'],
      cameraViewShown: true,
    });
    view.unmount();
    expect(useCamera.getState().views).toBe(0);
  });

  it('in a hidden tab it is not a shown view and fetches no picture; shown again it is', async () => {
    const page = createPageVisibility(true);
    render(
      <PageVisibilityContext.Provider value={page}>
        <CameraView camera={0} />
      </PageVisibilityContext.Provider>,
    );
    await screen.findByAltText('Document camera');
    expect(useCamera.getState().views).toBe(1);

    act(() => page.set(false));
    expect(screen.queryByAltText('Document camera')).toBeNull();
    expect(useCamera.getState().views).toBe(0);
    await waitFor(() =>
      expect(client.callsOf('session.subscribe').at(-1)).toEqual({
        cameraPages: ['/express/sign'],
        cameraViewShown: false,
      }),
    );

    act(() => page.set(true));
    expect(screen.getByAltText('Document camera').getAttribute('src')).toBe(
      'http://127.0.0.1:18088/stream/0?sid=5',
    );
    expect(useCamera.getState().views).toBe(1);
  });

  it('shows a camera-service fault in the user language and the scheduled restart', async () => {
    client.fail('camera.open', 'VENDOR_UNREACHABLE');
    render(<CameraView camera={0} />);
    const error = await screen.findByTestId('camera-error');
    expect(error.textContent).toBe('Failed to connect to the device interface service');

    // The service is back: the view opens the camera again by itself.
    client.answer('camera.open', (p) => ({ camera: p.camera, streamPath: `/stream/${p.camera}?sid=6` }));
    act(() => {
      useBridge.setState({
        devices: {
          cameraService: 'ready',
          video0: 'ok',
          video1: 'no',
          fingerprint: { za: { state: 'disabled' }, zk: { state: 'ready' } },
          checkedAt: '2026-01-01T00:00:00.000Z',
        },
      });
    });
    await waitFor(() =>
      expect(screen.getByAltText('Document camera').getAttribute('src')).toContain('sid=6'),
    );

    act(() =>
      client.emit('camera.restarted', { camera: 0, streamPath: '/stream/0?sid=7', reason: 'scheduled' }),
    );
    expect(screen.getByTestId('camera-restarted').textContent).toContain('restarted on schedule');
    expect(screen.getByAltText('Document camera').getAttribute('src')).toContain('sid=7');
  });
});
