import { z } from 'zod';

/** The three vendor services the simulator runs. */
export const SERVICES = ['camera', 'za', 'zk'] as const;
export type ServiceName = (typeof SERVICES)[number];

/**
 * Physical devices behind the services. Concurrency, faults and plug state are tracked per device:
 * video0 (document camera) and video1 (head camera), the ID-card reader, the face comparer and the
 * camera service's own fingerprint reader (`fp=read`) on 38088, the ZA module and the ZK reader.
 */
export const DEVICES = ['video0', 'video1', 'idcard', 'face', 'fp', 'za', 'zk'] as const;
export type DeviceId = (typeof DEVICES)[number];

export const DEVICE_SERVICE: Record<DeviceId, ServiceName> = {
  video0: 'camera',
  video1: 'camera',
  idcard: 'camera',
  face: 'camera',
  fp: 'camera',
  za: 'za',
  zk: 'zk',
};

/** Fingerprint readers that take scripted presses. */
export const FINGER_READERS = ['fp', 'za', 'zk'] as const;
export type FingerReader = (typeof FINGER_READERS)[number];

/** SPEC section 3: A unknown, B mainland without fingerprint, C with fingerprint, J HK/Macau/Taiwan, I foreigner. */
export const CARD_TYPES = ['A', 'B', 'C', 'J', 'I'] as const;
export type CardType = (typeof CARD_TYPES)[number];

/**
 * Builds of the camera service: `spec` (SPEC section 7), `legacy` (older shapes, VENDOR-NOTES) and
 * `legacy-cn`, an older build that lacks `face=verifybase64` and `video=open`, answers a command it does
 * not have with code "1" and a Chinese message, and opens a camera when its stream is requested.
 */
export const DIALECTS = ['spec', 'legacy', 'legacy-cn'] as const;
export type Dialect = (typeof DIALECTS)[number];

const scope = {
  /** Only requests to this service. */
  service: z.enum(SERVICES).optional(),
  /** Only requests for this device. */
  device: z.enum(DEVICES).optional(),
  /** Only this vendor endpoint, compared case-insensitively: `video=grabimage`, `fingerprint/getImage`, `CAPTURE`. */
  endpoint: z.string().min(1).max(100).optional(),
  /** Apply to this many matching requests, then drop the rule; absent means until cleared. */
  times: z.number().int().min(1).max(1_000_000).optional(),
};

export const faultInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({ ...scope, kind: z.literal('delay'), ms: z.number().int().min(0).max(600_000) }),
  z.strictObject({ ...scope, kind: z.literal('hang') }),
  z.strictObject({ ...scope, kind: z.literal('reset') }),
  z.strictObject({ ...scope, kind: z.literal('malformed') }),
  z.strictObject({ ...scope, kind: z.literal('http500') }),
  z.strictObject({
    ...scope,
    kind: z.literal('vendorError'),
    code: z.union([z.string().min(1).max(20), z.number().int()]),
    message: z.string().max(200).optional(),
  }),
  z.strictObject({ ...scope, kind: z.literal('unplugged') }),
  z.strictObject({ ...scope, kind: z.literal('busy') }),
]);
export type FaultInput = z.infer<typeof faultInputSchema>;
export type FaultKind = FaultInput['kind'];
export type FaultRule = FaultInput & { id: string };

export const pressEventSchema = z.discriminatedUnion('kind', [
  /** No finger on the reader for this many polls. */
  z.strictObject({ kind: z.literal('none'), polls: z.number().int().min(1).max(10_000).default(1) }),
  /** A good press of the named finger (templates of the same finger match). */
  z.strictObject({ kind: z.literal('finger'), finger: z.string().min(1).max(64).default('right-index') }),
  /** A press whose image is too poor to use. */
  z.strictObject({ kind: z.literal('poor') }),
  /** A suspected fake finger (or a press that was too fast). */
  z.strictObject({ kind: z.literal('fake'), finger: z.string().min(1).max(64).default('right-index') }),
]);
export type PressEventInput = z.input<typeof pressEventSchema>;
export type PressEvent = z.output<typeof pressEventSchema>;

export interface Timings {
  /** How long `card=idcard` waits for a card (vendor: about 30 s). */
  cardWaitMs: number;
  /** How long `fp=read` waits for a finger (SPEC: 20 s client timeout). */
  fpReadWaitMs: number;
  /** With automatic presentation, how long after a read starts the card or finger appears. */
  autoPresentMs: number;
}

export const DEFAULT_TIMINGS: Timings = { cardWaitMs: 30_000, fpReadWaitMs: 20_000, autoPresentMs: 1_500 };

/** Bilingual error text for the control endpoint and the CLI. */
export interface BilingualError {
  code: string;
  message: string;
  messageZh: string;
}
