import type { SimControl } from './control.js';
import {
  jsonReply,
  type RoutedCall,
  type VendorReply,
  type VendorRequest,
  type VendorService,
} from './http.js';
import { renderFingerprint } from './images.js';
import { compareScore, makeTemplate, readTemplate } from './templates.js';
import { parseVendorBody, str } from './vendor-body.js';

/** ZKBioOnline return codes (VENDOR-NOTES and SPEC section 8). */
export const ZK_CODES = {
  ok: 0,
  busy: 4,
  failed: -1,
  unsupported: -2,
  badParam: -3,
  badFormat: -5,
  badTemplate: -6,
  onlyGet: -2000,
  readerUnavailable: -2001,
  extractFailed: -2003,
  captureFailed: -2004,
  alreadyCapturing: -2005,
  pressFinger: -2006,
  fakeFinger: -2009,
  notOpened: -10014,
} as const;

const K = ZK_CODES;

export const ZK_SERVER_VERSION = '3.1.0.8 (trialab-sim)';

interface Capture {
  /** 1 enrols (three presses of one finger), 2 verifies (one press). */
  type: 1 | 2;
  fakeCheck: boolean;
  index: number;
  finger: string | undefined;
  lastImage: string | undefined;
}

const GET_ENDPOINTS = [
  'info',
  'fingerprint/begincapture',
  'fingerprint/getimage',
  'fingerprint/gettemplate',
  'fingerprint/cancelcapture',
];

function envelope(ret: number, data: unknown = null, error = ''): VendorReply {
  return jsonReply({ ret, data, error });
}

/** The ZKTeco ZKBioOnline fingerprint service, served on both its HTTP and HTTPS ports. */
export class ZkService implements VendorService {
  readonly name = 'zk' as const;
  private capture: Capture | undefined;

  constructor(private readonly control: SimControl) {}

  route(request: VendorRequest): RoutedCall {
    const lower = request.path.toLowerCase();
    const prefix = '/zkbioonline/';
    const endpoint = lower.startsWith(prefix) ? lower.slice(prefix.length).replace(/\/+$/, '') : lower;
    const query = new URLSearchParams(request.query);
    const parsed = endpoint === 'fingerprint/verify' ? parseVendorBody(request.rawBody) : undefined;
    return {
      endpoint,
      device: 'zk',
      body: parsed?.kind === 'ok' ? parsed.params : Object.fromEntries(query),
      run: async ({ unplugged }) => {
        if (GET_ENDPOINTS.includes(endpoint) && request.method !== 'GET') {
          return envelope(K.onlyGet, null, 'only GET is supported');
        }
        const forced = unplugged || this.control.isUnplugged('zk');
        switch (endpoint) {
          case 'info':
            return envelope(K.ok, { server_version: ZK_SERVER_VERSION, fingerprint_connected: !forced });
          case 'fingerprint/begincapture':
            return this.begin(query, forced);
          case 'fingerprint/getimage':
            return this.getImage(forced);
          case 'fingerprint/gettemplate':
            return this.getTemplate();
          case 'fingerprint/cancelcapture':
            this.capture = undefined;
            return envelope(K.ok);
          case 'fingerprint/verify':
            if (request.method !== 'POST') return envelope(K.badParam, null, 'POST {reg, ver} to compare');
            return this.verify(parsed);
          default:
            return envelope(K.unsupported, null, 'unsupported, check the URL');
        }
      },
    };
  }

  private begin(query: URLSearchParams, unplugged: boolean): VendorReply {
    if (unplugged) return envelope(K.readerUnavailable, null, 'cannot connect to the fingerprint reader');
    const type = query.get('type');
    if (type !== '1' && type !== '2')
      return envelope(K.badParam, null, 'type must be 1 (enrol) or 2 (verify)');
    const fake = query.get('FakeFunOn') ?? query.get('fakefunon') ?? '1';
    if (fake !== '0' && fake !== '1') return envelope(K.badParam, null, 'FakeFunOn must be 0 or 1');
    if (this.capture && !this.done(this.capture)) {
      return envelope(K.alreadyCapturing, null, 'capture already running: cancel, then begin again');
    }
    this.capture = {
      type: type === '1' ? 1 : 2,
      fakeCheck: fake === '1',
      index: 0,
      finger: undefined,
      lastImage: undefined,
    };
    return envelope(K.ok);
  }

  private needed(capture: Capture): number {
    return capture.type === 1 ? 3 : 1;
  }

  private done(capture: Capture): boolean {
    return capture.index >= this.needed(capture);
  }

  private async getImage(unplugged: boolean): Promise<VendorReply> {
    const capture = this.capture;
    if (!capture) return envelope(K.failed, null, 'no capture running: call beginCapture first');
    if (unplugged) return envelope(K.readerUnavailable, null, 'cannot connect to the fingerprint reader');
    if (this.done(capture))
      return envelope(K.ok, { enroll_index: capture.index, jpg_base64: capture.lastImage ?? '' });
    const press = this.control.pollPress('zk');
    if (!press) return envelope(K.pressFinger, null, 'press finger');
    if (press.kind === 'poor') return envelope(K.captureFailed, null, 'image capture failed');
    if (press.kind === 'fake' && capture.fakeCheck) {
      return envelope(K.fakeFinger, null, 'suspected fake finger or pressed too fast');
    }
    if (press.kind !== 'finger' && press.kind !== 'fake')
      return envelope(K.pressFinger, null, 'press finger');
    if (capture.finger !== undefined && capture.finger !== press.finger) {
      return envelope(K.extractFailed, null, 'not the same finger as the first press');
    }
    capture.finger = press.finger;
    capture.index += 1;
    capture.lastImage = (await renderFingerprint(press.finger)).toString('base64');
    return envelope(K.ok, { enroll_index: capture.index, jpg_base64: capture.lastImage });
  }

  private getTemplate(): VendorReply {
    const capture = this.capture;
    if (!capture?.finger || !this.done(capture)) return envelope(K.failed, null, 'capture not complete');
    return envelope(K.ok, {
      template: makeTemplate('zk', capture.finger, capture.type === 1 ? 'template' : 'feature'),
    });
  }

  private verify(parsed: ReturnType<typeof parseVendorBody> | undefined): VendorReply {
    if (parsed?.kind !== 'ok') return envelope(K.badFormat, null, 'invalid data format');
    const reg = str(parsed.params.reg);
    const ver = str(parsed.params.ver);
    if (!reg || !ver) return envelope(K.badParam, null, 'reg and ver are required');
    const a = readTemplate('zk', reg);
    const b = readTemplate('zk', ver);
    if (!a || !b) return envelope(K.badTemplate, null, 'invalid template');
    return envelope(K.ok, { score: compareScore(a.finger, b.finger, this.control.matchScore) });
  }

  /** Drops a running capture (used by scenario changes and resets). */
  cancel(): void {
    this.capture = undefined;
  }

  vendorError(code: string | number, message: string | undefined): VendorReply {
    const numeric = Number(code);
    return envelope(Number.isFinite(numeric) ? numeric : K.failed, null, message ?? `error ${code}`);
  }

  busy(): VendorReply {
    return envelope(K.busy, null, 'operation in progress');
  }
}
