/** Shared documents (original and public records): one set of pages and calls for both kinds. */
import type { DataOf, SharedDocumentKind } from '@trialab/api-contract';
import type { Contract } from '../../services/contract';

type Docs = Contract['sharedDocOriginal'];

export type DocRow = DataOf<Docs['paging']>[number];
export type DownloadLogRow = DataOf<Docs['log']>[number];

/** The declarations of original or public records (they differ only in paths and permissions). */
export const docEndpoints = (c: Contract, kind: SharedDocumentKind): Docs =>
  kind === 'original' ? c.sharedDocOriginal : (c.sharedDocPublic as unknown as Docs);
