import { SHARED_DOCUMENT_PERMISSIONS, type SharedDocumentKind } from '@trialab/api-contract';
import { Button, Form, Input, Tabs } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/useAccess';
import { downloadEndpoint } from '../../services/endpoint';
import { col } from '../columns';
import type { DataColumn } from '../DataTable';
import { useAction } from '../FormModal';
import { dash } from '../format';
import { ListPage, useListPage } from '../ListPage';
import { type DocRow, type DownloadLogRow, docEndpoints } from './documents';

type Tab = 'documents' | 'log';

/** File size for people: KB below a megabyte, else MB. */
export function fileSizeText(bytes: number): string {
  return bytes < 1_048_576
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** Columns of the download log (portal and staff). */
export function logColumns(t: TFunction): DataColumn<DownloadLogRow>[] {
  return [
    col.time('at', t('portalAdmin.doc.downloadedAt')),
    { dataIndex: 'username', title: t('portalAdmin.doc.downloader'), width: 110 },
    { dataIndex: 'docNo', title: t('portalAdmin.doc.docNo'), width: 170 },
    { dataIndex: 'title', title: t('portalAdmin.doc.title') },
    { dataIndex: 'revision', title: t('portalAdmin.doc.revision'), width: 80 },
    { dataIndex: 'fileName', title: t('portalAdmin.doc.fileName') },
    col.projectNo(),
    {
      dataIndex: 'siteName',
      title: t('portalAdmin.shared.site'),
      render: (v: string | null, row) => (v ? `${row.siteNo} ${v}` : t('portalAdmin.doc.allSites')),
    },
  ];
}

/**
 * /web/shared-doc/original-log and /web/shared-doc/public-log: the documents the laboratory shares
 * with my sites, downloaded from here (every download is logged), and the download log.
 */
export function SharedDocPage({ kind }: { kind: SharedDocumentKind }) {
  const { t } = useTranslation();
  const { t: d } = useTranslation('portalAdmin', { keyPrefix: 'doc' });
  const { can } = useAccess();
  const [run] = useAction();
  const [tab, setTab] = useState<Tab>('documents');
  const docs = useListPage((c) => docEndpoints(c, kind).paging, {} as { keyword?: string });
  const log = useListPage((c) => docEndpoints(c, kind).log, {});
  // Every download is logged and counted: both lists load again.
  const download = (row: DocRow) =>
    run(() =>
      downloadEndpoint((c) => docEndpoints(c, kind).download, { params: { id: row.id } }, row.fileName).then(
        () => Promise.all([docs.reload(), log.reload()]),
      ),
    );

  const columns: DataColumn<DocRow>[] = [
    { dataIndex: 'docNo', title: d('docNo'), width: 170 },
    { dataIndex: 'title', title: d('title') },
    col.projectNo(),
    {
      dataIndex: 'siteName',
      title: t('portalAdmin.shared.site'),
      render: (v: string | null, row) => (v ? `${row.siteNo} ${v}` : d('allSites')),
    },
    { dataIndex: 'fileName', title: d('fileName') },
    { dataIndex: 'fileSize', title: d('fileSize'), width: 90, render: (v: number) => fileSizeText(v) },
    { dataIndex: 'revision', title: d('revision'), width: 70 },
    col.time('revisedAt', d('revisedAt')),
    { dataIndex: 'note', title: d('note'), render: dash },
    { dataIndex: 'downloadCount', title: d('downloadCount'), width: 90 },
  ];

  const tabs = (
    <Tabs
      activeKey={tab}
      onChange={(key) => setTab(key as Tab)}
      items={[
        { key: 'documents', label: d('documents') },
        { key: 'log', label: d('log') },
      ]}
    />
  );

  if (tab === 'log') {
    return (
      <ListPage
        list={log}
        rowKey="id"
        code={`portal.shared-doc.${kind}.log`}
        header={tabs}
        columns={logColumns(t)}
      />
    );
  }
  return (
    <ListPage
      list={docs}
      rowKey="id"
      code={`portal.shared-doc.${kind}`}
      header={tabs}
      columns={columns}
      filters={
        <Form.Item name="keyword">
          <Input allowClear maxLength={64} placeholder={d('keywordHint')} />
        </Form.Item>
      }
      actions={{
        width: 100,
        render: (row) =>
          can(SHARED_DOCUMENT_PERMISSIONS[kind].download) && (
            <Button
              type="link"
              size="small"
              data-testid={`doc-download-${row.docNo}`}
              onClick={() => void download(row)}
            >
              {d('download')}
            </Button>
          ),
      }}
    />
  );
}
