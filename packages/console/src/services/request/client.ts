/** The axios instance with its interceptors: loaded on demand through ./index.ts (`client()`). */
import axios from 'axios';
import { HTTP_TIMEOUT_MS } from '../../config';
import { currentLanguage, t } from '../../locales';
import { getAuthorization } from '../../utils/cookie';
import { appEvents } from '../../utils/events';
import { feedback } from '../../utils/feedback';
import { saveBlob } from '../../utils/saveBlob';
import { readText, STORAGE_KEYS } from '../../utils/storage';
import { createClock } from './clock';
import { acceptsStatus, browserTimeZone, installInterceptors, normalizeMethod } from './interceptors';
import type { Envelope, Method, RequestDeps, RequestOptions } from './types';

export const clock = createClock();

export const requestDeps: RequestDeps = {
  getAuthorization,
  getSigningKey: () => readText(STORAGE_KEYS.signingKey),
  getLanguage: currentLanguage,
  getTimeZone: browserTimeZone,
  notifyError: feedback.error,
  notifyWarning: feedback.warning,
  onUnauthorized: () => appEvents.emit('unauthorized', undefined),
  translate: (key) => t(key),
  clock,
};

/** The one axios instance (SPEC section 7); base address from VITE_API_BASE, 5-minute timeout. */
export const http = installInterceptors(
  axios.create({ baseURL: import.meta.env.VITE_API_BASE ?? '', timeout: HTTP_TIMEOUT_MS }),
  requestDeps,
);

/** Calls the API: see `request` in ./index.ts, which loads this module. */
export async function request<T = unknown>(options: RequestOptions): Promise<Envelope<T>> {
  const { method, ...rest } = options;
  const response = await http.request<Envelope<T>>({
    ...rest,
    method: normalizeMethod(method),
    validateStatus: (status) => acceptsStatus(options, status),
  });
  return response.data;
}

/** A file the server answers, as a blob (to show it in the page: a PDF in a viewer). */
export async function fetchFile(url: string, params?: object, method: Method = 'GET'): Promise<Blob> {
  const response = await http.request<Blob>({
    url,
    method,
    data: params,
    responseType: 'blob',
    raw: true,
  });
  return response.data;
}

/** File download (SPEC section 7): see `download` in ./index.ts, which loads this module. */
export async function download(
  url: string,
  fileName: string,
  params?: object,
  method: Method = 'GET',
): Promise<void> {
  saveBlob(await fetchFile(url, params, method), fileName);
}
