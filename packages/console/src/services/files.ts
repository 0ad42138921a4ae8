/** Files the console saves from an endpoint (templates, exports): signed GET, saved under a name. */
import type { EndpointDef, ParamsOf } from '@trialab/api-contract';
import { contract } from './contract';
import type { EndpointPick } from './query';
import { download } from './request';

/** Downloads what a declared endpoint answers as a file (a binary body, not an envelope). */
export async function downloadEndpoint<E extends EndpointDef>(
  pick: EndpointPick<E>,
  fileName: string,
  params?: ParamsOf<E>,
): Promise<void> {
  const api = await contract();
  await download(api.endpointUrl(pick(api), (params ?? {}) as Record<string, string | number>), fileName);
}
