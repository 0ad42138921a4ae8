import { randomUUID } from 'node:crypto';
import type { SimControl } from './control.js';
import {
  jsonReply,
  type RoutedCall,
  type VendorReply,
  type VendorRequest,
  type VendorService,
} from './http.js';
import { idCardInfo } from './idcards.js';
import { type CaptureProcessing, processCapture, renderFingerprint, renderTestPattern } from './images.js';
import { FrameSource, serveMjpeg } from './mjpeg.js';
import type { DeviceId, Dialect } from './model.js';
import { makeTemplate } from './templates.js';
import { nested, parseVendorBody, splitVendorPath, str, toXml } from './vendor-body.js';

/**
 * Result codes of the simulated camera service. The vendor publishes only "0" (success); the other
 * values are the simulator's, except 1 and 8848 which SPEC section 8 names for connection failures.
 */
export const CAMERA_CODES = {
  ok: '0',
  notConnected: '1',
  notOpen: '2',
  badParam: '3',
  busy: '4',
  noCard: '5',
  noFace: '6',
  noFinger: '7',
  unsupported: '8',
  poorFinger: '9',
  readerNotConnected: '8848',
} as const;

const C = CAMERA_CODES;

/** Commands each build of the service does not have (VENDOR-NOTES: older builds differ). */
const MISSING_COMMANDS: Record<Dialect, readonly string[]> = {
  spec: ['comparison=imgdata'],
  legacy: ['face=verifybase64'],
  'legacy-cn': ['face=verifybase64', 'video=open'],
};

type Result = Record<string, unknown>;

function fail(code: string, message: string): Result {
  return { code, message };
}

export const DOCUMENT_CAMERA_RESOLUTIONS = [
  '2592x1944',
  '2048x1536',
  '1920x1080',
  '1600x1200',
  '1280x960',
  '1280x720',
  '1024x768',
  '800x600',
  '640x480',
];
export const HEAD_CAMERA_RESOLUTIONS = ['1920x1080', '1280x720', '800x600', '640x480', '320x240'];

const VIDEO: readonly DeviceId[] = ['video0', 'video1'];

function parseCamidx(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return 0;
  return value === '0' || value === '1' ? Number(value) : undefined;
}

function looksLikeImage(base64: string): boolean {
  const bytes = Buffer.from(base64.slice(0, 32), 'base64');
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  const png = bytes[0] === 0x89 && bytes[1] === 0x50;
  const bmp = bytes[0] === 0x42 && bytes[1] === 0x4d;
  return jpeg || png || bmp;
}

/** The Eloam-style camera / head camera / ID card / face service on 38088. */
export class CameraService implements VendorService {
  readonly name = 'camera' as const;
  private readonly sources: [FrameSource, FrameSource];
  private readonly streams: [Set<() => void>, Set<() => void>] = [new Set(), new Set()];
  private readonly resolutions: [string[], string[]];
  private captureCount = 0;

  constructor(private readonly control: SimControl) {
    const configured = `${control.cameras[0].width}x${control.cameras[0].height}`;
    this.resolutions = [
      [...new Set([configured, ...DOCUMENT_CAMERA_RESOLUTIONS])],
      [...new Set([configured, ...HEAD_CAMERA_RESOLUTIONS])],
    ];
    const source = (camidx: 0 | 1) =>
      new FrameSource(
        camidx,
        () => {
          const camera = control.cameras[camidx];
          return { width: camera.width, height: camera.height, fps: control.fps, quality: 70 };
        },
        (count) => {
          control.cameras[camidx].viewers = count;
        },
      );
    this.sources = [source(0), source(1)];
    // Closing or unplugging a camera ends its live streams.
    control.events.on('camera', (index) => this.endStreamsIfStopped(index));
    control.events.on('plug', (device) => {
      const index = VIDEO.indexOf(device);
      if (index >= 0) this.endStreamsIfStopped(index);
    });
  }

  /** Frames generated so far by a camera's stream (tests use it to prove generation stops). */
  framesGenerated(camidx: 0 | 1): number {
    return this.sources[camidx].frames;
  }

  stop(): void {
    for (const set of this.streams) for (const end of [...set]) end();
    for (const source of this.sources) source.stop();
  }

  private endStreamsIfStopped(index: number): void {
    const camera = this.control.camera(index);
    const streams = this.streams[index === 1 ? 1 : 0];
    if (!camera || (camera.open && !this.control.isUnplugged(VIDEO[index] ?? 'video0'))) return;
    for (const end of [...streams]) end();
  }

