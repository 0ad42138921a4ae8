import { z } from 'zod';
import { CALL_TIMEOUT_MARGIN_MS, FINGERPRINT_HUMAN_WAIT_MS, VENDOR_TIMEOUTS_MS } from './constants.js';
import { errorCodeSchema } from './errors.js';
import { MAX_ZPL_CHARS, printerInfoSchema, printerNameSchema } from './printer.js';
import {
  base64Schema,
  cameraIndexSchema,
  captureParamsSchema,
  captureResultSchema,
  DEFAULT_FACE_THRESHOLD,
  deviceStatusSchema,
  fingerprintModeSchema,
  fingerprintVendorSchema,
  idCardSchema,
  pressesSchema,
  resolutionSchema,
  serviceStateSchema,
  streamPathSchema,
  subscriptionSchema,
} from './schemas.js';

/** One method of the protocol, declared once and used by the client, the bridge, the tests and the docs. */
export interface MethodSpec<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  readonly params: P;
  readonly result: R;
  /** Params or result carry personal data (images, ID data, templates): never log them. */
  readonly sensitive: boolean;
  /** The client's whole-call budget unless the caller passes its own. */
  readonly timeoutMs: number;
  readonly description: string;
}

const method = <P extends z.ZodType, R extends z.ZodType>(spec: MethodSpec<P, R>): MethodSpec<P, R> => spec;

const none = z.strictObject({});
const onCamera = z.strictObject({ camera: cameraIndexSchema });
const cameraCall = VENDOR_TIMEOUTS_MS.cameraClient + CALL_TIMEOUT_MARGIN_MS;
const longCall = VENDOR_TIMEOUTS_MS.defaultCall;
const localCall = 5_000;

export const capabilitiesSchema = z.object({
  /** Method names this bridge serves (all of the catalogue for this protocol version). */
  methods: z.array(z.string()),
  events: z.array(z.string()),
  maxFrameBytes: z.int().positive(),
});
export type Capabilities = z.infer<typeof capabilitiesSchema>;

const vendorServiceSchema = z.enum(['camera', 'za', 'zk']);

