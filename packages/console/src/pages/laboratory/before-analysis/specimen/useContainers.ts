import type { StorageContainer } from '@trialab/api-contract';
import { useCallback, useEffect, useState } from 'react';
import { specimenApi } from '../../../../services/specimen';

/** Enabled containers of enabled devices, for the put-in select; `reload` after storing. */
export function useContainers(): { containers: StorageContainer[]; reload(): Promise<void> } {
  const [containers, setContainers] = useState<StorageContainer[]>([]);
  const reload = useCallback(async () => {
    try {
      setContainers((await specimenApi.containerList({})).data);
    } catch {
      // Shown by the request helper.
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { containers, reload };
}