  private status(camidx: 0 | 1): 'no' | 'ok' | 'run' {
    if (this.control.isUnplugged(VIDEO[camidx] ?? 'video0')) return 'no';
    const camera = this.control.cameras[camidx];
    return camera.open && camera.viewers > 0 ? 'run' : 'ok';
  }

  route(request: VendorRequest): RoutedCall {
    const { command, params: pathParams } = splitVendorPath(request.path, request.query);
    const parsed = parseVendorBody(request.rawBody);
    const params: Record<string, unknown> = { ...pathParams, ...(parsed.kind === 'ok' ? parsed.params : {}) };
    // Older builds answer an empty POST with XML; GET (used for status) always gets JSON.
    const xml = parsed.kind === 'empty' && request.method === 'POST';
    const camidx = parseCamidx(str(params.camidx));
    let device: DeviceId | undefined;
    if (
      ['video=open', 'video=close', 'video=grabimage', 'video=stream', 'param=set', 'param=get'].includes(
        command,
      )
    ) {
      device = camidx === undefined ? undefined : VIDEO[camidx];
    } else if (command === 'card=idcard') device = 'idcard';
    else if (command === 'fp=read') device = 'fp';
    else if (command === 'face=verifybase64' || command === 'comparison=imgdata') device = 'face';

    const format = (result: Result): VendorReply =>
      xml ? { kind: 'body', contentType: 'text/xml; charset=utf-8', body: toXml(result) } : jsonReply(result);

    return {
      endpoint: command,
      device,
      body: parsed.kind === 'ok' ? parsed.params : parsed.kind === 'invalid' ? request.rawBody : undefined,
      run: async ({ unplugged }) => {
        if (parsed.kind === 'invalid')
          return format(fail(C.badParam, `invalid request body: ${parsed.reason}`));
        if (command === 'video=stream') return this.stream(camidx, unplugged, format);
        return format(await this.dispatch(command, params, camidx, device, unplugged, request.signal));
      },
    };
  }

  /** `legacy-cn` says it in Chinese with code "1" (which other builds use for "not connected"). */
  private unsupportedResult(command: string): Result {
    return this.control.dialect === 'legacy-cn'
      ? fail(C.notConnected, `不支持该命令：${command}`)
      : fail(C.unsupported, `unsupported command "${command}"`);
  }

  private unpluggedResult(device: DeviceId | undefined): Result {
    if (device === 'idcard') return fail(C.readerNotConnected, 'ID card reader not connected');
    if (device === 'fp') return fail(C.readerNotConnected, 'fingerprint reader not connected');
    if (device === 'face') return fail(C.notConnected, 'face module not available');
    return fail(C.notConnected, `camera ${device === 'video1' ? 1 : 0} not connected`);
  }

  private async dispatch(
    command: string,
    params: Record<string, unknown>,
    camidx: number | undefined,
    device: DeviceId | undefined,
    forcedUnplugged: boolean,
    signal: AbortSignal,
  ): Promise<Result> {
    if (command === 'video=status') return { code: C.ok, video0: this.status(0), video1: this.status(1) };
    const known = [
      'video=open',
      'video=close',
      'video=grabimage',
      'param=set',
      'param=get',
      'face=verifybase64',
      'comparison=imgdata',
      'card=idcard',
      'fp=read',
    ];
    if (!known.includes(command) || MISSING_COMMANDS[this.control.dialect].includes(command)) {
      return this.unsupportedResult(command);
    }
    if (device === undefined) return fail(C.badParam, `invalid camidx "${str(params.camidx)}" (0 or 1)`);
    if (forcedUnplugged || this.control.isUnplugged(device)) return this.unpluggedResult(device);
    const camera = camidx === 0 || camidx === 1 ? this.control.cameras[camidx] : undefined;
    switch (command) {
      case 'video=open':
        if (camera) camera.open = true;
        this.control.notifyCamera(camidx ?? 0);
        return { code: C.ok, message: 'success' };
      case 'video=close':
        if (camera) camera.open = false;
        this.control.notifyCamera(camidx ?? 0);
        return { code: C.ok, message: 'success' };
      case 'video=grabimage':
        if (!camera?.open) return fail(C.notOpen, `camera ${camidx} is not open`);
        return this.control.dialect === 'spec'
          ? this.grabSpec(camidx ?? 0, params)
          : this.grabLegacy(camidx ?? 0, params);
      case 'param=set':
        return this.paramSet(camidx ?? 0, params);
      case 'param=get':
        return this.paramGet(camidx ?? 0, params);
      case 'face=verifybase64':
        return this.faceCompare(str(params.face0), str(params.face1), 'face0', 'face1', (score) => ({
          message: 'success',
          confidence: score,
        }));
      case 'comparison=imgdata':
        // Older builds (VENDOR-NOTES): the score alone, as a string in `data`: {"code":"0","data":"87"}.
        return this.faceCompare(str(params.FaceOne), str(params.FaceTwo), 'FaceOne', 'FaceTwo', (score) => ({
          data: String(score),
        }));
      case 'card=idcard':
        return this.readCard(signal);
      default:
        return this.readFinger(signal);
    }
  }

