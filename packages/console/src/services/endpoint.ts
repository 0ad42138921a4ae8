import type { BodyOf, DataOf, EndpointDef, ParamsOf, QueryOf } from '@trialab/api-contract';
import { type Contract, contract } from './contract';
import { client, download, type Envelope, fetchFile, type RequestOptions, request } from './request';

type Extra = Omit<RequestOptions, 'url' | 'method' | 'data'>;

export interface CallInput<E extends EndpointDef> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
}

/**
 * Calls an endpoint declared in @trialab/api-contract: path, method and whether a session is
 * needed come from the one declaration the server registers too. The endpoint is picked from the
 * (lazily loaded) contract, e.g. `callEndpoint((c) => c.auth.login, { body })`.
 */
export function callEndpoint<E extends EndpointDef>(
  ...call: Parameters<typeof sendToServer<E>>
): Promise<Envelope<DataOf<E>>> {
  return endpoints.call(...call);
}

/**
 * Calls an endpoint that answers a file (xlsx, pdf, zip) and saves it under `fileName`, e.g.
 * `downloadEndpoint((c) => c.consumable.export, { body: filter }, 'orders.xlsx')`.
 */
export function downloadEndpoint<E extends EndpointDef>(
  ...call: Parameters<typeof saveFromServer<E>>
): Promise<void> {
  return endpoints.download(...call);
}

/**
 * Calls an endpoint that answers a file and hands it back as a blob, to show in the page (a PDF
 * in `PdfViewer`): `fileEndpoint((c) => c.projectReports.pdf, { params: { id } })`.
 */
export function fileEndpoint<E extends EndpointDef>(
  ...call: Parameters<typeof fetchFromServer<E>>
): Promise<Blob> {
  return endpoints.file(...call);
}

async function sendToServer<E extends EndpointDef>(
  pick: (api: Contract) => E,
  input: CallInput<E> = {},
  extra: Extra = {},
): Promise<Envelope<DataOf<E>>> {
  // The contract and the HTTP client are lazy chunks: both download at once on the first call.
  const [api] = await Promise.all([contract(), client()]);
  const endpoint = pick(api);
  const url = api.endpointUrl(endpoint, (input.params ?? {}) as Record<string, string | number>);
  const isQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  return request<DataOf<E>>({
    ...extra,
    url,
    method: endpoint.method,
    data: isQuery ? input.query : input.body,
    public: endpoint.access === 'public',
  });
}

/** Where a file endpoint's call goes: its address, its parameters (query or body) and method. */
async function fileRequest<E extends EndpointDef>(pick: (api: Contract) => E, input: CallInput<E>) {
  const [api] = await Promise.all([contract(), client()]);
  const endpoint = pick(api);
  const url = api.endpointUrl(endpoint, (input.params ?? {}) as Record<string, string | number>);
  const isQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  return [url, (isQuery ? input.query : input.body) as object | undefined, endpoint.method] as const;
}

async function saveFromServer<E extends EndpointDef>(
  pick: (api: Contract) => E,
  input: CallInput<E>,
  fileName: string,
): Promise<void> {
  const [url, params, method] = await fileRequest(pick, input);
  await download(url, fileName, params, method);
}

async function fetchFromServer<E extends EndpointDef>(
  pick: (api: Contract) => E,
  input: CallInput<E>,
): Promise<Blob> {
  const [url, params, method] = await fileRequest(pick, input);
  return fetchFile(url, params, method);
}

/**
 * Where every endpoint call of the console goes: the server. The one seam for tests, which put a
 * fake here (`fakeEndpoints()` in src/test/fakes.ts) instead of mocking this module, so test files
 * can share a worker's modules; the test set-up puts the server back before each file.
 */
export const endpoints = { call: sendToServer, download: saveFromServer, file: fetchFromServer };
