import type { Envelope, RequestOptions } from './types';

export { type Envelope, RequestError, type RequestOptions } from './types';

/**
 * The HTTP client (axios, its interceptors and the request clock, `./client`) is a chunk of its own:
 * /login draws without it (57 KB of script less to compile and run before the form takes input), and
 * it arrives with the first call to the server, beside the contract (services/endpoint.ts).
 */
type Client = typeof import('./client');

let loading: Promise<Client> | undefined;

export function client(): Promise<Client> {
  loading ??= import('./client');
  return loading;
}

/** Calls the API; resolves with the envelope when HTTP 200 carries code 200. */
export async function request<T = unknown>(options: RequestOptions): Promise<Envelope<T>> {
  return (await client()).request<T>(options);
}

// No helpers taking a literal URL: every call goes through a contract declaration
// (services/endpoint.ts callEndpoint, or api.endpointUrl for files).

/**
 * File download (SPEC section 7): fetch as a blob and save under the given name. `params` are the
 * query of a GET, the body of a POST (an export with the list's filter).
 */
export async function download(...args: Parameters<Client['download']>): Promise<void> {
  return (await client()).download(...args);
}

/** A file the server answers, as a blob (shown in the page rather than saved). */
export async function fetchFile(...args: Parameters<Client['fetchFile']>): Promise<Blob> {
  return (await client()).fetchFile(...args);
}
