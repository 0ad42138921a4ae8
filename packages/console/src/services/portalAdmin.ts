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
export type DownloadLogRow = DataOf<Docs['log']>[number];
export type StaffShipmentRow = DataOf<Contract['staffShipment']['paging']>[number];
export type StaffShipmentDetail = DataOf<Contract['staffShipment']['get']>;

/** The declarations of original or public records (they differ only in paths and permissions). */
export const docEndpoints = (c: Contract, kind: SharedDocumentKind): Docs =>
  kind === 'original' ? c.sharedDocOriginal : (c.sharedDocPublic as unknown as Docs);

export const accountApi = {
  roles: () => callEndpoint((c) => c.accountApplication.roles),
  create: (body: ApplicationInput) => callEndpoint((c) => c.accountApplication.create, { body }),
  withdraw: (id: number, version: number) =>
    callEndpoint((c) => c.accountApplication.withdraw, { params: { id }, body: { version } }),
  audit: (id: number, body: B<Contract['accountApplication']['audit']>) =>
    callEndpoint((c) => c.accountApplication.audit, { params: { id }, body }),
};

/** The same calls for original and public records (the declarations differ only in paths and permissions). */
export const docApi = (kind: SharedDocumentKind) => ({
  download: async (row: { id: number; fileName: string }) => {
    const api = await contract();
    await download(api.endpointUrl(docEndpoints(api, kind).download, { id: row.id }), row.fileName);
  },
  create: (body: B<Contract['sharedDocOriginal']['create']> | B<Contract['sharedDocPublic']['create']>) =>
    callEndpoint((c) => docEndpoints(c, kind).create, { body: body as B<Docs['create']> }),
  replace: (id: number, body: B<Docs['replace']>) =>
    callEndpoint((c) => docEndpoints(c, kind).replace, { params: { id }, body }),
  withdraw: (id: number, body: B<Docs['withdraw']>) =>
    callEndpoint((c) => docEndpoints(c, kind).withdraw, { params: { id }, body }),
  staffDownload: async (id: number, revision: number, fileName: string) => {
    const api = await contract();
    await download(api.endpointUrl(docEndpoints(api, kind).staffDownload, { id }), fileName, { revision });
  },
});

/** Uploads a file the user picked (POST /file/upload; the server checks its type and size). */
export async function uploadPicked(file: File) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  return uploadFile(bytes, file.name, file.type || 'application/octet-stream');
}
