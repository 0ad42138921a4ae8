/*
 * Type-level tests, checked by `pnpm --filter @trialab/device-protocol run typecheck` (tsconfig includes
 * src). Every `@ts-expect-error` line must fail to compile; if one ever compiles, tsc reports the unused
 * directive and the typecheck fails.
 */
import { expectTypeOf } from 'vitest';
import type { BridgeClient } from './client.js';
import type { BridgeError } from './errors.js';
import type { EventData } from './events.js';
import type { MethodHandlers, MethodName, MethodParams, MethodResult } from './methods.js';
import type { CameraIndex, DeviceStatus } from './schemas.js';

declare const client: BridgeClient;

// Method names are checked.
// @ts-expect-error unknown method
void client.call('camera.explode', {});
// @ts-expect-error a near miss is still unknown
void client.call('camera.Capture', { camera: 0 });

// Params are checked per method.
// @ts-expect-error camera index must be 0 or 1
void client.call('camera.open', { camera: 2 });
// @ts-expect-error camera is required
void client.call('camera.open', {});
// @ts-expect-error resolution is a string
void client.call('camera.setResolution', { camera: 0, resolution: 1920 });
// @ts-expect-error vendor must be za or zk
void client.call('fingerprint.capture', { vendor: 'suprema', mode: 'enrol' });
// @ts-expect-error mode is enrol or verify
void client.call('fingerprint.capture', { vendor: 'za', mode: 'register' });
// @ts-expect-error another method's params
void client.call('face.verify', { camera: 0 });
// @ts-expect-error rotate only by quarter turns
void client.call('camera.capture', { camera: 0, rotate: 45 });

// Defaults may be omitted by callers.
void client.call('camera.capture', { camera: 0 });
void client.call('face.verify', { image0: 'AAAA', image1: 'AAAA' });

// Results are typed per method.
expectTypeOf(client.call('device.status', {})).resolves.toEqualTypeOf<DeviceStatus>();
expectTypeOf<MethodResult<'camera.capture'>['images'][number]['base64']>().toEqualTypeOf<string>();
expectTypeOf<MethodResult<'face.verify'>>().toEqualTypeOf<{
  confidence: number;
  threshold: number;
  match: boolean;
}>();
expectTypeOf<MethodResult<'camera.open'>['camera']>().toEqualTypeOf<CameraIndex>();
expectTypeOf<MethodParams<'camera.capture'>['jpgQuality']>().toEqualTypeOf<number | undefined>();
expectTypeOf<MethodName>().toExtend<string>();

// Events and their data are typed.
client.on('fingerprint.progress', (data, meta) => {
  expectTypeOf(data.press).toEqualTypeOf<number>();
  expectTypeOf(data.vendor).toEqualTypeOf<'za' | 'zk'>();
  expectTypeOf(meta.seq).toEqualTypeOf<number>();
});
// @ts-expect-error unknown event
client.on('camera.exploded', () => {});
client.on('device.statusChanged', (data) => {
  // @ts-expect-error data is DeviceStatus, which has no `press`
  void data.press;
});
expectTypeOf<EventData<'bridge.goingAway'>['reason']>().toEqualTypeOf<'shutdown' | 'restart' | 'update'>();

// The bridge's handler map must be complete and correctly typed.
declare const complete: MethodHandlers<{ connectionId: string }>;
// @ts-expect-error a handler is missing
const missing: MethodHandlers<{ connectionId: string }> = { 'bridge.info': complete['bridge.info'] };
void missing;
const wrongResult: MethodHandlers<{ connectionId: string }> = {
  ...complete,
  // @ts-expect-error the handler returns the wrong shape
  'camera.getResolution': async (params) => ({ camera: params.camera, resolution: 1080 }),
};
void wrongResult;
const usesDefaults: MethodHandlers<{ connectionId: string }> = {
  ...complete,
  'camera.capture': async (params, ctx) => {
    // Handlers receive params with defaults applied.
    expectTypeOf(params.jpgQuality).toEqualTypeOf<number>();
    expectTypeOf(ctx.connectionId).toEqualTypeOf<string>();
    return { camera: params.camera, imageCount: 1, images: [{ index: 0, uuid: 'u', base64: 'AAAA' }] };
  },
};
void usesDefaults;

// Errors carry a typed code.
declare const error: BridgeError;
expectTypeOf(error.code).toEqualTypeOf<import('./errors.js').ErrorCode>();
// @ts-expect-error not a catalogue code
const badCode: BridgeError['code'] = 'OOPS';
void badCode;