  private captureFrame(camidx: number) {
    const camera = this.control.cameras[camidx === 1 ? 1 : 0];
    return renderTestPattern({
      width: camera.width,
      height: camera.height,
      camidx,
      frame: ++this.captureCount,
      time: new Date(),
      label: 'CAPTURE',
    });
  }

  private parseRotate(value: string | undefined): number | undefined {
    if (value === undefined || value === '') return 0;
    const n = Number(value);
    if (!Number.isInteger(n) || n % 90 !== 0) return undefined;
    return ((n % 360) + 360) % 360;
  }

  private parseRange(
    value: string | undefined,
    fallback: number,
    min: number,
    max: number,
  ): number | undefined {
    if (value === undefined || value === '') return fallback;
    const n = Number(value);
    return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
  }

  private async grabSpec(camidx: number, params: Record<string, unknown>): Promise<Result> {
    const storage = nested(params.image_storage_info);
    const processing = nested(params.image_process_info);
    const rotate = this.parseRotate(str(processing.rotate ?? params.rotate));
    if (rotate === undefined) return fail(C.badParam, 'rotate must be a multiple of 90');
    const quality = this.parseRange(str(storage.jpg_quality ?? params.jpg_quality), 60, 1, 100);
    if (quality === undefined) return fail(C.badParam, 'jpg_quality must be 1-100');
    const dpi = this.parseRange(str(storage.xdpi ?? params.xdpi), 200, 50, 1200);
    if (dpi === undefined) return fail(C.badParam, 'xdpi must be 50-1200');
    const cutType = str(processing.cut_type ?? params.cut_type) ?? '0';
    if (!['0', '1', '2'].includes(cutType)) return fail(C.badParam, 'cut_type must be 0, 1 or 2');
    const multi = str(processing.multi_object ?? params.multi_object) ?? '0';
    if (!['0', '1'].includes(multi)) return fail(C.badParam, 'multi_object must be 0 or 1');
    const camera = this.control.cameras[camidx === 1 ? 1 : 0];
    const base: CaptureProcessing = {
      rotate,
      quality,
      dpi,
      cut: cutType !== '0' || camera.cutpage,
      colour: 'colour',
    };
    // With multi_object the "desk" holds two documents, left and right.
    const regions: Array<CaptureProcessing['region']> =
      multi === '1'
        ? [
            [0.04, 0.1, 0.44, 0.8],
            [0.52, 0.1, 0.44, 0.8],
          ]
        : [undefined];
    const frame = this.captureFrame(camidx);
    const makeUuid = str(params.make_uuid) === '1';
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const images = await Promise.all(
      regions.map(async (region, index) => {
        const jpeg = await processCapture(frame, region ? { ...base, region } : base);
        return {
          index,
          filepath: `D:\\CameraSim\\IMG_${stamp}_${this.captureCount}_${index}.jpg`,
          uuid: makeUuid ? randomUUID().replace(/-/g, '') : '',
          base64: jpeg.toString('base64'),
        };
      }),
    );
    return { code: C.ok, message: 'success', image_count: images.length, images };
  }

  private async grabLegacy(camidx: number, params: Record<string, unknown>): Promise<Result> {
    const rotate = this.parseRotate(str(params.rotate));
    if (rotate === undefined) return fail(C.badParam, 'rotate must be a multiple of 90');
    const quality = this.parseRange(str(params.quality), 60, 1, 100);
    if (quality === undefined) return fail(C.badParam, 'quality must be 1-100');
    const colourMode = str(params.ColorMode) ?? '0';
    const colour = ({ '0': 'colour', '1': 'grey', '2': 'bw' } as const)[colourMode];
    if (!colour) return fail(C.badParam, 'ColorMode must be 0 (colour), 1 (grey) or 2 (black and white)');
    const deskew = str(params.deskew ?? params.cutpage) ?? '0';
    const camera = this.control.cameras[camidx === 1 ? 1 : 0];
    const jpeg = await processCapture(this.captureFrame(camidx), {
      rotate,
      quality,
      colour,
      cut: deskew === '1' || camera.cutpage,
    });
    return {
      code: C.ok,
      message: 'success',
      photoBase64: jpeg.toString('base64'),
      filepath: str(params.filepath) || 'base64',
    };
  }

