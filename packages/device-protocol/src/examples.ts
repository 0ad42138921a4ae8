import { PROTOCOL_VERSION } from './constants.js';
import type { EventDataInput, EventName } from './events.js';
import { FULL_CAPABILITIES, type HelloFrame, type WelcomeFrame } from './frames.js';
import type { MethodName, MethodParams, MethodResultInput } from './methods.js';
import type { DeviceStatus } from './schemas.js';

/*
 * One valid example per method and event. The docs are generated from them and the tests check each
 * against its schema, so the documentation cannot drift from the catalogue. Also handy as fixtures for
 * the bridge's and the console's tests. Image data here is a tiny placeholder, not a real photo.
 */

/** Start of a JPEG file in base64; stands in for an image. */
export const EXAMPLE_JPEG_BASE64 = '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8U';
export const EXAMPLE_TEMPLATE_BASE64 = 'TVNTAQAAAO4AAQABAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export const exampleDeviceStatus: DeviceStatus = {
  cameraService: 'ready',
  video0: 'run',
  video1: 'ok',
  fingerprint: { za: { state: 'disabled' }, zk: { state: 'ready', serverVersion: '2.0.1.6' } },
  checkedAt: '2025-03-01T08:30:00.000Z',
};

export const exampleHello: HelloFrame = {
  type: 'hello',
  protocolVersion: PROTOCOL_VERSION,
  client: { name: 'trialab-console', version: '1.4.0' },
  ticket: 'eyJ1IjoiNDIiLCJvIjoiaHR0cHM6Ly9sYWIuZXhhbXBsZSIsImUiOjE3NDA4MTc4MDB9.c2lnbmF0dXJl',
};

export const exampleWelcome: WelcomeFrame = {
  type: 'welcome',
  protocolVersion: PROTOCOL_VERSION,
  bridge: { version: '1.0.0' },
  capabilities: FULL_CAPABILITIES,
  devices: exampleDeviceStatus,
};

