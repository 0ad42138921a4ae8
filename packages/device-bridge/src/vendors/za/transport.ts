import type { Dispatcher } from 'undici';
import { readVendorObject, vendorHttp } from '../http.js';

/*
 * ASSUMPTION (VENDOR-NOTES: no public document describes the ZA module on 8867). SPEC only says
 * "command text", image colour 0, quality 80 and the code table of section 8. We speak what
 * sim-devices implements: POST / with a text body `VERB key=value ...` (verbs STATUS, VERSION,
 * CAPTURE, MERGE, MATCH) answered by JSON `{code, errorMsg, ...}`. Everything about the wire lives in
 * this file, so a capture of the real module can replace it without touching the rest of the bridge.
 */

export type ZaVerb = 'STATUS' | 'VERSION' | 'CAPTURE' | 'MERGE' | 'MATCH';

/** SPEC section 7: image colour 0, quality 80. */
export const ZA_CAPTURE_ARGS = { imageColor: '0', quality: '80' } as const;

/** `VERB k=v k=v`; values are base64 or digits, never containing spaces. */
export function encodeCommand(verb: ZaVerb, args: Record<string, string> = {}): string {
  const pairs = Object.entries(args).map(([key, value]) => {
    if (/[\s&]/.test(value) || /[\s&=]/.test(key))
      throw new TypeError(`ZA argument ${key} holds a separator`);
    return `${key}=${value}`;
  });
  return [verb, ...pairs].join(' ');
}

export interface ZaAnswer {
  /** `code`, as sent (number or numeric string); interpretZaCode reads it. */
  code: unknown;
  message: string | undefined;
  fields: Record<string, unknown>;
}

export interface ZaTransportOptions {
  baseUrl: string;
  dispatcher?: Dispatcher;
  maxBytes: number;
}

export async function zaCommand(
  options: ZaTransportOptions,
  verb: ZaVerb,
  args: Record<string, string>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<ZaAnswer> {
  const response = await vendorHttp({
    vendor: 'za',
    operation: verb,
    url: `${options.baseUrl}/`,
    method: 'POST',
    body: encodeCommand(verb, args),
    contentType: 'text/plain; charset=utf-8',
    timeoutMs,
    signal,
    dispatcher: options.dispatcher,
    maxBytes: options.maxBytes,
  });
  const fields = readVendorObject('za', verb, response);
  const message = fields.errorMsg ?? fields.message ?? fields.msg;
  return {
    code: fields.code ?? fields.ret,
    message: typeof message === 'string' ? message : undefined,
    fields,
  };
}
