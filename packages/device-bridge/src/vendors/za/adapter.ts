import {
  BridgeError,
  ENROL_PRESSES,
  ErrorCode,
  type FingerprintMode,
  type FingerprintReader,
  interpretZaCode,
  VERIFY_PRESSES,
  ZA_MALFORMED_TEXT,
} from '@trialab/device-protocol';
import { Agent } from 'undici';
import type { BridgeConfig } from '../../config.js';
import { asBridgeError, cleanBase64, malformed } from '../http.js';
import type { CaptureSession, FingerprintDriver, PollOutcome, ProbeResult } from '../types.js';
import { ZA_CAPTURE_ARGS, type ZaAnswer, type ZaVerb, zaCommand } from './transport.js';

/** Throws the protocol error for a ZA code (SPEC section 8), or returns whether to keep waiting. */
function verdict(answer: ZaAnswer, verb: ZaVerb): 'success' | 'pending' {
  const result = interpretZaCode(answer.code);
  if (result.outcome === 'error') {
    const { error } = result;
    const details: Record<string, unknown> = { ...error.details, operation: verb };
    // A missing or non-numeric code is the SPEC's "fingerprint read returned error".
    if (error.code === ErrorCode.VENDOR_MALFORMED) details.vendorMessage = ZA_MALFORMED_TEXT;
    throw new BridgeError(error.code, error.message, { details, retryable: error.retryable });
  }
  return result.outcome;
}

/** The ZA fingerprint module on 8867 (wire format in ./transport.ts, an assumption). */
export class ZaAdapter implements FingerprintDriver {
  readonly vendor = 'za' as const;
  readonly enabled: boolean;
  readonly address: string;
  readonly pollIntervalMs: number;
  readonly #config: BridgeConfig;
  readonly #agent = new Agent({ keepAliveTimeout: 10_000, connections: 4 });

  constructor(config: BridgeConfig) {
    this.#config = config;
    this.enabled = config.vendors.za.enabled;
    this.address = config.vendors.za.url;
    this.pollIntervalMs = config.polling.zaMs;
  }

  async command(
    verb: ZaVerb,
    args: Record<string, string>,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<ZaAnswer> {
    const options = {
      baseUrl: this.address,
      dispatcher: this.#agent,
      maxBytes: this.#config.limits.maxVendorResponseBytes,
    };
    try {
      return await zaCommand(options, verb, args, timeoutMs, signal);
    } catch (error) {
      const typed = asBridgeError(error);
      // An unreadable answer is the SPEC's "fingerprint read returned error".
      if (typed.code === ErrorCode.VENDOR_MALFORMED)
        throw malformed('za', verb, 'unreadable answer', ZA_MALFORMED_TEXT);
      throw typed;
    }
  }

  async reader(signal?: AbortSignal): Promise<FingerprintReader> {
    if (!this.enabled) return { state: 'disabled' };
    try {
      const answer = await this.command('STATUS', {}, this.#config.timeouts.statusProbe, signal);
      return { state: interpretZaCode(answer.code).outcome === 'success' ? 'ready' : 'unreachable' };
    } catch {
      return { state: 'unreachable' };
    }
  }

  session(mode: FingerprintMode): CaptureSession {
    const needed = mode === 'enrol' ? ENROL_PRESSES : VERIFY_PRESSES;
    const features: string[] = [];
    const timeouts = this.#config.timeouts;
    return {
      begin: async (signal) => {
        // Fails at once with the SPEC's code when the module cannot open its device (-101).
        verdict(await this.command('STATUS', {}, timeouts.fingerprintImage, signal), 'STATUS');
      },
      poll: async (signal): Promise<PollOutcome> => {
        const answer = await this.command(
          'CAPTURE',
          { ...ZA_CAPTURE_ARGS },
          timeouts.fingerprintImage,
          signal,
        );
        if (verdict(answer, 'CAPTURE') === 'pending') return { kind: 'waiting' };
        const feature = cleanBase64(answer.fields.feature);
        if (!feature) throw malformed('za', 'CAPTURE', 'answer has no feature', ZA_MALFORMED_TEXT);
        features.push(feature);
        const image = cleanBase64(answer.fields.base64 ?? answer.fields.image);
        return { kind: 'press', press: features.length, ...(image ? { image } : {}) };
      },
      finish: async (signal) => {
        const [first] = features;
        if (features.length < needed || !first)
          throw new BridgeError(ErrorCode.INTERNAL, 'ZA finish before the last press');
        if (mode === 'verify') return first;
        const args = Object.fromEntries(features.map((f, i) => [`feature${i + 1}`, f]));
        const answer = await this.command('MERGE', args, timeouts.fingerprintRead, signal);
        verdict(answer, 'MERGE');
        const template = cleanBase64(answer.fields.template);
        if (!template) throw malformed('za', 'MERGE', 'answer has no template', ZA_MALFORMED_TEXT);
        return template;
      },
      // The module keeps no capture state between commands: nothing to stop.
      stop: async () => {},
    };
  }

  async probe(signal?: AbortSignal): Promise<ProbeResult> {
    if (!this.enabled) return { service: 'za', state: 'disabled', address: this.address };
    const started = performance.now();
    try {
      await this.command('VERSION', {}, this.#config.timeouts.statusProbe, signal);
      return { service: 'za', state: 'ready', address: this.address, latencyMs: performance.now() - started };
    } catch (error) {
      const typed = asBridgeError(error);
      return {
        service: 'za',
        state: 'unreachable',
        address: this.address,
        lastError: { code: typed.code, message: typed.message },
      };
    }
  }

  async dispose(): Promise<void> {
    await this.#agent.close();
  }
}
