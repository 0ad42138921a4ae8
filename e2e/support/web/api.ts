// Signed API calls from the test process with the session of a user who logged in through the
// browser (token from the cookie, signing key from local storage): how staff-side steps without a
// portal screen (dispatch) are driven. The canonical string and paths are the contract's.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import {
  canonicalString,
  type EndpointDef,
  endpointUrl,
  queryPairs,
  serializeQuery,
} from '../../../packages/api-contract/src/index.ts';

export interface ApiSession {
  baseUrl: string;
  token: string;
  signingKey: string;
}

/** The API session of a logged-in browser context. */
export async function apiSession(context: BrowserContext, baseUrl: string): Promise<ApiSession> {
  const state = await context.storageState();
  const cookie = state.cookies.find((c) => c.name === 'Authorization');
  const origin = state.origins.find((o) => baseUrl.startsWith(o.origin));
  const key = origin?.localStorage.find((item) => item.name === 'admin.signingKey')?.value;
  if (!cookie || !key) throw new Error('the context has no logged-in session');
  const token = decodeURIComponent(cookie.value).replace(/^Bearer\s+/, '');
  // The console may keep the key JSON-encoded.
  const signingKey = key.startsWith('"') ? (JSON.parse(key) as string) : key;
  return { baseUrl, token, signingKey };
}

export async function apiCall<T>(
  session: ApiSession,
  endpoint: EndpointDef,
  input: { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown } = {},
): Promise<{ code: number; msg: string; data: T }> {
  const path = endpointUrl(endpoint, input.params);
  const hasBody = endpoint.method === 'POST' || endpoint.method === 'PUT';
  const body = hasBody ? JSON.stringify(input.body ?? {}) : undefined;
  const timestamp = String(Date.now());
  const nonce = randomBytes(16).toString('hex');
  const contentMd5 = body === undefined ? '' : createHash('md5').update(body).digest('base64');
  const canonical = canonicalString({
    method: endpoint.method,
    path,
    query: queryPairs(input.query),
    timestamp,
    nonce,
    contentMd5,
  });
  const signature = createHmac('sha256', Buffer.from(session.signingKey, 'base64'))
    .update(canonical)
    .digest('base64');
  const query = serializeQuery(input.query);
  const response = await fetch(`${session.baseUrl}${path}${query ? `?${query}` : ''}`, {
    method: endpoint.method,
    headers: {
      authorization: `Bearer ${session.token}`,
      lang: 'zh_CN',
      timestamp,
      nonce,
      Signature: signature,
      ...(body === undefined ? {} : { 'content-type': 'application/json', 'Content-MD5': contentMd5 }),
    },
    ...(body === undefined ? {} : { body }),
  });
  return (await response.json()) as { code: number; msg: string; data: T };
}
