/** Account applications, shared documents and the staff lists of the portal workflows. */
import type { BodyOf, DataOf, SharedDocumentKind } from '@trialab/api-contract';
import type { Contract } from './contract';
import { contract } from './contract';
import { callEndpoint } from './endpoint';
import { uploadFile } from './lab';
import { download } from './request';

type B<E> = BodyOf<E>;
type Docs = Contract['sharedDocOriginal'];

export type ApplicationRow = DataOf<Contract['accountApplication']['paging']>[number];
export type ApplicationDetail = DataOf<Contract['accountApplication']['get']>;
export type ApplicationInput = B<Contract['accountApplication']['create']>;
export type DocRow = DataOf<Docs['paging']>[number];
export type DocDetail = DataOf<Docs['staffGet']>;
export type DownloadLogRow = DataOf<Docs['log']>[number];
export type StaffShipmentRow = DataOf<Contract['staffShipment']['paging']>[number];
export type StaffShipmentDetail = DataOf<Contract['staffShipment']['get']>;
export type StaffOrderRow = DataOf<Contract['consumable']['staffPaging']>[number];
export type LogisticsList = DataOf<Contract['logisticsOrder']['distributionList']>;

const docs = (c: Contract, kind: SharedDocumentKind): Docs =>
  kind === 'original' ? c.sharedDocOriginal : (c.sharedDocPublic as unknown as Docs);

export const accountApi = {
  roles: () => callEndpoint((c) => c.accountApplication.roles),
  page: (body: B<Contract['accountApplication']['paging']>) =>
    callEndpoint((c) => c.accountApplication.paging, { body }),
  get: (id: number) => callEndpoint((c) => c.accountApplication.get, { params: { id } }),
  create: (body: ApplicationInput) => callEndpoint((c) => c.accountApplication.create, { body }),
  withdraw: (id: number, version: number) =>
    callEndpoint((c) => c.accountApplication.withdraw, { params: { id }, body: { version } }),
  auditPage: (body: B<Contract['accountApplication']['auditPaging']>) =>
    callEndpoint((c) => c.accountApplication.auditPaging, { body }),
  staffPage: (body: B<Contract['accountApplication']['staffPaging']>) =>
    callEndpoint((c) => c.accountApplication.staffPaging, { body }),
  staffGet: (id: number) => callEndpoint((c) => c.accountApplication.staffGet, { params: { id } }),
  audit: (id: number, body: B<Contract['accountApplication']['audit']>) =>
    callEndpoint((c) => c.accountApplication.audit, { params: { id }, body }),
};

/** The same calls for original and public records (the declarations differ only in paths and permissions). */
export const docApi = (kind: SharedDocumentKind) => ({
  page: (body: B<Docs['paging']>) => callEndpoint((c) => docs(c, kind).paging, { body }),
  log: (body: B<Docs['log']>) => callEndpoint((c) => docs(c, kind).log, { body }),
  download: async (row: { id: number; fileName: string }) => {
    const api = await contract();
    await download(api.endpointUrl(docs(api, kind).download, { id: row.id }), row.fileName);
  },
  staffPage: (body: B<Docs['staffPaging']>) => callEndpoint((c) => docs(c, kind).staffPaging, { body }),
  staffLog: (body: B<Docs['staffLog']>) => callEndpoint((c) => docs(c, kind).staffLog, { body }),
  staffGet: (id: number) => callEndpoint((c) => docs(c, kind).staffGet, { params: { id } }),
  create: (body: B<Contract['sharedDocOriginal']['create']> | B<Contract['sharedDocPublic']['create']>) =>
    callEndpoint((c) => docs(c, kind).create, { body: body as B<Docs['create']> }),
  replace: (id: number, body: B<Docs['replace']>) =>
    callEndpoint((c) => docs(c, kind).replace, { params: { id }, body }),
  withdraw: (id: number, body: B<Docs['withdraw']>) =>
    callEndpoint((c) => docs(c, kind).withdraw, { params: { id }, body }),
  staffDownload: async (id: number, revision: number, fileName: string) => {
    const api = await contract();
    await download(api.endpointUrl(docs(api, kind).staffDownload, { id }), fileName, { revision });
  },
});

export const staffApi = {
  shipmentPage: (body: B<Contract['staffShipment']['paging']>) =>
    callEndpoint((c) => c.staffShipment.paging, { body }),
  shipmentGet: (id: number) => callEndpoint((c) => c.staffShipment.get, { params: { id } }),
  pickup: (id: number, body: B<Contract['sampleTransport']['pickup']>) =>
    callEndpoint((c) => c.sampleTransport.pickup, { params: { id }, body }),
  orderPage: (body: B<Contract['consumable']['staffPaging']>) =>
    callEndpoint((c) => c.consumable.staffPaging, { body }),
  orderGet: (id: number) => callEndpoint((c) => c.consumable.get, { params: { id } }),
  dispatch: (id: number, body: B<Contract['consumable']['dispatch']>) =>
    callEndpoint((c) => c.consumable.dispatch, { params: { id }, body }),
  logistics: (id: number) => callEndpoint((c) => c.logisticsOrder.distributionList, { params: { id } }),
  chargebackPage: (body: B<Contract['chargebackStaff']['paging']>) =>
    callEndpoint((c) => c.chargebackStaff.paging, { body }),
  chargebackGet: (id: number) => callEndpoint((c) => c.chargebackStaff.get, { params: { id } }),
  chargebackCreate: (body: B<Contract['chargebackStaff']['create']>) =>
    callEndpoint((c) => c.chargebackStaff.create, { body }),
  chargebackWithdraw: (id: number, body: B<Contract['chargebackStaff']['withdraw']>) =>
    callEndpoint((c) => c.chargebackStaff.withdraw, { params: { id }, body }),
};

/** Uploads a file the user picked (POST /file/upload; the server checks its type and size). */
export async function uploadPicked(file: File) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  return uploadFile(bytes, file.name, file.type || 'application/octet-stream');
}
