/**
 * Server state: one TanStack Query cache behind a client typed from the contract's endpoint
 * declarations. A page reads with `useEndpointQuery((c) => c.group.name, input)` and writes with
 * `useEndpointMutation((c) => c.group.other, { invalidates: [(c) => c.group.name] })`; input and
 * answer types come from the declaration and `callEndpoint` (the signing request helper) stays the
 * one transport. Only the shell and pages import this module: it is not in /login's chunk graph.
 */

import {
  QueryClient,
  QueryClientContext,
  type QueryKey,
  queryOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import type { DataOf, EndpointDef } from '@trialab/api-contract';
import { useContext } from 'react';
import { type Contract, contract } from './contract';
import { type CallInput, callEndpoint } from './endpoint';
import { type Envelope, RequestError, type RequestOptions } from './request';

/** Picks a declaration out of the (lazily loaded) contract, e.g. `(c) => c.labQuery.get`. */
export type EndpointPick<E extends EndpointDef = EndpointDef> = (api: Contract) => E;
type Extra = Omit<RequestOptions, 'url' | 'method' | 'data'>;

/**
 * The declaration's place in the contract (`labQuery.get`), read without loading the contract:
 * the pick runs on a proxy that records the property names it reads.
 */
export function endpointName(pick: EndpointPick): string {
  const path: string[] = [];
  const recorder: object = new Proxy(
    {},
    {
      get(_, name) {
        path.push(String(name));
        return recorder;
      },
    },
  );
  pick(recorder as Contract);
  return path.join('.');
}

/** The cache key of an endpoint's answers: every input under the endpoint's prefix. */
export function endpointKey<E extends EndpointDef>(pick: EndpointPick<E>, input?: CallInput<E>): QueryKey {
  const prefix = ['endpoint', endpointName(pick)];
  return input === undefined ? prefix : [...prefix, input];
}

/** Errors of endpoints that change state: a query over them is never repeated on its own. */
const notRepeatable = new WeakSet<object>();

/**
 * Retry a failed read at most twice, and only when the server may answer next time (no answer,
 * or 5xx). Never an envelope error (4xx, business code, session), nor an endpoint that mutates.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2 || !(error instanceof RequestError) || notRepeatable.has(error)) return false;
  if (error.kind === 'network') return true;
  return (error.kind === 'http' || error.kind === 'business') && (error.status ?? 0) >= 500;
}

/** Reference data (sample types, the projects and sites in scope) changes rarely. */
export const REFERENCE_STALE_MS = 5 * 60_000;

/** The console's cache defaults: a lab screen shows what it loaded until it is changed or reloaded. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // An answer prefetched at a menu click is used by the page; older ones are asked again
        // when a page mounts (lists also reload on search and after the writes that change them).
        staleTime: 5_000,
        gcTime: 5 * 60_000,
        // Many tabs are kept alive: focus and reconnect must not fire a storm of requests.
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: shouldRetry,
      },
      // A write is never repeated without the user.
      mutations: { retry: false },
    },
  });
}

/** The one cache of the running console (the shell provides it; prefetch on menu click uses it). */
export const queryClient = createQueryClient();

/**
 * The cache the hooks use: the provider's (the shell provides `queryClient`; a test its own), or
 * the console's one where no provider is above (a dialog rendered outside the shell).
 */
export function useConsoleQueryClient(): QueryClient {
  return useContext(QueryClientContext) ?? queryClient;
}

/** Key and loader of one endpoint call, for `useQuery`, `prefetchQuery` and `fetchQuery`. */
export function endpointQuery<E extends EndpointDef>(
  pick: EndpointPick<E>,
  input: CallInput<E> = {},
  extra?: Extra,
) {
  return queryOptions<Envelope<DataOf<E>>>({
    queryKey: endpointKey(pick, input),
    // No abort signal: a superseded answer is dropped by the cache, and a request is never cut.
    queryFn: async () => {
      try {
        return await callEndpoint(pick, input, extra);
      } catch (error) {
        if (error instanceof Object && (await contract().then((api) => pick(api).mutates))) {
          notRepeatable.add(error);
        }
        throw error;
      }
    },
  });
}

export interface EndpointQueryOptions<E extends EndpointDef>
  extends Omit<UseQueryOptions<Envelope<DataOf<E>>>, 'queryKey' | 'queryFn'> {
  /** Request helper flags (e.g. `acceptStatus`). */
  request?: Extra;
}

/**
 * Reads an endpoint: the answer (envelope) for the latest input only, shared by every component
 * asking the same endpoint with the same input.
 */
export function useEndpointQuery<E extends EndpointDef>(
  pick: EndpointPick<E>,
  input: CallInput<E> = {},
  options: EndpointQueryOptions<E> = {},
) {
  const { request, ...rest } = options;
  return useQuery({ ...endpointQuery(pick, input, request), ...rest }, useConsoleQueryClient());
}

/**
 * Marks every cached answer of these endpoints stale; the ones on screen load again.
 * A first load still in flight is dropped before: TanStack would otherwise let the refetch join
 * it, and an answer read before the write committed would stand as fresh (it only cancels a
 * running fetch that already has data).
 */
export async function invalidateEndpoints(
  client: QueryClient,
  picks: readonly EndpointPick[],
): Promise<void> {
  await Promise.all(
    picks.map(async (pick) => {
      const queryKey = endpointKey(pick);
      await client.cancelQueries({
        queryKey,
        predicate: (query) => query.state.data === undefined && query.state.fetchStatus === 'fetching',
      });
      await client.invalidateQueries({ queryKey });
    }),
  );
}

/**
 * Writes through an endpoint. `invalidates` names the reads the write changes: after success their
 * answers are stale and the ones on screen are loaded again (before `mutateAsync` resolves).
 */
export function useEndpointMutation<E extends EndpointDef>(
  pick: EndpointPick<E>,
  options: { invalidates?: readonly EndpointPick[]; request?: Extra } = {},
) {
  const client = useConsoleQueryClient();
  return useMutation(
    {
      mutationKey: endpointKey(pick),
      mutationFn: (input: CallInput<E>) => callEndpoint(pick, input, options.request),
      onSuccess: () => invalidateEndpoints(client, options.invalidates ?? []),
    },
    client,
  );
}
