import { defineWorkflow } from './machine.js';

/**
 * Document the laboratory shares with sites: an original record (one site of a project) or a
 * public record (every site of the project). Replacing uploads a new revision (the old ones are
 * kept); a withdrawn document is no longer listed for sites nor downloadable.
 */
export const SHARED_DOCUMENT_STATES = ['active', 'withdrawn'] as const;
export type SharedDocumentState = (typeof SHARED_DOCUMENT_STATES)[number];

export const SHARED_DOCUMENT_KINDS = ['original', 'public'] as const;
export type SharedDocumentKind = (typeof SHARED_DOCUMENT_KINDS)[number];

/** Permissions per kind: the portal log pages and the electronic-record pages. */
export const SHARED_DOCUMENT_PERMISSIONS = {
  original: {
    page: 'web:shared-doc-original-log:page',
    download: 'web:shared-doc-original-log:download',
    staffPage: 'electronic-record:original-record:page',
    staffQuery: 'electronic-record:original-record:query',
    create: 'electronic-record:original-record:create',
    replace: 'electronic-record:original-record:update',
    withdraw: 'electronic-record:original-record:withdraw',
    staffDownload: 'electronic-record:original-record:download',
  },
  public: {
    page: 'web:shared-doc-public-log:page',
    download: 'web:shared-doc-public-log:download',
    staffPage: 'electronic-record:public-record:page',
    staffQuery: 'electronic-record:public-record:query',
    create: 'electronic-record:public-record:create',
    replace: 'electronic-record:public-record:update',
    withdraw: 'electronic-record:public-record:withdraw',
    staffDownload: 'electronic-record:public-record:download',
  },
} as const satisfies Record<SharedDocumentKind, Record<string, string>>;

const workflowOf = (kind: SharedDocumentKind) =>
  defineWorkflow({
    id: `sharedDocument.${kind}`,
    states: SHARED_DOCUMENT_STATES,
    initial: 'active',
    final: ['withdrawn'],
    words: {
      active: { 'zh-CN': '共享中', 'en-US': 'Shared', 'zh-HK': '共享中' },
      withdrawn: { 'zh-CN': '已撤回', 'en-US': 'Withdrawn', 'zh-HK': '已撤回' },
    },
    transitions: {
      replace: {
        from: ['active'],
        to: 'active',
        permission: SHARED_DOCUMENT_PERMISSIONS[kind].replace,
        actor: 'any',
        signature: false,
      },
      withdraw: {
        from: ['active'],
        to: 'withdrawn',
        permission: SHARED_DOCUMENT_PERMISSIONS[kind].withdraw,
        actor: 'any',
        reason: { required: true, max: 255 },
        signature: false,
      },
    },
  });

/** One machine per kind (they differ only in the permission strings). */
export const sharedDocumentWorkflows = {
  original: workflowOf('original'),
  public: workflowOf('public'),
} as const;
export type SharedDocumentAction = keyof (typeof sharedDocumentWorkflows)['original']['transitions'];
