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

/** SPEC section 8's ZA codes. */
export const ZA_CODES = {
  success: 1,
  poorImage: 2,
  featureError: 3,
  unknown: -99,
  badParam: -100,
  openFailed: -101,
  noFinger: -102,
  commError: -103,
  mergeFailed: -104,
} as const;

const Z = ZA_CODES;

export const ZA_COMMANDS = ['STATUS', 'VERSION', 'CAPTURE', 'MERGE', 'MATCH'] as const;

/**
 * Reads a command text: a verb, then `key=value` pairs separated by spaces, tabs, new lines or `&`.
 * Only the first `=` splits, so base64 values keep their padding.
 */
export function parseCommandText(text: string): { verb: string; args: Record<string, string> } | undefined {
  const tokens = text
    .trim()
    .split(/[\s&]+/)
    .filter(Boolean);
  const [verb, ...rest] = tokens;
  if (!verb || verb.includes('=')) return undefined;
  const args: Record<string, string> = {};
  for (const token of rest) {
    const eq = token.indexOf('=');
    if (eq <= 0) return undefined;
    args[token.slice(0, eq)] = token.slice(eq + 1);
  }
  return { verb: verb.toUpperCase(), args };
}

type Result = { code: number; errorMsg: string } & Record<string, unknown>;

function fail(code: number, errorMsg: string): Result {
  return { code, errorMsg };
}

/**
 * The ZA fingerprint module on 8867. No public document describes its wire format: this is the
 * simulator's ASSUMPTION (docs/sim-devices.md), kept small so a real capture can replace it.
 */
export class ZaService implements VendorService {
  readonly name = 'za' as const;

  constructor(private readonly control: SimControl) {}

  route(request: VendorRequest): RoutedCall {
    const parsed = request.method === 'POST' ? parseCommandText(request.rawBody ?? '') : undefined;
    const endpoint =
      parsed && (ZA_COMMANDS as readonly string[]).includes(parsed.verb) ? parsed.verb : 'invalid';
    return {
      endpoint,
      device: 'za',
      body: parsed ?? request.rawBody,
      run: async ({ unplugged }) => {
        if (request.method !== 'POST')
          return jsonReply(fail(Z.badParam, 'use POST with a command text body'));
        if (!parsed) return jsonReply(fail(Z.badParam, 'command text must be: VERB key=value ...'));
        return jsonReply(await this.run(parsed.verb, parsed.args, unplugged));
      },
    };
  }

  private async run(verb: string, args: Record<string, string>, forcedUnplugged: boolean): Promise<Result> {
    if (verb === 'VERSION') return { code: Z.success, errorMsg: 'success', version: 'ZA-SIM 1.0' };
    const unplugged = forcedUnplugged || this.control.isUnplugged('za');
    switch (verb) {
      case 'STATUS':
        return unplugged
          ? fail(Z.openFailed, 'device open failed')
          : { code: Z.success, errorMsg: 'success' };
      case 'CAPTURE':
        return unplugged ? fail(Z.openFailed, 'device open failed') : this.capture(args);
      case 'MERGE':
        return this.merge(args);
      case 'MATCH':
        return this.match(args);
      default:
        return fail(Z.badParam, `unknown command ${verb}`);
    }
  }

  private async capture(args: Record<string, string>): Promise<Result> {
    const colour = args.imageColor ?? '0';
    const quality = Number(args.quality ?? '80');
    if (colour !== '0' && colour !== '1')
      return fail(Z.badParam, 'imageColor must be 0 (grey) or 1 (colour)');
    if (!Number.isInteger(quality) || quality < 1 || quality > 100)
      return fail(Z.badParam, 'quality must be 1-100');
    const press = this.control.pollPress('za');
    if (!press) return fail(Z.noFinger, 'no finger, press finger');
    if (press.kind === 'poor') return fail(Z.poorImage, 'image too poor');
    if (press.kind === 'fake') return fail(Z.featureError, 'device feature generation error');
    if (press.kind !== 'finger') return fail(Z.noFinger, 'no finger, press finger');
    const image = await renderFingerprint(press.finger);
    return {
      code: Z.success,
      errorMsg: 'success',
      base64: image.toString('base64'),
      feature: makeTemplate('za', press.finger, 'feature'),
    };
  }

  private merge(args: Record<string, string>): Result {
    const features = [args.feature1, args.feature2, args.feature3];
    const fingers: string[] = [];
    for (const [i, feature] of features.entries()) {
      const read = feature ? readTemplate('za', feature) : undefined;
      if (read?.kind !== 'feature') return fail(Z.badParam, `feature${i + 1} is missing or not a ZA feature`);
      fingers.push(read.finger);
    }
    const [first] = fingers;
    if (!first || fingers.some((finger) => finger !== first)) {
      return fail(Z.mergeFailed, 'template synthesis failed: presses are not the same finger');
    }
    return { code: Z.success, errorMsg: 'success', template: makeTemplate('za', first, 'template') };
  }

  private match(args: Record<string, string>): Result {
    const template = args.template ? readTemplate('za', args.template) : undefined;
    const feature = args.feature ? readTemplate('za', args.feature) : undefined;
    if (!template || !feature) return fail(Z.badParam, 'template and feature must be ZA data');
    return {
      code: Z.success,
      errorMsg: 'success',
      score: compareScore(template.finger, feature.finger, this.control.matchScore),
    };
  }

  vendorError(code: string | number, message: string | undefined): VendorReply {
    const numeric = Number(code);
    return jsonReply(
      fail(Number.isFinite(numeric) ? numeric : Z.unknown, message ?? `other error, code ${code}`),
    );
  }

  busy(): VendorReply {
    // The ZA table has no "busy": the module answers a communication error.
    return jsonReply(fail(Z.commError, 'device communication error (busy)'));
  }
}
