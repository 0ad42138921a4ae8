/** Calls of the portal report screens (report search, results, unblinding, inspection forms). */
import type { BodyOf, DataOf } from '@trialab/api-contract';
import type { Contract } from '../../services/contract';
import { contract } from '../../services/contract';
import { callEndpoint } from '../../services/endpoint';
import { download } from '../../services/request';
import { portalApi, postDownload } from './api';

type B<E> = BodyOf<E>;
type Api = Contract['portalReport'];

export type PortalReportRow = DataOf<Api['paging']>[number];
export type ChargebackRow = DataOf<Api['chargebacks']>[number];
export type RejectionRow = DataOf<Api['rejections']>[number];
export type ResultRow = DataOf<Api['results']>[number];
export type UnblindingRow = DataOf<Api['unblinding']>[number];
export type InspectionRow = DataOf<Api['inspections']>[number];

export const reportsApi = {
  projects: portalApi.projects,
  sites: portalApi.sites,
  reportPdf: async (id: number, fileName: string) => {
    const api = await contract();
    await download(api.endpointUrl(api.portalReport.pdf, { id }), fileName);
  },
  chargebackRespond: (id: number, body: B<Api['respond']>) =>
    callEndpoint((c) => c.portalReport.respond, { params: { id }, body }),
  markRead: (ids: number[]) => callEndpoint((c) => c.portalReport.markRead, { body: { ids } }),
  resultExport: (body: B<Api['exportResults']>, fileName: string) =>
    postDownload((c) => c.portalReport.exportResults, body, fileName),
};
