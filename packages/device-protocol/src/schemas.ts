import { z } from 'zod';
import { CAMERA, ENROL_PRESSES } from './constants.js';

/** Camera index: 0 document (high-speed) camera, 1 head camera. */
export const cameraIndexSchema = z
  .union([z.literal(CAMERA.document), z.literal(CAMERA.head)])
  .describe('0 document camera, 1 head camera');
export type CameraIndex = z.infer<typeof cameraIndexSchema>;

/** Plain base64 (never a `data:` URL prefix), as the vendors send it. */
export const base64Schema = z.base64().min(1).describe('base64, no data: prefix');

/** `WIDTHxHEIGHT`, e.g. `1920x1080`. */
export const RESOLUTION_PATTERN = /^([1-9]\d{1,4})x([1-9]\d{1,4})$/;
export const resolutionSchema = z.string().regex(RESOLUTION_PATTERN, 'expected WIDTHxHEIGHT, e.g. 1920x1080');

export function parseResolution(value: string): { width: number; height: number } | undefined {
  const m = RESOLUTION_PATTERN.exec(value);
  if (!m?.[1] || !m[2]) return undefined;
  return { width: Number(m[1]), height: Number(m[2]) };
}

/** Camera state as the camera service reports it (normalised to lower case by the bridge). */
export const cameraStateSchema = z.enum(['no', 'ok', 'run']);
export type CameraState = z.infer<typeof cameraStateSchema>;

/** SPEC section 5: camera status is normal only when ok or run (case-insensitive). */
export function isCameraNormal(state: string): boolean {
  const s = state.trim().toLowerCase();
  return s === 'ok' || s === 'run';
}

/** A vendor service as the bridge sees it: switched off in its configuration, unreachable, or answering. */
export const serviceStateSchema = z.enum(['disabled', 'unreachable', 'ready']);
export type ServiceState = z.infer<typeof serviceStateSchema>;

export const fingerprintVendorSchema = z.enum(['za', 'zk']);
export type FingerprintVendor = z.infer<typeof fingerprintVendorSchema>;

export const fingerprintReaderSchema = z.object({
  /** `busy`: a capture is running on this reader. */
  state: z.enum(['disabled', 'unreachable', 'ready', 'busy']),
  /** ZK `info.data.server_version` when known. */
  serverVersion: z.string().optional().describe('ZK info.data.server_version'),
});
export type FingerprintReader = z.infer<typeof fingerprintReaderSchema>;

export const deviceStatusSchema = z.object({
  /** The camera/ID-card/face service on 38088. When not `ready`, both cameras read `no`. */
  cameraService: serviceStateSchema.describe(
    'camera/ID-card/face service on 38088; when not ready both cameras read no',
  ),
  /** Document camera. */
  video0: cameraStateSchema.describe('document camera'),
  /** Head camera. */
  video1: cameraStateSchema.describe('head camera'),
  fingerprint: z.object({ za: fingerprintReaderSchema, zk: fingerprintReaderSchema }),
  /** ISO 8601 time of the check. */
  checkedAt: z.iso.datetime(),
});
export type DeviceStatus = z.infer<typeof deviceStatusSchema>;

/** Path of the bridge's own MJPEG proxy for a camera; relative to the bridge's HTTP origin. */
export const STREAM_PATH_PATTERN = /^\/stream\/[01]\?sid=\d{1,9}(&token=[A-Za-z0-9_-]{1,128})?$/;
export const streamPathSchema = z
  .string()
  .regex(STREAM_PATH_PATTERN, 'expected /stream/<camera>?sid=<n>')
  .describe("path on the bridge's HTTP origin: /stream/<camera>?sid=<n>[&token=<t>]");

/** Builds the proxy path; `streamId` is a counter below STREAM_ID_WRAP that defeats `<img>` caching. */
export function streamPath(camera: CameraIndex, streamId: number, token?: string): string {
  return `/stream/${camera}?sid=${streamId}${token ? `&token=${token}` : ''}`;
}

/**
 * Turns the bridge WebSocket URL and a stream path into an absolute `http(s)` URL for `<img src>`.
 * String-based because `URL` is not part of the runtime-neutral library surface.
 */
export function streamUrl(bridgeWsUrl: string, path: string): string {
  const m = /^(wss?):\/\/([^/?#]+)/i.exec(bridgeWsUrl);
  if (!m?.[1] || !m[2]) throw new TypeError(`not a ws:// or wss:// URL: ${bridgeWsUrl}`);
  const scheme = m[1].toLowerCase() === 'wss' ? 'https' : 'http';
  return `${scheme}://${m[2]}${path}`;
}

export const rotationSchema = z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]);

