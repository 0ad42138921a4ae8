import {
  BridgeError,
  ENROL_PRESSES,
  ErrorCode,
  type FingerprintMode,
  VERIFY_PRESSES,
} from '@trialab/device-protocol';
import { type Clock, sleep } from '../clock.js';
import type { FingerprintDriver } from '../vendors/types.js';

export interface CaptureOptions {
  driver: FingerprintDriver;
  mode: FingerprintMode;
  clock: Clock;
  /** How long to wait for the person to give every press. */
  waitMs: number;
  /** Aborted by fingerprint.cancel (reason FINGERPRINT_CANCELLED) or by the connection closing. */
  signal: AbortSignal;
  onPress(press: number, presses: number, image: string | undefined): void;
}

export interface CaptureOutcome {
  presses: number;
  template: string;
  image?: string;
}

/**
 * SPEC section 4: start, poll at the vendor's interval (ZA 2111 ms, -102 keeps waiting; ZK 333 ms,
 * -2006 keeps waiting), any other code stops with its error; enrolment takes 3 presses, verification 1,
 * then the template is fetched and capture stops. The vendor is told to stop on every way out.
 */
export async function runFingerprintCapture(options: CaptureOptions): Promise<CaptureOutcome> {
  const { driver, mode, clock, signal } = options;
  const needed = mode === 'enrol' ? ENROL_PRESSES : VERIFY_PRESSES;
  const deadline = clock.now() + options.waitMs;
  const session = driver.session(mode);
  let image: string | undefined;
  try {
    await session.begin(signal);
    for (;;) {
      const outcome = await session.poll(signal);
      if (outcome.kind === 'press') {
        image = outcome.image;
        options.onPress(outcome.press, needed, outcome.image);
        if (outcome.press >= needed) break;
      }
      if (clock.now() + driver.pollIntervalMs > deadline) {
        throw new BridgeError(
          ErrorCode.TIMEOUT,
          `no ${driver.vendor} fingerprint within ${options.waitMs} ms`,
          {
            details: { vendor: driver.vendor, operation: 'capture', timeoutMs: options.waitMs },
          },
        );
      }
      await sleep(clock, driver.pollIntervalMs, signal);
    }
    const template = await session.finish(signal);
    return { presses: needed, template, ...(image ? { image } : {}) };
  } catch (error) {
    // A cancel or a closed connection wins over whatever the interrupted request reported.
    if (signal.aborted) throw signal.reason;
    throw error;
  } finally {
    await session.stop();
  }
}
