import {
  BridgeError,
  connectionFailureError,
  ErrorCode,
  type Vendor,
  type VendorErrorDetails,
} from '@trialab/device-protocol';
import { type Dispatcher, request } from 'undici';

/**
 * Every vendor request goes through here: an explicit timeout (SPEC section 9) that aborts the
 * upstream request, the caller's signal (connection closed, capture cancelled), a cap on the answer's
 * size, and one translation of transport failures into typed errors.
 */
export interface VendorHttpOptions {
  vendor: Vendor;
  /** Which vendor operation, for error details and logs (never personal data). */
  operation: string;
  url: string;
  method: 'GET' | 'POST';
  body?: string;
  contentType?: string;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  dispatcher?: Dispatcher | undefined;
  maxBytes: number;
}

export interface VendorHttpResponse {
  status: number;
  contentType: string;
  text: string;
}

function details(vendor: Vendor, extra: Record<string, unknown>): Record<string, unknown> {
  const base: VendorErrorDetails = { vendor };
  return { ...base, ...extra };
}

/** What went wrong, from the signals first: an abort surfaces as many different error types. */
export function translateFailure(
  error: unknown,
  options: Pick<VendorHttpOptions, 'vendor' | 'operation' | 'timeoutMs'>,
  timeout: AbortSignal,
  caller: AbortSignal | undefined,
): BridgeError {
  if (error instanceof BridgeError) return error;
  const { vendor, operation, timeoutMs } = options;
  if (timeout.aborted) {
    return new BridgeError(
      ErrorCode.TIMEOUT,
      `${vendor} ${operation} did not answer within ${timeoutMs} ms`,
      {
        details: details(vendor, { operation, timeoutMs }),
      },
    );
  }
  if (caller?.aborted) {
    const reason: unknown = caller.reason;
    if (reason instanceof BridgeError) return reason;
    return new BridgeError(ErrorCode.CANCELLED, `${vendor} ${operation} cancelled`, {
      details: details(vendor, { operation }),
    });
  }
  const payload = connectionFailureError(vendor);
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
  return new BridgeError(payload.code, payload.message, {
    details: { ...payload.details, operation, ...(code ? { cause: code } : {}) },
    cause: error,
  });
}

export async function vendorHttp(options: VendorHttpOptions): Promise<VendorHttpResponse> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    const headers: Record<string, string> = { accept: 'application/json, text/plain, */*' };
    if (options.contentType) headers['content-type'] = options.contentType;
    const response = await request(options.url, {
      method: options.method,
      headers,
      ...(options.body !== undefined ? { body: options.body } : {}),
      signal,
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
      // The overall timeout above governs; these only must not fire first.
      headersTimeout: options.timeoutMs + 1_000,
      bodyTimeout: options.timeoutMs + 1_000,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > options.maxBytes) {
        response.body.destroy();
        throw new BridgeError(
          ErrorCode.VENDOR_MALFORMED,
          `${options.vendor} answer larger than ${options.maxBytes} bytes`,
          {
            details: details(options.vendor, { operation: options.operation }),
          },
        );
      }
      chunks.push(buffer);
    }
    const type = response.headers['content-type'];
    return {
      status: response.statusCode,
      contentType: (Array.isArray(type) ? type[0] : type) ?? '',
      text: Buffer.concat(chunks).toString('utf8'),
    };
  } catch (error) {
    throw translateFailure(error, options, timeout, options.signal);
  }
}

/** An answer the vendor sent that we cannot read: typed, with the vendor and the operation, no body. */
export function malformed(
  vendor: Vendor,
  operation: string,
  why: string,
  vendorMessage?: { cn: string; en: string },
): BridgeError {
  return new BridgeError(ErrorCode.VENDOR_MALFORMED, `${vendor} ${operation}: ${why}`, {
    details: details(vendor, { operation, ...(vendorMessage ? { vendorMessage } : {}) }),
  });
}

/**
 * Reads a vendor answer as a JSON object. Tolerates a BOM, surrounding junk whitespace and the XML
 * that some camera-service builds send (flat elements only); anything else is VENDOR_MALFORMED.
 */
export function readVendorObject(
  vendor: Vendor,
  operation: string,
  response: VendorHttpResponse,
): Record<string, unknown> {
  if (response.status >= 400) {
    throw new BridgeError(ErrorCode.VENDOR_ERROR, `${vendor} ${operation}: HTTP ${response.status}`, {
      details: details(vendor, { operation, httpStatus: response.status }),
    });
  }
  const text = response.text.replace(/^\uFEFF/, '').trim();
  if (text.startsWith('<')) {
    const xml = readFlatXml(text);
    if (xml) return xml;
    throw malformed(vendor, operation, 'unreadable XML answer');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw malformed(vendor, operation, 'answer is not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw malformed(vendor, operation, 'answer is not a JSON object');
  }
  return value as Record<string, unknown>;
}

/** `<root><code>0</code><video0>ok</video0></root>` to `{code:"0", video0:"ok"}`; nested elements are skipped. */
export function readFlatXml(text: string): Record<string, unknown> | undefined {
  const body = text.replace(/^<\?xml[^>]*\?>\s*/, '');
  const root = /^<([A-Za-z_][\w.-]*)[^>]*>([\s\S]*)<\/\1>\s*$/.exec(body);
  if (!root?.[2]) return undefined;
  const out: Record<string, unknown> = {};
  const leaf = /<([A-Za-z_][\w.-]*)[^>]*>([^<]*)<\/\1>/g;
  for (const match of root[2].matchAll(leaf)) {
    const [, name, value] = match;
    if (name && !(name in out)) out[name] = decodeXml(value ?? '');
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function decodeXml(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Vendor values are strings, numbers, or missing: read them as trimmed strings. */
export function str(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Base64 as vendors send it: possibly with a `data:` prefix, line breaks or spaces, which we drop. */
export function cleanBase64(value: unknown): string | undefined {
  const text = str(value);
  if (!text) return undefined;
  const bare = text.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  return /^[A-Za-z0-9+/]+={0,2}$/.test(bare) && bare.length % 4 === 0 ? bare : undefined;
}

/** Anything thrown inside the bridge as a typed error; unknown faults become INTERNAL (message not kept: it may hold data). */
export function asBridgeError(error: unknown): BridgeError {
  return error instanceof BridgeError
    ? error
    : new BridgeError(ErrorCode.INTERNAL, undefined, { cause: error });
}
