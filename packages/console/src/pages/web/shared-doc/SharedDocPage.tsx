import { SHARED_DOCUMENT_PERMISSIONS, type SharedDocumentKind } from '@trialab/api-contract';
import { Button, Form, Input, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../access/useAccess';
import type { DataColumn } from '../../../components/DataTable';
import { dash, formatTime } from '../../../components/format';
import { ListPage, useListPage } from '../../../components/ListPage';
import { type DocRow, type DownloadLogRow, docApi, docEndpoints } from '../../../services/portalAdmin';

type Tab = 'documents' | 'log';

/** File size for people: KB below a megabyte, else MB. */
export function fileSizeText(bytes: number): string {
  return bytes < 1_048_576
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** Columns of the download log (portal and staff). */
export function logColumns(t: (key: string) => string): DataColumn<DownloadLogRow>[] {
  const d = (key: string) => t(`webAdmin.doc.${key}`);
  return [
    { dataIndex: 'at', title: d('downloadedAt'), width: 170, render: (v: string) => formatTime(v) },
    { dataIndex: 'username', title: d('downloader'), width: 110 },
    { dataIndex: 'docNo', title: d('docNo'), width: 170 },
    { dataIndex: 'title', title: d('title') },
    { dataIndex: 'revision', title: d('revision'), width: 80 },
    { dataIndex: 'fileName', title: d('fileName') },
    { dataIndex: 'projectNo', title: t('webAdmin.common.projectNo'), width: 130 },
    {
      dataIndex: 'siteName',
      title: t('webAdmin.common.site'),
      render: (v: string | null, row) => (v ? `${row.siteNo} ${v}` : d('allSites')),
    },
  ];
}

/**
 * /web/shared-doc/original-log and /web/shared-doc/public-log: the documents the laboratory shares
 * with my sites, downloaded from here (every download is logged), and the download log.
 */
export function SharedDocPage({ kind }: { kind: SharedDocumentKind }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const api = useMemo(() => docApi(kind), [kind]);
  const [tab, setTab] = useState<Tab>('documents');
  const docs = useListPage((c) => docEndpoints(c, kind).paging, {} as { keyword?: string });
  const log = useListPage((c) => docEndpoints(c, kind).log, {});
  const d = (key: string) => t(`webAdmin.doc.${key}`);

  const columns: DataColumn<DocRow>[] = [
    { dataIndex: 'docNo', title: d('docNo'), width: 170 },
    { dataIndex: 'title', title: d('title') },
    { dataIndex: 'projectNo', title: t('webAdmin.common.projectNo'), width: 130 },
    {
      dataIndex: 'siteName',
      title: t('webAdmin.common.site'),
      render: (v: string | null, row) => (v ? `${row.siteNo} ${v}` : d('allSites')),
    },
    { dataIndex: 'fileName', title: d('fileName') },
    { dataIndex: 'fileSize', title: d('fileSize'), width: 90, render: (v: number) => fileSizeText(v) },
    { dataIndex: 'revision', title: d('revision'), width: 70 },
    { dataIndex: 'revisedAt', title: d('revisedAt'), width: 170, render: (v: string) => formatTime(v) },
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
        code={`web.shared-doc.${kind}.log`}
        header={tabs}
        columns={logColumns(t)}
      />
    );
  }
  return (
    <ListPage
      list={docs}
      rowKey="id"
      code={`web.shared-doc.${kind}`}
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
              onClick={async () => {
                try {
                  await api.download(row);
                  await Promise.all([docs.reload(), log.reload()]);
                } catch {
                  // shown by the request helper
                }
              }}
            >
              {d('download')}
            </Button>
          ),
      }}
    />
  );
}
