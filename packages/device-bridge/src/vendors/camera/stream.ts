import { BridgeError, ErrorCode } from '@trialab/device-protocol';
import { type Dispatcher, request } from 'undici';
import { boundaryOf } from '../../stream/multipart.js';
import { readVendorObject } from '../http.js';
import { expectSuccess } from './payloads.js';

export interface CameraStreamResponse {
  /** The multipart boundary from the answer's Content-Type (never hard-coded: VENDOR-NOTES). */
  boundary: string;
  body: AsyncIterable<unknown> & { destroy(): unknown };
}

/**
 * GET a camera's MJPEG stream. When the service streams, the boundary and the body; when it answers
 * with its JSON envelope instead (camera not open, not connected), that answer as a typed error with
 * `failure` as the code. Transport failures are thrown as they come (callers translate them).
 */
export async function requestCameraStream(
  url: string,
  options: { dispatcher: Dispatcher; signal: AbortSignal; headersTimeoutMs: number; failure: ErrorCode },
): Promise<CameraStreamResponse> {
  const response = await request(url, {
    method: 'GET',
    signal: options.signal,
    dispatcher: options.dispatcher,
    headersTimeout: options.headersTimeoutMs,
    bodyTimeout: 0,
  });
  const type = response.headers['content-type'];
  const boundary = boundaryOf(Array.isArray(type) ? type[0] : type);
  if (boundary) return { boundary, body: response.body };
  const text = await response.body.text();
  const answer = readVendorObject('camera', 'video=stream', {
    status: response.statusCode,
    contentType: String(type),
    text,
  });
  expectSuccess(answer, options.failure, 'video=stream');
  throw new BridgeError(ErrorCode.VENDOR_MALFORMED, 'camera video=stream: not an MJPEG stream', {
    details: { vendor: 'camera', operation: 'video=stream' },
  });
}
