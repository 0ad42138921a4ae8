import {
  IDEMPOTENCY_HEADERS,
  ResultCode,
  SIGNING_HEADERS,
  serializeQuery,
} from '@trialab/api-contract/signing';
import { AxiosError, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { headerLanguage } from '../../locales/lang';
import { type Envelope, type Method, type RequestDeps, RequestError } from './types';

type Config = InternalAxiosRequestConfig;

const KNOWN: readonly Method[] = ['GET', 'POST', 'PUT', 'DELETE'];

export function normalizeMethod(method: string | undefined): Method {
  const upper = (method ?? 'GET').toUpperCase();
  return (KNOWN as readonly string[]).includes(upper) ? (upper as Method) : 'GET';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** GET and DELETE send their parameters as query, POST and PUT as body; other methods become GET. */
export function placeParams(config: Config): Config {
  const method = normalizeMethod(config.method);
  config.method = method;
  if (method === 'GET' || method === 'DELETE') {
    if (config.data !== undefined && config.data !== null) {
      config.params = isPlainObject(config.data) ? { ...config.params, ...config.data } : config.params;
    }
    config.data = undefined;
  }
  return config;
}

/** Trims the top-level string parameters unless the call opts out (arrays are left alone). */
export function trimParams(config: Config): Config {
  if (config.skipTrim) return config;
  const trim = (value: unknown) => {
    if (!isPlainObject(value)) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, typeof item === 'string' ? item.trim() : item]),
    );
  };
  config.params = trim(config.params);
  config.data = trim(config.data);
  return config;
}

/** Session header; a protected call without a session is refused before it leaves. */
export function attachSession(deps: RequestDeps) {
  return (config: Config): Config => {
    const authorization = deps.getAuthorization();
    if (authorization) {
      config.headers.set('Authorization', authorization);
    } else if (!config.public) {
      deps.notifyWarning(deps.translate('request.sessionExpired'));
      deps.onUnauthorized();
      throw new RequestError(deps.translate('request.sessionExpired'), 'unauthorized', 401, undefined, true);
    }
    return config;
  };
}

/** The URL path as the server sees it (with the /api prefix, without the query). */
export function requestPath(config: Pick<Config, 'baseURL' | 'url'>): string {
  const joined = `${(config.baseURL ?? '').replace(/\/$/, '')}${config.url ?? ''}`;
  return new URL(joined, 'http://console.invalid').pathname;
}

/** The browser's IANA time zone (e.g. Asia/Shanghai); undefined where Intl cannot tell. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * lang, tz (informational, like lang: not signed), timestamp, nonce, Content-MD5 (POST and PUT) and Signature;
 * state-changing calls (POST, PUT, DELETE) also carry an Idempotency-Key (not signed, docs/api.md),
 * made once per call and kept for its retries. The body is serialised here
 * so that the hash covers exactly the bytes sent, and the query is written into the URL by the
 * contract's serialiser, so the canonical query equals the one sent.
 */
export function signRequest(deps: RequestDeps) {
  return async (config: Config): Promise<Config> => {
    // crypto-js arrives with the first call, not with /login.
    const { contentMd5, newNonce, signature } = await import('./signer');
    const names = SIGNING_HEADERS;
    const method = normalizeMethod(config.method);
    const headers = config.headers;
    headers.set(names.lang, headerLanguage(deps.getLanguage()));
    // The lang header is zh_CN or en_US (SPEC); from this the server answers zh-HK in Traditional Chinese.
    headers.set('Accept-Language', deps.getLanguage());
    const timeZone = deps.getTimeZone();
    if (timeZone) headers.set(names.timeZone, timeZone);
    const timestamp = String(deps.clock.now());
    const nonce = newNonce();
    headers.set(names.timestamp, timestamp);
    headers.set(names.nonce, nonce);
    if (method !== 'GET') {
      // randomUUID exists only in secure contexts; a console on plain HTTP gets random hex.
      config.idempotencyKey ??= typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : newNonce();
      headers.set(IDEMPOTENCY_HEADERS.key, config.idempotencyKey);
    }

    // A retried request (clock skew) comes back with its query already in the URL.
    config.queryParams ??= config.params as Record<string, unknown> | undefined;
    const params = config.queryParams;
    const query = serializeQuery(params);
    const path = requestPath(config);
    const bare = (config.url ?? '').split('?')[0] ?? '';
    config.url = query ? `${bare}?${query}` : bare;
    config.params = undefined;

    let md5 = '';
    if (method === 'POST' || method === 'PUT') {
      const isForm = typeof FormData !== 'undefined' && config.data instanceof FormData;
      if (isForm && config.fileMd5) {
        md5 = config.fileMd5;
        headers.set(names.contentMd5, md5);
      }
      if (!isForm) {
        const body =
          config.data === undefined || config.data === null
            ? ''
            : typeof config.data === 'string'
              ? config.data
              : JSON.stringify(config.data);
        config.data = body;
        // Sent as signed: axios's default transform would JSON-encode an empty string as `""`.
        config.transformRequest = [(data: unknown) => data];
        headers.set('Content-Type', 'application/json;charset=UTF-8');
        md5 = contentMd5(body);
        headers.set(names.contentMd5, md5);
      }
    }
    const key = deps.getSigningKey();
    if (key) {
      headers.set(
        names.signature,
        signature({ method, path, params, timestamp, nonce, contentMd5: md5, key }),
      );
    }
    return config;
  };
}

