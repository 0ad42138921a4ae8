import type { DataOf, EndpointDef, ParamsOf } from '@trialab/api-contract';
import { useEffect } from 'react';
import { type EndpointPick, useEndpointQuery } from '../../services/query';

/**
 * The record a detail dialog shows, read through `endpoint` (a `/{id}` read): loaded when `id` is
 * set, cleared when it changes or goes. Each opening asks the server (a record may have changed
 * since): a cached answer is not shown. A failed load closes the dialog (the request helper has
 * shown why); an answer for an id the dialog no longer shows is never shown.
 */
export function useDetail<E extends EndpointDef>(
  id: number | null,
  endpoint: EndpointPick<E>,
  onClose: () => void,
): DataOf<E> | null {
  const query = useEndpointQuery(
    endpoint,
    { params: { id: id ?? 0 } as ParamsOf<E> },
    {
      enabled: id !== null,
      staleTime: 0,
      refetchOnMount: 'always',
      retry: false,
    },
  );
  const failed = id !== null && query.isError && query.isFetchedAfterMount;
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);
  return id !== null && query.isFetchedAfterMount && query.isSuccess ? query.data.data : null;
}