  private paramSet(camidx: number, params: Record<string, unknown>): Result {
    const camera = this.control.cameras[camidx === 1 ? 1 : 0];
    const cutpage = str(params.cutpage);
    const width = str(params.width);
    const height = str(params.height);
    if (cutpage === undefined && width === undefined && height === undefined) {
      return fail(C.badParam, 'param=set needs cutpage, or width and height');
    }
    if (cutpage !== undefined && cutpage !== '0' && cutpage !== '1')
      return fail(C.badParam, 'cutpage must be 0 or 1');
    if (width !== undefined || height !== undefined) {
      const wanted = `${width}x${height}`;
      if (!this.resolutions[camidx === 1 ? 1 : 0].includes(wanted)) {
        return fail(C.badParam, `resolution ${wanted} not supported by camera ${camidx}`);
      }
      camera.width = Number(width);
      camera.height = Number(height);
    }
    if (cutpage !== undefined) camera.cutpage = cutpage === '1';
    return { code: C.ok, message: 'success' };
  }

  private paramGet(camidx: number, params: Record<string, unknown>): Result {
    const camera = this.control.cameras[camidx === 1 ? 1 : 0];
    const type = str(params.type);
    if (type === 'resolution') {
      return {
        code: C.ok,
        message: 'success',
        camidx: String(camidx),
        width: String(camera.width),
        height: String(camera.height),
        resolution: `${camera.width}x${camera.height}`,
        resolutions: this.resolutions[camidx === 1 ? 1 : 0],
      };
    }
    if (type === 'cutpage') return { code: C.ok, message: 'success', cutpage: camera.cutpage ? '1' : '0' };
    return fail(C.badParam, 'type must be resolution or cutpage');
  }

  private faceCompare(
    a: string | undefined,
    b: string | undefined,
    nameA: string,
    nameB: string,
    shape: (score: number) => Result,
  ): Result {
    for (const [value, name] of [
      [a, nameA],
      [b, nameB],
    ] as const) {
      if (!value) return fail(C.badParam, `${name} is required`);
      if (value.startsWith('data:'))
        return fail(C.badParam, `${name} must be bare base64 without a data: prefix`);
      if (!looksLikeImage(value)) return fail(C.noFace, `no face found in ${name}`);
    }
    return { code: C.ok, ...shape(this.control.faceScore) };
  }

  private async readCard(signal: AbortSignal): Promise<Result> {
    const card = await this.control.waitForCard(this.control.timings.cardWaitMs, signal);
    if (!card) return fail(C.noCard, 'no card on the reader (timed out)');
    return { code: C.ok, message: 'success', IDCardInfo: await idCardInfo(card.type, card.overrides) };
  }

  private async readFinger(signal: AbortSignal): Promise<Result> {
    const press = await this.control.waitForPress('fp', this.control.timings.fpReadWaitMs, signal);
    if (!press) return fail(C.noFinger, 'no finger on the reader (timed out)');
    if (press.kind === 'poor' || press.kind === 'fake') {
      return fail(
        C.poorFinger,
        press.kind === 'poor' ? 'fingerprint image too poor' : 'suspected fake finger',
      );
    }
    const finger = press.kind === 'finger' ? press.finger : 'right-index';
    const image = await renderFingerprint(finger);
    return {
      code: C.ok,
      message: 'success',
      base64: image.toString('base64'),
      feature: makeTemplate('fp', finger, 'feature'),
    };
  }

  private stream(
    camidx: number | undefined,
    forcedUnplugged: boolean,
    format: (r: Result) => VendorReply,
  ): VendorReply {
    if (camidx !== 0 && camidx !== 1) return format(fail(C.badParam, 'invalid camidx (0 or 1)'));
    const device = VIDEO[camidx] ?? 'video0';
    if (forcedUnplugged || this.control.isUnplugged(device)) return format(this.unpluggedResult(device));
    const camera = this.control.cameras[camidx];
    if (!camera.open) {
      // Builds without video=open open the camera when its stream is requested; it stays open until video=close.
      if (this.control.dialect !== 'legacy-cn')
        return format(fail(C.notOpen, `camera ${camidx} is not open`));
      camera.open = true;
      this.control.notifyCamera(camidx);
    }
    return {
      kind: 'stream',
      serve: (res, options) => {
        const handle = serveMjpeg(res, this.sources[camidx], options);
        const streams = this.streams[camidx];
        streams.add(handle.end);
        res.on('close', () => streams.delete(handle.end));
      },
    };
  }

  vendorError(code: string | number, message: string | undefined): VendorReply {
    return jsonReply(fail(String(code), message ?? `error ${code}`));
  }

  busy(): VendorReply {
    return jsonReply(fail(C.busy, 'device busy, do not operate too frequently'));
  }
}
