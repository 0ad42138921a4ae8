import { UploadOutlined } from '@ant-design/icons';
import {
  type BodyOf,
  type DataOf,
  SHARED_DOCUMENT_LIMITS,
  SHARED_DOCUMENT_PERMISSIONS,
  SHARED_DOCUMENT_STATES,
  type SharedDocumentKind,
  type SharedDocumentState,
  sharedDocumentWorkflows,
} from '@trialab/api-contract';
import { Button, Descriptions, Form, Input, Row, Table, Tabs, Upload } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/useAccess';
import { col } from '../../components/columns';
import type { DataColumn } from '../../components/DataTable';
import { FormModal, useAction } from '../../components/FormModal';
import { dash, formatTime } from '../../components/format';
import { rules } from '../../components/formRules';
import { ListPage, StatesFilter, useListPage } from '../../components/ListPage';
import { ProjectSiteFields } from '../../components/ProjectSiteFields';
import { fileSizeText, logColumns } from '../../components/SharedDoc';
import { docEndpoints } from '../../components/SharedDoc/documents';
import { EventTimeline, StatusTag, stateText } from '../../components/StatusTag';
import { ViewModal } from '../../components/ViewModal';
import { useDetail } from '../../components/ViewModal/useDetail';
import { WorkflowActions } from '../../components/WorkflowActions';
import { type Contract, contract } from '../../services/contract';
import { callEndpoint } from '../../services/endpoint';
import { uploadPicked } from '../../services/files';
import { download } from '../../services/request';

type Tab = 'documents' | 'log';
type Docs = Contract['sharedDocOriginal'];
type DocRow = DataOf<Docs['staffPaging']>[number];
type Picked = Array<{ originFileObj?: File }>;
interface ShareValues {
  projectId: number;
  siteId?: number;
  title: string;
  note?: string;
  file: Picked;
}
interface ReplaceValues {
  note?: string;
  file: Picked;
}

/** One file chosen in a form (uploaded when the form is submitted). */
function FileField({ testId }: { testId: string }) {
  const { t: d } = useTranslation('portalAdmin', { keyPrefix: 'doc' });
  return (
    <Form.Item
      name="file"
      label={d('file')}
      valuePropName="fileList"
      getValueFromEvent={(e: { fileList: unknown[] }) => e.fileList.slice(-1)}
      rules={[{ required: true, message: d('fileRequired') }]}
      extra={d('fileHint')}
    >
      <Upload beforeUpload={() => false} maxCount={1} data-testid={testId}>
        <Button icon={<UploadOutlined />}>{d('chooseFile')}</Button>
      </Upload>
    </Form.Item>
  );
}

async function uploadOf(picked: Picked): Promise<number> {
  const file = picked[0]?.originFileObj;
  if (!file) throw new Error('no file chosen');
  return (await uploadPicked(file)).id;
}

