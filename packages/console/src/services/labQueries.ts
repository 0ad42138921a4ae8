/** Staff queries, bench feedback and the specimen log (/api/kmct), through the contract declarations. */
import type { BodyOf, DataOf } from '@trialab/api-contract';
import { postDownload } from '../pages/web/api';
import type { Contract } from './contract';
import { callEndpoint } from './endpoint';

type B<E> = BodyOf<E>;
export type StaffQueryRow = DataOf<Contract['labQuery']['paging']>[number];
export type StaffQueryDetail = DataOf<Contract['labQuery']['get']>;
export type SpecimenEvent = DataOf<Contract['specimenLog']['paging']>[number];
export type TestOrder = DataOf<Contract['testOrder']['get']>;

export const labQueriesApi = {
  queryGet: (id: number) => callEndpoint((c) => c.labQuery.get, { params: { id } }),
  shipments: (body: B<Contract['labQuery']['shipments']>) =>
    callEndpoint((c) => c.labQuery.shipments, { body }),
  queryCreate: (body: B<Contract['clarification']['create']>) =>
    callEndpoint((c) => c.clarification.create, { body }),
  queryClose: (id: number, version: number) =>
    callEndpoint((c) => c.clarification.close, { params: { id }, body: { version } }),
  queryReopen: (id: number, version: number, reason: string) =>
    callEndpoint((c) => c.labQuery.reopen, { params: { id }, body: { version, reason } }),
  logExport: (body: B<Contract['specimenLog']['export']>, fileName: string) =>
    postDownload((c) => c.specimenLog.export, body, fileName),
  testOrderGet: (id: number) => callEndpoint((c) => c.testOrder.get, { params: { id } }),
};