export const methodExamples: {
  readonly [M in MethodName]: { readonly params: MethodParams<M>; readonly result: MethodResultInput<M> };
} = {
  'bridge.info': {
    params: {},
    result: {
      version: '1.0.0',
      protocolVersion: PROTOCOL_VERSION,
      startedAt: '2025-03-01T08:00:00.000Z',
      uptimeMs: 1_800_000,
      capabilities: exampleWelcome.capabilities,
    },
  },
  'bridge.diagnostics': {
    params: {},
    result: {
      version: '1.0.0',
      protocolVersion: PROTOCOL_VERSION,
      uptimeMs: 1_800_000,
      platform: 'win32 x64',
      runtime: 'node 20.20.0',
      connections: 1,
      backgroundActive: true,
      services: [
        { service: 'camera', state: 'ready', address: 'http://127.0.0.1:38088', latencyMs: 4 },
        { service: 'za', state: 'disabled', address: 'http://127.0.0.1:8867' },
        {
          service: 'zk',
          state: 'unreachable',
          address: 'https://127.0.0.1:22002',
          lastError: {
            code: 'VENDOR_UNREACHABLE',
            message: 'zk: failed to connect to device interface service',
          },
        },
      ],
    },
  },
  'device.status': { params: {}, result: exampleDeviceStatus },
  'camera.open': {
    params: { camera: 0 },
    result: { camera: 0, streamPath: '/stream/0?sid=17&token=q3V9xk2' },
  },
  'camera.close': { params: { camera: 0 }, result: { camera: 0 } },
  'camera.getResolution': { params: { camera: 1 }, result: { camera: 1, resolution: '1280x720' } },
  'camera.setResolution': {
    params: { camera: 0, resolution: '1920x1080' },
    result: { camera: 0, resolution: '1920x1080' },
  },
  'camera.setCutPage': { params: { camera: 0, enabled: true }, result: { camera: 0, enabled: true } },
  'camera.capture': {
    params: { camera: 0, rotate: 90, cutType: 1, multiObject: false, jpgQuality: 60 },
    result: {
      camera: 0,
      imageCount: 1,
      images: [
        {
          index: 0,
          uuid: '6f1c2a9e-4b7d-4f7e-9a51-0c3d2b8e1f20',
          base64: EXAMPLE_JPEG_BASE64,
          filepath: 'D:\\CameraImages\\20250301083000.jpg',
        },
      ],
    },
  },
  'camera.restart': {
    params: { camera: 0 },
    result: { camera: 0, streamPath: '/stream/0?sid=18&token=q3V9xk2' },
  },
  'camera.refresh': { params: {}, result: { rounds: 2, closed: [0] } },
  'camera.streamUrl': {
    params: { camera: 1 },
    result: { camera: 1, streamPath: '/stream/1?sid=19&token=q3V9xk2' },
  },
  'face.verify': {
    params: { image0: EXAMPLE_JPEG_BASE64, image1: EXAMPLE_JPEG_BASE64, threshold: 50 },
    result: { confidence: 87.5, threshold: 50, match: true },
  },
  'idcard.read': {
    params: {},
    result: {
      cardType: 'B',
      name: '张三',
      cardID: '110101199001011234',
      sex: '男',
      sexCode: '1',
      birthday: '19900101',
      address: '北京市东城区示例路1号',
      issueOrgan: '北京市公安局东城分局',
      validStart: '20200101',
      validEnd: '20400101',
      nationCode: '01',
      nation: '汉',
      photoBase64: EXAMPLE_JPEG_BASE64,
    },
  },
  'fingerprint.capture': {
    params: { vendor: 'zk', mode: 'enrol' },
    result: {
      vendor: 'zk',
      mode: 'enrol',
      presses: 3,
      template: EXAMPLE_TEMPLATE_BASE64,
      image: EXAMPLE_JPEG_BASE64,
    },
  },
  'fingerprint.cancel': { params: { vendor: 'zk' }, result: { cancelled: true } },
  'fingerprint.verifyTemplate': {
    params: { reg: EXAMPLE_TEMPLATE_BASE64, ver: EXAMPLE_TEMPLATE_BASE64 },
    result: { score: 82 },
  },
  'printer.list': {
    params: {},
    result: {
      printers: [
        {
          name: 'desk-zebra',
          connection: 'network',
          address: '192.0.2.40:9100',
          profile: {
            dpi: 203,
            widthMm: 50,
            heightMm: 25,
            offsetXDots: 0,
            offsetYDots: 0,
            darkness: 15,
            cjkFont: false,
          },
        },
      ],
    },
  },
  'printer.print': {
    params: { printer: 'desk-zebra', zpl: '^XA^CI28^FO20,20^BXN,4,200^FDT0000001234^FS^XZ', labels: 1 },
    result: { printer: 'desk-zebra', labels: 1, bytes: 48, elapsedMs: 12 },
  },
  'session.subscribe': {
    params: {
      cameraPages: ['/express/sign', '/laboratory/before-analysis/input-test-project'],
      cameraViewShown: true,
    },
    result: { backgroundActive: true },
  },
};

export const eventExamples: { readonly [E in EventName]: EventDataInput<E> } = {
  'device.statusChanged': { ...exampleDeviceStatus, video0: 'ok' },
  'fingerprint.progress': {
    requestId: '7',
    vendor: 'zk',
    mode: 'enrol',
    press: 2,
    presses: 3,
    image: EXAMPLE_JPEG_BASE64,
  },
  'camera.restarted': { camera: 0, streamPath: '/stream/0?sid=20&token=q3V9xk2', reason: 'scheduled' },
  'camera.captureFailed': {
    camera: 0,
    error: {
      code: 'CAMERA_RESTART_FAILED',
      message: 'The high-speed camera could not restart',
      retryable: true,
    },
  },
  'bridge.goingAway': { reason: 'restart', reconnectAfterMs: 5000 },
};