export const captureParamsSchema = z.strictObject({
  camera: cameraIndexSchema,
  /** Degrees clockwise (`rotate`). */
  rotate: rotationSchema.default(0).describe('rotate, degrees clockwise'),
  /** Vendor `image_process_info.cut_type`, passed through; 0 = no cut (SPEC does not list the others). */
  cutType: z
    .int()
    .min(0)
    .max(255)
    .default(0)
    .describe('image_process_info.cut_type, passed through; 0 no cut'),
  /** `multi_object`: cut several documents out of one frame, one image each. */
  multiObject: z.boolean().default(false).describe('multi_object: one image per document found'),
  /** `make_uuid`: ask the service for an id per image (the bridge makes one when the service does not). */
  makeUuid: z.boolean().default(true).describe('make_uuid'),
  /** `image_storage_info` (SPEC defaults xdpi/ydpi 200, jpg_quality 60). */
  xdpi: z.int().min(50).max(1200).default(200).describe('image_storage_info.xdpi'),
  ydpi: z.int().min(50).max(1200).default(200).describe('image_storage_info.ydpi'),
  jpgQuality: z.int().min(1).max(100).default(60).describe('image_storage_info.jpg_quality'),
  /** `reduce_shadow`. */
  reduceShadow: z.boolean().default(false).describe('reduce_shadow'),
});

export const capturedImageSchema = z.object({
  index: z.int().min(0),
  uuid: z.string().min(1).describe("the service's uuid, or one made by the bridge"),
  base64: base64Schema,
  /** Where the vendor service stored the file, when it did. */
  filepath: z.string().optional().describe('where the service stored the file, when it did'),
});

export const captureResultSchema = z
  .object({
    camera: cameraIndexSchema,
    imageCount: z.int().min(1),
    images: z.array(capturedImageSchema).min(1),
  })
  .refine((r) => r.images.length === r.imageCount, { message: 'imageCount must equal images.length' });

/** Card types: A unknown, B mainland without fingerprint, C mainland with fingerprint, J HK/Macau/Taiwan, I foreigner. */
export const cardTypeSchema = z
  .enum(['A', 'B', 'C', 'J', 'I'])
  .describe(
    'A unknown, B mainland without fingerprint, C mainland with fingerprint, J HK/Macau/Taiwan, I foreigner',
  );
export type CardType = z.infer<typeof cardTypeSchema>;

/**
 * An ID card as read. Names follow SPEC section 3; readers differ (VENDOR-NOTES), so everything except
 * the card type, name and number is optional.
 */
export const idCardSchema = z.object({
  cardType: cardTypeSchema,
  name: z.string().min(1),
  cardID: z.string().min(1),
  sex: z.string().optional(),
  sexCode: z.string().optional(),
  /** As the reader gives it, usually YYYYMMDD. */
  birthday: z.string().optional().describe('as read, usually YYYYMMDD'),
  address: z.string().optional(),
  issueOrgan: z.string().optional(),
  validStart: z.string().optional(),
  validEnd: z.string().optional(),
  nationCode: z.string().optional(),
  /** Text nation, from readers that send one. */
  nation: z.string().optional().describe('text nation, from readers that send one'),
  appendMsg: z.string().optional(),
  /** Chip UID (`strIDUID`). */
  uid: z.string().optional().describe('chip UID (strIDUID)'),
  passportId: z.string().optional(),
  photoBase64: base64Schema.optional(),
  /** Scans of the card's front and back (`photoBase64_Z`, `photoBase64_F`). */
  photoFrontBase64: base64Schema.optional().describe('scan of the front (photoBase64_Z)'),
  photoBackBase64: base64Schema.optional().describe('scan of the back (photoBase64_F)'),
  fingerBase64: base64Schema.optional(),
});
export type IdCard = z.infer<typeof idCardSchema>;

/** VENDOR-NOTES: a score above 50 means the same person. */
export const DEFAULT_FACE_THRESHOLD = 50;

/** One rule for both ends: a match is a confidence strictly above the threshold. */
export function faceMatches(confidence: number, threshold: number): boolean {
  return confidence > threshold;
}

export const fingerprintModeSchema = z.enum(['enrol', 'verify']);
export type FingerprintMode = z.infer<typeof fingerprintModeSchema>;

export const pressesSchema = z.int().min(1).max(ENROL_PRESSES);

export const subscriptionSchema = z.strictObject({
  /** Route paths of the camera-related pages this client has open (SPEC section 2). */
  cameraPages: z
    .array(z.string().min(1).max(200))
    .max(50)
    .describe('route paths of the camera-related pages this client has open'),
  /** Whether the camera view is on screen (the periodic restart is skipped while it is). */
  cameraViewShown: z.boolean().describe('camera view on screen (the periodic restart is skipped)'),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
