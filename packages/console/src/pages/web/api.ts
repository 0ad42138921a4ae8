/** Calls of the self-service portal and the personal centre, through the contract declarations. */
import type { BodyOf, DataOf, EndpointDef, QueryOf } from '@trialab/api-contract';
import type { Contract } from '../../services/contract';
import { contract } from '../../services/contract';
import { callEndpoint } from '../../services/endpoint';
import { http } from '../../services/request';

type B<E> = BodyOf<E>;

export type AddressRow = DataOf<Contract['address']['create']>;
export type OrderRow = DataOf<Contract['consumable']['paging']>[number];
export type OrderDetail = DataOf<Contract['consumable']['get']>;
export type Kit = DataOf<Contract['consumable']['planKits']>[number];
export type KitSupplyRow = DataOf<Contract['consumable']['kitSupplyPaging']>[number];
export type ShipmentRow = DataOf<Contract['sampleTransport']['paging']>[number];
export type ShipmentDetail = DataOf<Contract['sampleTransport']['get']>;
export type QueryRow = DataOf<Contract['clarification']['paging']>[number];
export type QueryDetail = DataOf<Contract['clarification']['get']>;
export type LineReportRow = DataOf<Contract['consumable']['linePaging']>[number];
export type ItemReportRow = DataOf<Contract['sampleTransport']['itemPaging']>[number];
export type HomeCounts = DataOf<Contract['portalHome']['counts']>;
export type OrderInput = B<Contract['consumable']['create']>;
export type ShipmentInput = B<Contract['sampleTransport']['create']>;

/** POST that answers a file (xlsx, zip): saved under the name given. */
export async function postDownload<E extends EndpointDef>(
  pick: (api: Contract) => E,
  body: B<E>,
  fileName: string,
): Promise<void> {
  const api = await contract();
  const response = await http.request<Blob>({
    url: api.endpointUrl(pick(api)),
    method: 'POST',
    data: body,
    responseType: 'blob',
    raw: true,
  });
  const href = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(href);
}

export const portalApi = {
  // Personal centre
  receiveAddress: (query: QueryOf<Contract['address']['receiveAddress']> = {}) =>
    callEndpoint((c) => c.address.receiveAddress, { query }),

  // Projects and sites in scope
  projects: (body: B<Contract['project']['ownAll']>) => callEndpoint((c) => c.project.ownAll, { body }),
  sites: (projectId: number) =>
    callEndpoint((c) => c.project.sitesByProject, { body: { projectId, page: 1, size: 100 } }),
  sampleTypes: () => callEndpoint((c) => c.system.sampleTypeAll, { body: {} }),

  // Consumables
  orderExport: (body: B<Contract['consumable']['export']>, fileName: string) =>
    postDownload((c) => c.consumable.export, body, fileName),
  orderCreate: (body: OrderInput) => callEndpoint((c) => c.consumable.create, { body }),
  orderUpdate: (body: B<Contract['consumable']['update']>) =>
    callEndpoint((c) => c.consumable.update, { body }),
  orderRevoke: (id: number, version: number) =>
    callEndpoint((c) => c.consumable.revoke, { body: { id, version } }),
  orderCancel: (id: number, version: number, reason: string | null) =>
    callEndpoint((c) => c.consumable.cancel, { params: { id }, body: { version, reason } }),
  orderReceive: (id: number, version: number) =>
    callEndpoint((c) => c.consumable.confirmReceive, { params: { id }, body: { version } }),
  orderAudit: (id: number, body: B<Contract['consumable']['audit']>) =>
    callEndpoint((c) => c.consumable.audit, { params: { id }, body }),
  kitSupplyConfirm: (id: number, version: number) =>
    callEndpoint((c) => c.consumable.kitSupplyConfirm, { params: { id }, body: { version } }),

  // Sample shipments
  temperatures: () => callEndpoint((c) => c.sampleTransport.temperatures),
  shipmentCreate: (body: ShipmentInput) => callEndpoint((c) => c.sampleTransport.create, { body }),
  shipmentUpdate: (body: B<Contract['sampleTransport']['update']>) =>
    callEndpoint((c) => c.sampleTransport.update, { body }),
  shipmentCancel: (id: number, version: number, reason: string) =>
    callEndpoint((c) => c.sampleTransport.cancel, { params: { id }, query: { version, reason } }),
  shipmentReceipts: (ids: number[], fileName: string) =>
    postDownload((c) => c.sampleTransport.receipts, { ids }, fileName),

  // Clarification queries and home
  queryGet: (id: number) => callEndpoint((c) => c.clarification.get, { params: { id } }),
  queryReply: (id: number, body: B<Contract['clarification']['reply']>) =>
    callEndpoint((c) => c.clarification.reply, { params: { id }, body }),
  homeCounts: () => callEndpoint((c) => c.portalHome.counts),
};
