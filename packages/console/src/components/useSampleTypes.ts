import type { DataOf } from '@trialab/api-contract';
import type { Contract } from '../services/contract';
import { REFERENCE_STALE_MS, useEndpointQuery } from '../services/query';

type SampleType = DataOf<Contract['system']['sampleTypeAll']>[number];
const NONE: SampleType[] = [];

/** All sample types (reference data: asked again after a few minutes). */
export function useSampleTypes(): SampleType[] {
  const query = useEndpointQuery(
    (c) => c.system.sampleTypeAll,
    { body: {} },
    { staleTime: REFERENCE_STALE_MS },
  );
  return query.data?.data ?? NONE;
}
