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
export type PortalReportDetail = DataOf<Api['get']>;
export type ChargebackRow = DataOf<Api['chargebacks']>[number];
export type ChargebackDetail = DataOf<Api['chargeback']>;
export type RejectionRow = DataOf<Api['rejections']>[number];
export type ResultRow = DataOf<Api['results']>[number];
export type UnblindingRow = DataOf<Api['unblinding']>[number];
export type InspectionRow = DataOf<Api['inspections']>[number];
export type InspectionDetail = DataOf<Api['inspection']>;

export const reportsApi = {
  projects: portalApi.projects,
  sites: portalApi.sites,
  reportPage: (body: B<Api['paging']>) => callEndpoint((c) => c.portalReport.paging, { body }),
  reportGet: (id: number) => callEndpoint((c) => c.portalReport.get, { params: { id } }),
  reportPdf: async (id: number, fileName: string) => {
    const api = await contract();
    await download(api.endpointUrl(api.portalReport.pdf, { id }), fileName);
  },
  chargebackPage: (body: B<Api['chargebacks']>) => callEndpoint((c) => c.portalReport.chargebacks, { body }),
  chargebackGet: (id: number) => callEndpoint((c) => c.portalReport.chargeback, { params: { id } }),
  chargebackRespond: (id: number, body: B<Api['respond']>) =>
    callEndpoint((c) => c.portalReport.respond, { params: { id }, body }),
  rejectionPage: (body: B<Api['rejections']>) => callEndpoint((c) => c.portalReport.rejections, { body }),
  markRead: (ids: number[]) => callEndpoint((c) => c.portalReport.markRead, { body: { ids } }),
  resultPage: (body: B<Api['results']>) => callEndpoint((c) => c.portalReport.results, { body }),
  resultExport: (body: B<Api['exportResults']>, fileName: string) =>
    postDownload((c) => c.portalReport.exportResults, body, fileName),
  unblindingPage: (body: B<Api['unblinding']>) => callEndpoint((c) => c.portalReport.unblinding, { body }),
  inspectionPage: (body: B<Api['inspections']>) => callEndpoint((c) => c.portalReport.inspections, { body }),
  inspectionGet: (id: number) => callEndpoint((c) => c.portalReport.inspection, { params: { id } }),
};