function envelopeOf(data: unknown): Envelope | undefined {
  if (typeof data === 'object' && data !== null && 'code' in data) return data as Envelope;
  return undefined;
}

/** HTTP 200 with body code 200 resolves with the envelope; anything else is SPEC section 8. */
export function handleResponse(deps: RequestDeps) {
  return (response: AxiosResponse): AxiosResponse | Promise<never> => {
    if (response.config.raw) return response;
    const body = envelopeOf(response.data);
    if (!body) return response;
    if (String(body.code) === '200') return response;
    // The test-item enable case: HTTP 400 accepted, body code '400' means "ignore the code".
    const ignore = response.config.ignoreCode || body.ignoreCode || body.code === '400';
    if (ignore) {
      return Promise.reject(
        new RequestError(body.msg ?? '', 'business', body.code, response.status, true, body.data),
      );
    }
    const message = body.msg || deps.translate('request.business');
    deps.notifyError(message);
    return Promise.reject(
      new RequestError(message, 'business', body.code, response.status, false, body.data),
    );
  };
}

/** Waits before each retry of a call that got no answer (the server restarting, a dropped connection). */
const NETWORK_RETRY_DELAYS_MS = [500, 2000];

/**
 * Whether a call that got no answer is sent again: only a state-changing one, whose idempotency key
 * makes the retry safe (the server answers the first answer if the first call committed), and not
 * after the timeout (the server may still be working on it).
 */
function retriesAfterNoAnswer(config: Config | undefined, error: AxiosError, delays: readonly number[]) {
  if (!config?.idempotencyKey) return false;
  if (error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT) return false;
  return (config.networkRetries ?? 0) < delays.length;
}

export function handleError(deps: RequestDeps, instance: AxiosInstance) {
  return async (error: unknown): Promise<AxiosResponse> => {
    if (error instanceof RequestError) throw error;
    if (!(error instanceof AxiosError)) {
      const message = error instanceof Error ? error.message : String(error);
      deps.notifyError(message);
      throw new RequestError(message, 'setup');
    }
    if (error.code === AxiosError.ERR_CANCELED) {
      throw new RequestError(error.message, 'cancelled', undefined, undefined, true);
    }
    const config = error.config;
    const response = error.response;
    if (!response) {
      const delays = deps.networkRetryDelaysMs ?? NETWORK_RETRY_DELAYS_MS;
      if (error.request && config && retriesAfterNoAnswer(config, error, delays)) {
        const attempt = config.networkRetries ?? 0;
        config.networkRetries = attempt + 1;
        await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
        return instance.request(config);
      }
      if (error.request) {
        const message = deps.translate('request.network');
        deps.notifyError(message);
        throw new RequestError(message, 'network');
      }
      deps.notifyError(error.message);
      throw new RequestError(error.message, 'setup');
    }
    const body = envelopeOf(response.data);
    if (response.status === 401) {
      deps.onUnauthorized();
      throw new RequestError(body?.msg ?? 'Unauthorized', 'unauthorized', body?.code ?? 401, 401, true);
    }
    // Clock skew: take the server's time and try once more with a fresh timestamp and nonce.
    if (config && !config.skewRetried && Number(body?.code) === ResultCode.TIMESTAMP_OUT_OF_WINDOW) {
      const serverTime = Number((body?.data as { serverTime?: unknown } | undefined)?.serverTime);
      if (Number.isFinite(serverTime)) {
        deps.clock.correct(serverTime);
        config.skewRetried = true;
        return instance.request(config);
      }
    }
    // 503: the database (body code 503) or the whole service is away for a while. Said from the
    // console's own tables: a proxy's 503 page carries no message of the server's.
    const unavailable =
      response.status === 503
        ? deps.translate(
            Number(body?.code) === ResultCode.SERVICE_UNAVAILABLE
              ? 'request.databaseUnavailable'
              : 'request.unavailable',
          )
        : undefined;
    const message = unavailable || body?.msg || deps.translate('request.validation');
    const silent = Boolean(config?.ignoreErrorMessage || config?.ignoreCode || body?.ignoreCode);
    if (!silent) deps.notifyError(message);
    throw new RequestError(
      message,
      'http',
      body?.code ?? response.status,
      response.status,
      silent,
      body?.data,
    );
  };
}

/** One axios instance with the interceptors in order; `deps` ties them to the app. */
export function installInterceptors(instance: AxiosInstance, deps: RequestDeps): AxiosInstance {
  // Axios runs request interceptors last-added first: add them in reverse order of execution.
  instance.interceptors.request.use(signRequest(deps));
  instance.interceptors.request.use(attachSession(deps));
  instance.interceptors.request.use(trimParams);
  instance.interceptors.request.use(placeParams);
  instance.interceptors.response.use(handleResponse(deps), handleError(deps, instance));
  return instance;
}

export function acceptsStatus(config: Pick<Config, 'acceptStatus'>, status: number): boolean {
  if (config.acceptStatus === 'any') return status >= 200;
  return (status >= 200 && status < 300) || (config.acceptStatus ?? []).includes(status);
}
