import type { DataOf } from '@trialab/api-contract';
import { useEffect, useState } from 'react';
import type { Contract } from '../../services/contract';
import { callEndpoint } from '../../services/endpoint';

type SampleType = DataOf<Contract['system']['sampleTypeAll']>[number];
let cache: Promise<SampleType[]> | undefined;

/** All sample types (loaded once per page load; they change rarely). */
export function useSampleTypes(): SampleType[] {
  const [types, setTypes] = useState<SampleType[]>([]);
  useEffect(() => {
    cache ??= callEndpoint((c) => c.system.sampleTypeAll, { body: {} }).then(
      (r) => r.data,
      () => {
        cache = undefined;
        return [];
      },
    );
    let live = true;
    void cache.then((list) => live && setTypes(list));
    return () => {
      live = false;
    };
  }, []);
  return types;
}
