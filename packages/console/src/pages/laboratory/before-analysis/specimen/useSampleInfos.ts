import { useQueries } from '@tanstack/react-query';
import type { DataOf } from '@trialab/api-contract';
import type { Contract } from '../../../../services/contract';
import { endpointQuery, useConsoleQueryClient } from '../../../../services/query';

export type SampleInfo = DataOf<Contract['tempStorage']['sampleInfo']>;

/**
 * What the server knows of each scanned barcode (state, storage condition, where it is stored):
 * one cached read per code; a code not (yet) identified has no entry.
 */
export function useSampleInfos(barcodes: readonly string[]): Map<string, SampleInfo> {
  const answers = useQueries(
    {
      queries: barcodes.map((barcode) =>
        endpointQuery((c) => c.tempStorage.sampleInfo, { body: { barcode } }),
      ),
    },
    useConsoleQueryClient(),
  );
  const infos = new Map<string, SampleInfo>();
  barcodes.forEach((barcode, i) => {
    const info = answers[i]?.data?.data;
    if (info) infos.set(barcode, info);
  });
  return infos;
}