export const methods = {
  'bridge.info': method({
    description: 'Version, uptime and capabilities of the bridge.',
    params: none,
    result: z.object({
      version: z.string(),
      protocolVersion: z.int(),
      startedAt: z.iso.datetime(),
      uptimeMs: z.int().min(0),
      capabilities: capabilitiesSchema,
    }),
    sensitive: false,
    timeoutMs: localCall,
  }),
  'bridge.diagnostics': method({
    description: 'Reachability of every configured vendor service, for support screens. No personal data.',
    params: none,
    result: z.object({
      version: z.string(),
      protocolVersion: z.int(),
      uptimeMs: z.int().min(0),
      platform: z.string(),
      runtime: z.string(),
      connections: z.int().min(0),
      /** Whether background polling and the periodic restart are running (some client has a camera page open). */
      backgroundActive: z.boolean(),
      services: z.array(
        z.object({
          service: vendorServiceSchema,
          state: serviceStateSchema,
          /** Configured base address, e.g. http://127.0.0.1:38088. */
          address: z.string().describe('configured base address'),
          latencyMs: z.number().min(0).optional(),
          lastError: z.object({ code: errorCodeSchema, message: z.string() }).optional(),
        }),
      ),
    }),
    sensitive: false,
    timeoutMs: cameraCall,
  }),
  'device.status': method({
    description: 'Camera states (video0 document, video1 head: no/ok/run) and the fingerprint readers.',
    params: none,
    result: deviceStatusSchema,
    sensitive: false,
    timeoutMs: cameraCall,
  }),
  'camera.open': method({
    description: 'Opens a camera (owned by this connection until closed) and returns its stream path.',
    params: onCamera,
    result: z.object({ camera: cameraIndexSchema, streamPath: streamPathSchema }),
    sensitive: false,
    timeoutMs: cameraCall,
  }),
  'camera.close': method({
    description: 'Closes a camera this connection opened.',
    params: onCamera,
    result: z.object({ camera: cameraIndexSchema }),
    sensitive: false,
    timeoutMs: cameraCall,
  }),
  'camera.getResolution': method({
    description: 'Current resolution of a camera as WIDTHxHEIGHT.',
    params: onCamera,
    result: z.object({ camera: cameraIndexSchema, resolution: resolutionSchema }),
    sensitive: false,
    timeoutMs: cameraCall,
  }),
  'camera.setResolution': method({
    description: 'Sets the resolution of a camera (WIDTHxHEIGHT).',
    params: z.strictObject({ camera: cameraIndexSchema, resolution: resolutionSchema }),
    result: z.object({ camera: cameraIndexSchema, resolution: resolutionSchema }),
    sensitive: false,
    timeoutMs: cameraCall,
  }),
  'camera.setCutPage': method({
    description: 'Turns automatic page cutting (deskew, `cutpage`) on or off.',
    params: z.strictObject({ camera: cameraIndexSchema.default(0), enabled: z.boolean() }),
    result: z.object({ camera: cameraIndexSchema, enabled: z.boolean() }),
    sensitive: false,
    timeoutMs: cameraCall,
  }),
  'camera.capture': method({
    description:
      'Grabs one or more images (SPEC grab-image storage and processing options). Base64 JPEG, no data: prefix.',
    params: captureParamsSchema,
    result: captureResultSchema,
    sensitive: true,
    timeoutMs: longCall,
  }),
  'camera.restart': method({
    description:
      'Checks the device, refreshes, opens the camera and returns its new stream path; CAMERA_RESTART_FAILED otherwise.',
    params: onCamera,
    result: z.object({ camera: cameraIndexSchema, streamPath: streamPathSchema }),
    sensitive: false,
    timeoutMs: longCall,
  }),
  'camera.refresh': method({
    description: 'Device refresh: up to 5 rounds, 17 ms apart, closing any camera in run state.',
    params: none,
    result: z.object({
      rounds: z.int().min(1).max(5),
      closed: z.array(cameraIndexSchema),
    }),
    sensitive: false,
    timeoutMs: longCall,
  }),
  'camera.streamUrl': method({
    description:
      "Path of the bridge's MJPEG proxy for a camera (never a vendor URL); make it absolute with streamUrl().",
    params: onCamera,
    result: z.object({ camera: cameraIndexSchema, streamPath: streamPathSchema }),
    sensitive: false,
    timeoutMs: localCall,
  }),
  'face.verify': method({
    description: 'Compares two face images; confidence 0..100, match when confidence is above the threshold.',
    params: z.strictObject({
      image0: base64Schema,
      image1: base64Schema,
      threshold: z.number().min(0).max(100).default(DEFAULT_FACE_THRESHOLD),
    }),
    result: z.object({
      confidence: z.number().min(0).max(100),
      threshold: z.number().min(0).max(100),
      match: z.boolean(),
    }),
    sensitive: true,
    timeoutMs: VENDOR_TIMEOUTS_MS.faceVerify + CALL_TIMEOUT_MARGIN_MS,
  }),
  'idcard.read': method({
    description: 'Waits for an ID card on the reader (about 30 s) and returns its fields.',
    params: none,
    result: idCardSchema,
    sensitive: true,
    timeoutMs: VENDOR_TIMEOUTS_MS.idCard + CALL_TIMEOUT_MARGIN_MS,
  }),
  'fingerprint.capture': method({
    description:
      'Captures a fingerprint: enrol takes 3 presses, verify 1, with a fingerprint.progress event per press. Waits for the person (60 s).',
    params: z.strictObject({
      vendor: fingerprintVendorSchema,
      mode: fingerprintModeSchema,
      /** Whether progress events and the result carry the fingerprint image. */
      includeImages: z.boolean().default(true).describe('progress events and the result carry the image'),
    }),
    result: z.object({
      vendor: fingerprintVendorSchema,
      mode: fingerprintModeSchema,
      presses: pressesSchema,
      /** Enrol: the registration template; verify: the feature to compare (ZA `feature`). */
      template: base64Schema.describe('enrol: registration template; verify: feature to compare'),
      /** Image of the last press, when includeImages. */
      image: base64Schema.optional().describe('image of the last press, when includeImages'),
    }),
    sensitive: true,
    timeoutMs: FINGERPRINT_HUMAN_WAIT_MS + CALL_TIMEOUT_MARGIN_MS,
  }),
  'fingerprint.cancel': method({
    description:
      'Cancels a running capture on one reader (or both); the capture call fails with FINGERPRINT_CANCELLED.',
    params: z.strictObject({ vendor: fingerprintVendorSchema.optional() }),
    result: z.object({ cancelled: z.boolean() }),
    sensitive: true,
    timeoutMs: VENDOR_TIMEOUTS_MS.zkClient + CALL_TIMEOUT_MARGIN_MS,
  }),
  'fingerprint.verifyTemplate': method({
    description: 'Compares a registered template with a verification template through the ZK service.',
    params: z.strictObject({ reg: base64Schema, ver: base64Schema }),
    result: z.object({ score: z.number().min(0) }),
    sensitive: true,
    timeoutMs: VENDOR_TIMEOUTS_MS.zkClient + CALL_TIMEOUT_MARGIN_MS,
  }),
  'printer.list': method({
    description:
      'The label printers this workstation knows, with their profiles (dpi, label size, offsets, darkness, CJK font).',
    params: none,
    result: z.object({ printers: z.array(printerInfoSchema) }),
    sensitive: false,
    timeoutMs: localCall,
  }),
  'printer.print': method({
    description:
      'Sends ZPL (rendered by the server) to a configured printer: raw TCP to its configured host:port, or its local queue. Answers once every byte was handed over.',
    params: z.strictObject({
      printer: printerNameSchema,
      zpl: z.string().min(1).max(MAX_ZPL_CHARS),
      /** Labels in the job (for the answer and the log; the bytes are not inspected). */
      labels: z.int().min(1).max(10_000),
    }),
    result: z.object({
      printer: printerNameSchema,
      labels: z.int().min(1),
      bytes: z.int().min(1),
      elapsedMs: z.number().min(0),
    }),
    sensitive: false,
    timeoutMs: longCall,
  }),
  'session.subscribe': method({
    description:
      'Tells the bridge which camera pages this client has open and whether the camera view is shown; replaces the previous subscription. Re-sent by the client after reconnecting.',
    params: subscriptionSchema,
    result: z.object({
      /** Whether background polling and the periodic restart now run, over all clients. */
      backgroundActive: z
        .boolean()
        .describe('background polling and the periodic restart run, over all clients'),
    }),
    sensitive: false,
    timeoutMs: localCall,
  }),
} as const satisfies Record<string, MethodSpec>;

export type Methods = typeof methods;
export type MethodName = keyof Methods;
export const METHOD_NAMES = Object.keys(methods) as MethodName[];

/** What a caller passes (defaults may be omitted). */
export type MethodParams<M extends MethodName> = z.input<Methods[M]['params']>;
/** What a handler receives (defaults applied). */
export type MethodParamsParsed<M extends MethodName> = z.output<Methods[M]['params']>;
/** What a caller receives. */
export type MethodResult<M extends MethodName> = z.output<Methods[M]['result']>;
/** What a handler returns. */
export type MethodResultInput<M extends MethodName> = z.input<Methods[M]['result']>;

export function isMethodName(name: string): name is MethodName {
  return Object.hasOwn(methods, name);
}

/**
 * The bridge's implementation of the catalogue: one handler per method, so a missing handler fails the
 * typecheck. `Ctx` is whatever per-connection context the bridge passes (owned devices, abort signal...).
 */
export type MethodHandler<M extends MethodName, Ctx> = (
  params: MethodParamsParsed<M>,
  ctx: Ctx,
) => Promise<MethodResultInput<M>>;
export type MethodHandlers<Ctx = unknown> = { readonly [M in MethodName]: MethodHandler<M, Ctx> };
