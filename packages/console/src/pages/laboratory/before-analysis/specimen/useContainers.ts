import type { StorageContainer } from '@trialab/api-contract';
import { useEndpointQuery } from '../../../../services/query';

/** Enabled containers of enabled devices, for the put-in select (storing marks the list stale). */
export function useContainers(): StorageContainer[] {
  return useEndpointQuery((c) => c.tempStorage.containerList, { body: {} }).data?.data ?? [];
}
