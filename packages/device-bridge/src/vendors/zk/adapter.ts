import { readFileSync } from 'node:fs';
import {
  BridgeError,
  ENROL_PRESSES,
  ErrorCode,
  type FingerprintMode,
  type FingerprintReader,
  interpretZkCode,
  VERIFY_PRESSES,
  ZK_MALFORMED_TEXT,
} from '@trialab/device-protocol';
import { Agent } from 'undici';
import { type BridgeConfig, ConfigError, isLoopbackHost } from '../../config.js';
import { asBridgeError, cleanBase64, malformed, readVendorObject, str, vendorHttp } from '../http.js';
import type { CaptureSession, FingerprintDriver, PollOutcome, ProbeResult } from '../types.js';

/** The vendor's own spelling; the service matches paths case-insensitively, clients differ. */
const BASE_PATH = '/ZKBIOOnline';

interface ZkAnswer {
  ret: unknown;
  data: Record<string, unknown>;
}

/** Throws the protocol error for a ZK `ret`, or returns whether to keep waiting (-2006). */
function verdict(answer: ZkAnswer, operation: string): 'success' | 'pending' {
  const result = interpretZkCode(answer.ret);
  if (result.outcome === 'error') {
    const { error } = result;
    throw new BridgeError(error.code, error.message, {
      details: { ...error.details, operation },
      retryable: error.retryable,
    });
  }
  return result.outcome;
}

function retOf(answer: ZkAnswer): number | undefined {
  const n = Number(str(answer.ret));
  return Number.isInteger(n) ? n : undefined;
}

/** TLS for the HTTPS port: the configured CA, or (loopback only, explicitly) no verification. */
export function zkAgent(config: BridgeConfig): Agent {
  const zk = config.vendors.zk;
  const url = new URL(zk.url);
  if (url.protocol !== 'https:') return new Agent({ keepAliveTimeout: 10_000, connections: 4 });
  if (zk.insecure) {
    // The schema refuses this for other hosts; checked again so no code path can widen it.
    if (!isLoopbackHost(url.hostname))
      throw new ConfigError(
        'vendors.zk.insecure needs a loopback address',
        'vendors.zk.insecure 仅允许本机地址',
      );
    return new Agent({ keepAliveTimeout: 10_000, connections: 4, connect: { rejectUnauthorized: false } });
  }
  let ca: string | undefined;
  if (zk.caFile) {
    try {
      ca = readFileSync(zk.caFile, 'utf8');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ConfigError(
        `Cannot read vendors.zk.caFile ${zk.caFile}: ${reason}`,
        `无法读取 vendors.zk.caFile ${zk.caFile}：${reason}`,
      );
    }
  }
  return new Agent({ keepAliveTimeout: 10_000, connections: 4, ...(ca ? { connect: { ca } } : {}) });
}

/** ZKTeco ZKBioOnline on 22001 (HTTP) or 22002 (HTTPS): envelope `{ret, data, error}`. */
export class ZkAdapter implements FingerprintDriver {
  readonly vendor = 'zk' as const;
  readonly enabled: boolean;
  readonly address: string;
  readonly pollIntervalMs: number;
  readonly #config: BridgeConfig;
  readonly #agent: Agent;
  #random = Math.floor(Math.random() * 1_000_000);

  constructor(config: BridgeConfig) {
    this.#config = config;
    this.enabled = config.vendors.zk.enabled;
    this.address = config.vendors.zk.url;
    this.pollIntervalMs = config.polling.zkMs;
    this.#agent = zkAgent(config);
  }