/** Share a new document: project (and site for original records), title, note, file. */
function ShareModal({
  kind,
  open,
  onSaved,
  onClose,
}: {
  kind: SharedDocumentKind;
  open: boolean;
  onSaved(): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { t: d } = useTranslation('portalAdmin', { keyPrefix: 'doc' });
  const share = async (values: ShareValues) => {
    const fileId = await uploadOf(values.file);
    const body = {
      projectId: values.projectId,
      ...(kind === 'original' ? { siteId: values.siteId } : {}),
      title: values.title,
      note: values.note ?? null,
      fileId,
    };
    // Original and public records differ in paths, permissions and the site only.
    await callEndpoint((c) => docEndpoints(c, kind).create, { body: body as BodyOf<Docs['create']> });
    await onSaved();
  };
  return (
    <FormModal<ShareValues>
      open={open}
      title={d('share')}
      width={760}
      onSave={share}
      onClose={onClose}
      savedMessage={d('sharedOk')}
      okText={t('components.ok')}
      testId="doc-share-form"
    >
      <Row gutter={16}>
        {/* A public record is for all sites of its project. */}
        <ProjectSiteFields testId="doc-share" site={kind === 'original'} />
      </Row>
      <Form.Item
        name="title"
        label={d('title')}
        rules={[rules.required(d('title')), rules.max(d('title'), SHARED_DOCUMENT_LIMITS.title)]}
      >
        <Input maxLength={SHARED_DOCUMENT_LIMITS.title} data-testid="doc-share-title" />
      </Form.Item>
      <Form.Item name="note" label={d('note')} rules={[rules.max(d('note'), SHARED_DOCUMENT_LIMITS.note)]}>
        <Input.TextArea rows={2} maxLength={SHARED_DOCUMENT_LIMITS.note} showCount />
      </Form.Item>
      <FileField testId="doc-share-file" />
    </FormModal>
  );
}

/** Upload a new revision; the previous ones stay. */
function ReplaceModal({
  kind,
  row,
  onSaved,
  onClose,
}: {
  kind: SharedDocumentKind;
  row: DocRow | null;
  onSaved(): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { t: d } = useTranslation('portalAdmin', { keyPrefix: 'doc' });
  const replace = async (values: ReplaceValues) => {
    if (!row) return;
    const fileId = await uploadOf(values.file);
    await callEndpoint((c) => docEndpoints(c, kind).replace, {
      params: { id: row.id },
      body: { version: row.version, fileId, note: values.note ?? null },
    });
    await onSaved();
  };
  return (
    <FormModal<ReplaceValues>
      open={row !== null}
      title={`${d('replace')} ${row?.docNo ?? ''}`}
      onSave={replace}
      onClose={onClose}
      savedMessage={d('replacedOk')}
      okText={t('components.ok')}
    >
      <FileField testId="doc-replace-file" />
      <Form.Item
        name="note"
        label={d('revisionNote')}
        rules={[rules.max(d('note'), SHARED_DOCUMENT_LIMITS.note)]}
      >
        <Input.TextArea rows={2} maxLength={SHARED_DOCUMENT_LIMITS.note} showCount />
      </Form.Item>
    </FormModal>
  );
}

function DetailModal({
  kind,
  id,
  onClose,
}: {
  kind: SharedDocumentKind;
  id: number | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { t: d } = useTranslation('portalAdmin', { keyPrefix: 'doc' });
  const { can } = useAccess();
  const [run] = useAction();
  const detail = useDetail(id, (c) => docEndpoints(c, kind).staffGet, onClose);
  const downloadRevision = (docId: number, revision: number, fileName: string) =>
    run(async () => {
      const api = await contract();
      await download(api.endpointUrl(docEndpoints(api, kind).staffDownload, { id: docId }), fileName, {
        revision,
      });
    });
  return (
    <ViewModal open={id !== null} title={d('detail')} width={960} onCancel={onClose} loading={!detail}>
      {detail && (
        <>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label={d('docNo')}>{detail.docNo}</Descriptions.Item>
            <Descriptions.Item label={t('portalAdmin.shared.status')}>
              <StatusTag workflow={sharedDocumentWorkflows[kind]} status={detail.status} />
            </Descriptions.Item>
            <Descriptions.Item label={d('title')}>{detail.title}</Descriptions.Item>
            <Descriptions.Item label={t('portalAdmin.shared.site')}>
              {detail.projectNo} / {detail.siteName ? `${detail.siteNo} ${detail.siteName}` : d('allSites')}
            </Descriptions.Item>
            <Descriptions.Item label={d('note')}>{dash(detail.note)}</Descriptions.Item>
            <Descriptions.Item label={d('withdrawReason')}>{dash(detail.withdrawReason)}</Descriptions.Item>
          </Descriptions>
          <h4 style={{ marginTop: 16 }}>{d('revisions')}</h4>
          <Table
            size="small"
            rowKey="revision"
            pagination={false}
            dataSource={detail.revisions}
            columns={[
              { dataIndex: 'revision', title: d('revision'), width: 70 },
              { dataIndex: 'fileName', title: d('fileName') },
              {
                dataIndex: 'fileSize',
                title: d('fileSize'),
                width: 90,
                render: (v: number) => fileSizeText(v),
              },
              { dataIndex: 'note', title: d('note'), render: dash },
              { dataIndex: 'uploadedByName', title: d('uploadedBy'), width: 100 },
              { dataIndex: 'at', title: d('revisedAt'), width: 170, render: formatTime },
              {
                dataIndex: 'fileId',
                title: t('portalAdmin.shared.actions'),
                width: 90,
                render: (_: number, r) =>
                  can(SHARED_DOCUMENT_PERMISSIONS[kind].staffDownload) && (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => void downloadRevision(detail.id, r.revision, r.fileName)}
                    >
                      {d('download')}
                    </Button>
                  ),
              },
            ]}
          />
          <h4 style={{ marginTop: 16 }}>{t('portalAdmin.application.history')}</h4>
          <EventTimeline
            events={detail.events}
            group="doc"
            ns="portalAdmin"
            workflow={sharedDocumentWorkflows[kind]}
          />
        </>
      )}
    </ViewModal>
  );
}

/**
 * /electronic-record/original-record and /electronic-record/public-record: share documents with
 * sites, replace them (new revision, old kept), withdraw them with a reason, and the download log.
 */
export function RecordPage({ kind }: { kind: SharedDocumentKind }) {
  const { t } = useTranslation();
  const { t: d } = useTranslation('portalAdmin', { keyPrefix: 'doc' });
  const { can } = useAccess();
  const [run] = useAction();
  const perm = SHARED_DOCUMENT_PERMISSIONS[kind];
  const workflow = sharedDocumentWorkflows[kind];
  const [tab, setTab] = useState<Tab>('documents');
  const docs = useListPage(
    (c) => docEndpoints(c, kind).staffPaging,
    {} as { keyword?: string; status?: SharedDocumentState[] },
  );
  const log = useListPage((c) => docEndpoints(c, kind).staffLog, {});
  const [sharing, setSharing] = useState(false);
  const [replacing, setReplacing] = useState<DocRow | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const closeView = useCallback(() => setViewing(null), []);

  const withdraw = (row: DocRow, reason: string) =>
    run(async () => {
      await callEndpoint((c) => docEndpoints(c, kind).withdraw, {
        params: { id: row.id },
        body: { version: row.version, reason },
      });
      await docs.reload();
    }, d('withdrawnOk'));

  const columns: DataColumn<DocRow>[] = [
    {
      dataIndex: 'docNo',
      title: d('docNo'),
      width: 170,
      render: (v: string, row) => (
        <Button type="link" size="small" onClick={() => setViewing(row.id)}>
          {v}
        </Button>
      ),
    },
    { dataIndex: 'title', title: d('title') },
    col.projectNo(),
    {
      dataIndex: 'siteName',
      title: t('portalAdmin.shared.site'),
      render: (v: string | null, row) => (v ? `${row.siteNo} ${v}` : d('allSites')),
    },
    col.status(sharedDocumentWorkflows[kind], 90),
    { dataIndex: 'fileName', title: d('fileName') },
    { dataIndex: 'revision', title: d('revision'), width: 70 },
    { dataIndex: 'uploadedByName', title: d('uploadedBy'), width: 100 },
    col.time('revisedAt', d('revisedAt')),
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
        code={`electronic-record.${kind}.log`}
        header={tabs}
        columns={logColumns(t)}
      />
    );
  }
  return (
    <ListPage
      list={docs}
      rowKey="id"
      code={`electronic-record.${kind}`}
      header={tabs}
      columns={columns}
      filters={
        <>
          <Form.Item name="keyword">
            <Input allowClear maxLength={64} placeholder={d('keywordHint')} />
          </Form.Item>
          <StatesFilter
            label={t('fields.status')}
            states={SHARED_DOCUMENT_STATES}
            labelOf={(s) => stateText(sharedDocumentWorkflows[kind], s)}
          />
        </>
      }
      toolbar={
        can(perm.create) && (
          <Button type="primary" onClick={() => setSharing(true)} data-testid="doc-share">
            {d('share')}
          </Button>
        )
      }
      actions={{
        width: 170,
        render: (row) => (
          <WorkflowActions
            workflow={workflow}
            state={row.status}
            before={
              <Button type="link" size="small" onClick={() => setViewing(row.id)}>
                {t('portalAdmin.shared.view')}
              </Button>
            }
            actions={{
              replace: {
                label: d('replace'),
                testId: `doc-replace-${row.docNo}`,
                onClick: () => setReplacing(row),
              },
              withdraw: {
                label: d('withdraw'),
                testId: `doc-withdraw-${row.docNo}`,
                danger: true,
                reason: {
                  title: d('withdrawTitle'),
                  placeholder: d('withdrawReason'),
                  testId: 'doc-withdraw-reason',
                },
                onClick: (reason) => withdraw(row, reason ?? ''),
              },
            }}
          />
        ),
      }}
    >
      <ShareModal kind={kind} open={sharing} onSaved={docs.reload} onClose={() => setSharing(false)} />
      <ReplaceModal kind={kind} row={replacing} onSaved={docs.reload} onClose={() => setReplacing(null)} />
      <DetailModal kind={kind} id={viewing} onClose={closeView} />
    </ListPage>
  );
}
