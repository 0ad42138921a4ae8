import { z } from 'zod';
import { errorPayloadSchema } from './errors.js';
import {
  base64Schema,
  cameraIndexSchema,
  deviceStatusSchema,
  fingerprintModeSchema,
  fingerprintVendorSchema,
  pressesSchema,
  streamPathSchema,
} from './schemas.js';

/** One unsolicited message from the bridge, declared once. */
export interface EventSpec<D extends z.ZodType = z.ZodType> {
  readonly data: D;
  /** Data carries personal data: never log it. */
  readonly sensitive: boolean;
  readonly description: string;
}

const event = <D extends z.ZodType>(spec: EventSpec<D>): EventSpec<D> => spec;

export const events = {
  'device.statusChanged': event({
    description: 'A camera or fingerprint reader changed state (sent to every connection).',
    data: deviceStatusSchema,
    sensitive: false,
  }),
  'fingerprint.progress': event({
    description: 'A press was taken during fingerprint.capture: press n of m, with its image when asked for.',
    data: z
      .object({
        /** Id of the fingerprint.capture request this belongs to. */
        requestId: z.string().describe('id of the fingerprint.capture request'),
        vendor: fingerprintVendorSchema,
        mode: fingerprintModeSchema,
        press: pressesSchema,
        presses: pressesSchema,
        image: base64Schema.optional(),
      })
      .refine((d) => d.press <= d.presses, { message: 'press must not exceed presses' }),
    sensitive: true,
  }),
  'camera.restarted': event({
    description:
      'A camera was restarted (scheduled every 180 s or requested); reload the stream from streamPath.',
    data: z.object({
      camera: cameraIndexSchema,
      streamPath: streamPathSchema,
      reason: z.enum(['scheduled', 'requested']),
    }),
    sensitive: false,
  }),
  'camera.captureFailed': event({
    description:
      'A background camera operation (scheduled restart, stream) failed; the page should tell the user.',
    data: z.object({ camera: cameraIndexSchema, error: errorPayloadSchema }),
    sensitive: false,
  }),
  'bridge.goingAway': event({
    description: 'The bridge is about to close every connection (close code 4010 follows).',
    data: z.object({
      reason: z.enum(['shutdown', 'restart', 'update']),
      /** A hint for when to expect it back. */
      reconnectAfterMs: z.int().min(0).optional().describe('hint for when to expect the bridge back'),
    }),
    sensitive: false,
  }),
} as const satisfies Record<string, EventSpec>;

export type Events = typeof events;
export type EventName = keyof Events;
export const EVENT_NAMES = Object.keys(events) as EventName[];
export type EventData<E extends EventName> = z.output<Events[E]['data']>;
export type EventDataInput<E extends EventName> = z.input<Events[E]['data']>;

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(events, name);
}