  async #request(
    operation: string,
    options: {
      query?: Record<string, string>;
      body?: Record<string, string>;
      signal?: AbortSignal | undefined;
      timeoutMs?: number;
    },
  ): Promise<ZkAnswer> {
    const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
    const response = await vendorHttp({
      vendor: 'zk',
      operation,
      url: `${this.address}${BASE_PATH}/${operation}${query}`,
      method: options.body ? 'POST' : 'GET',
      ...(options.body
        ? {
            body: JSON.stringify(options.body),
            contentType: 'application/x-www-form-urlencoded; charset=UTF-8',
          }
        : {}),
      timeoutMs: options.timeoutMs ?? this.#config.timeouts.zkClient,
      signal: options.signal,
      dispatcher: this.#agent,
      maxBytes: this.#config.limits.maxVendorResponseBytes,
    });
    let fields: Record<string, unknown>;
    try {
      fields = readVendorObject('zk', operation, response);
    } catch (error) {
      const typed = asBridgeError(error);
      if (typed.code !== ErrorCode.VENDOR_MALFORMED) throw typed;
      throw malformed('zk', operation, typed.message, ZK_MALFORMED_TEXT);
    }
    let data = fields.data;
    if (typeof data === 'string' && data.trim().startsWith('{')) {
      try {
        data = JSON.parse(data);
      } catch {
        throw malformed('zk', operation, 'data is not JSON', ZK_MALFORMED_TEXT);
      }
    }
    const object =
      typeof data === 'object' && data !== null && !Array.isArray(data)
        ? (data as Record<string, unknown>)
        : {};
    // Some builds put results beside `ret` instead of inside `data`.
    return { ret: fields.ret ?? fields.code, data: { ...fields, ...object } };
  }

  async reader(signal?: AbortSignal): Promise<FingerprintReader> {
    if (!this.enabled) return { state: 'disabled' };
    try {
      const answer = await this.#request('info', { signal, timeoutMs: this.#config.timeouts.statusProbe });
      const version = str(answer.data.server_version);
      const connected = answer.data.fingerprint_connected !== false && retOf(answer) === 0;
      return { state: connected ? 'ready' : 'unreachable', ...(version ? { serverVersion: version } : {}) };
    } catch {
      return { state: 'unreachable' };
    }
  }

  session(mode: FingerprintMode): CaptureSession {
    const needed = mode === 'enrol' ? ENROL_PRESSES : VERIFY_PRESSES;
    let presses = 0;
    const begin = (signal: AbortSignal) =>
      this.#request('fingerprint/beginCapture', {
        query: { type: mode === 'enrol' ? '1' : '2', FakeFunOn: '1', random: String(++this.#random) },
        signal,
      });
    return {
      begin: async (signal) => {
        let answer = await begin(signal);
        // -2005: a capture is already running (another page left it): cancel, then begin again, once.
        if (retOf(answer) === -2005) {
          await this.#request('fingerprint/cancelCapture', { signal });
          answer = await begin(signal);
        }
        verdict(answer, 'fingerprint/beginCapture');
      },
      poll: async (signal): Promise<PollOutcome> => {
        const answer = await this.#request('fingerprint/getImage', {
          signal,
          timeoutMs: Math.min(this.#config.timeouts.zkClient, this.#config.timeouts.fingerprintImage),
        });
        if (verdict(answer, 'fingerprint/getImage') === 'pending') return { kind: 'waiting' };
        const index = Number(str(answer.data.enroll_index));
        const image = cleanBase64(answer.data.jpg_base64);
        let next = presses;
        if (Number.isInteger(index) && index > presses) next = Math.min(index, needed);
        else if (!Number.isInteger(index) && image) next = presses + 1;
        if (next === presses) return { kind: 'waiting' };
        presses = next;
        return { kind: 'press', press: presses, ...(image ? { image } : {}) };
      },
      finish: async (signal) => {
        const answer = await this.#request('fingerprint/getTemplate', { signal });
        verdict(answer, 'fingerprint/getTemplate');
        const template = cleanBase64(answer.data.template);
        if (!template)
          throw malformed('zk', 'fingerprint/getTemplate', 'answer has no template', ZK_MALFORMED_TEXT);
        return template;
      },
      stop: async () => {
        try {
          await this.#request('fingerprint/cancelCapture', { timeoutMs: this.#config.timeouts.zkClient });
        } catch {
          // Best effort: the reader also stops by itself; a failure here must not hide the real outcome.
        }
      },
    };
  }

  async verifyTemplate(reg: string, ver: string, signal?: AbortSignal): Promise<number> {
    const answer = await this.#request('fingerprint/verify', { body: { reg, ver }, signal });
    verdict(answer, 'fingerprint/verify');
    const score = Number(str(answer.data.score));
    if (!Number.isFinite(score) || score < 0)
      throw malformed('zk', 'fingerprint/verify', 'answer has no score', ZK_MALFORMED_TEXT);
    return score;
  }

  async probe(signal?: AbortSignal): Promise<ProbeResult> {
    if (!this.enabled) return { service: 'zk', state: 'disabled', address: this.address };
    const started = performance.now();
    try {
      const answer = await this.#request('info', { signal, timeoutMs: this.#config.timeouts.statusProbe });
      verdict(answer, 'info');
      return { service: 'zk', state: 'ready', address: this.address, latencyMs: performance.now() - started };
    } catch (error) {
      const typed = asBridgeError(error);
      const state =
        typed.code === ErrorCode.VENDOR_UNREACHABLE || typed.code === ErrorCode.TIMEOUT
          ? 'unreachable'
          : 'ready';
      return {
        service: 'zk',
        state,
        address: this.address,
        lastError: { code: typed.code, message: typed.message },
      };
    }
  }

  async dispose(): Promise<void> {
    await this.#agent.close();
  }
}
