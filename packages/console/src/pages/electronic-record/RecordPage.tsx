import { UploadOutlined } from '@ant-design/icons';
import {
  SHARED_DOCUMENT_LIMITS,
  SHARED_DOCUMENT_PERMISSIONS,
  SHARED_DOCUMENT_STATES,
  type SharedDocumentKind,
  type SharedDocumentState,
  sharedDocumentWorkflows,
} from '@trialab/api-contract';
import { Button, Col, Descriptions, Form, Input, Modal, Row, Select, Table, Tabs, Upload } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/useAccess';
import type { DataColumn } from '../../components/DataTable';
import { dash, formatTime } from '../../components/format';
import { rules } from '../../components/formRules';
import { ListPage, StatesFilter, useListPage } from '../../components/ListPage';
import { ProjectSiteFields } from '../../components/ProjectSiteFields';
import { EventTimeline, StatusTag } from '../../components/StatusTag';
import { ViewModal } from '../../components/ViewModal';
import { useDetail } from '../../components/ViewModal/useDetail';
import { WorkflowActions } from '../../components/WorkflowActions';
import { type DocRow, docApi, docEndpoints, uploadPicked } from '../../services/portalAdmin';
import { feedback } from '../../utils/feedback';
import { portalApi } from '../web/api';
import { fileSizeText, logColumns } from '../web/shared-doc/SharedDocPage';

type Tab = 'documents' | 'log';
type Api = ReturnType<typeof docApi>;

/** One file chosen in a form (uploaded when the form is submitted). */
function FileField({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="file"
      label={t('webAdmin.doc.file')}
      valuePropName="fileList"
      getValueFromEvent={(e: { fileList: unknown[] }) => e.fileList.slice(-1)}
      rules={[{ required: true, message: t('webAdmin.doc.fileRequired') }]}
      extra={t('webAdmin.doc.fileHint')}
    >
      <Upload beforeUpload={() => false} maxCount={1} data-testid={testId}>
        <Button icon={<UploadOutlined />}>{t('webAdmin.doc.chooseFile')}</Button>
      </Upload>
    </Form.Item>
  );
}

type Picked = Array<{ originFileObj?: File }>;
async function uploadOf(picked: Picked): Promise<number> {
  const file = picked[0]?.originFileObj;
  if (!file) throw new Error('no file chosen');
  return (await uploadPicked(file)).id;
}

/** Share a new document: project (and site for original records), title, note, file. */
function ShareModal({
  kind,
  api,
  open,
  onClose,
}: {
  kind: SharedDocumentKind;
  api: Api;
  open: boolean;
  onClose(saved: boolean): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [projects, setProjects] = useState<Array<{ id: number; projectNo: string; name: string }>>([]);
  useEffect(() => {
    if (!open || kind === 'original') return;
    portalApi
      .projects({ page: 1, size: 100 })
      .then((r) => setProjects(r.data))
      .catch(() => undefined);
  }, [open, kind]);
  const d = (key: string) => t(`webAdmin.doc.${key}`);
  const submit = async () => {
    const values = (await form.validateFields()) as {
      projectId: number;
      siteId?: number;
      title: string;
      note?: string;
      file: Picked;
    };
    setSaving(true);
    try {
      const fileId = await uploadOf(values.file);
      await api.create({
        projectId: values.projectId,
        ...(kind === 'original' ? { siteId: values.siteId } : {}),
        title: values.title,
        note: values.note ?? null,
        fileId,
      } as Parameters<Api['create']>[0]);
      feedback.success(d('sharedOk'));
      form.resetFields();
      onClose(true);
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={d('share')}
      width={760}
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="doc-share-form">
        <Row gutter={16}>
          {kind === 'original' ? (
            <ProjectSiteFields testId="doc-share" />
          ) : (
            <Col span={12}>
              <Form.Item
                name="projectId"
                label={t('webAdmin.common.project')}
                rules={[rules.chosen(t('webAdmin.common.project'))]}
              >
                <Select
                  data-testid="doc-share-project"
                  options={projects.map((p) => ({ value: p.id, label: `${p.projectNo} ${p.name}` }))}
                />
              </Form.Item>
            </Col>
          )}
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
      </Form>
    </Modal>
  );
}

/** Upload a new revision; the previous ones stay. */
function ReplaceModal({
  api,
  row,
  onClose,
}: {
  api: Api;
  row: DocRow | null;
  onClose(saved: boolean): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const d = (key: string) => t(`webAdmin.doc.${key}`);
  const submit = async () => {
    if (!row) return;
    const values = (await form.validateFields()) as { note?: string; file: Picked };
    setSaving(true);
    try {
      const fileId = await uploadOf(values.file);
      await api.replace(row.id, { version: row.version, fileId, note: values.note ?? null });
      feedback.success(d('replacedOk'));
      form.resetFields();
      onClose(true);
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={row !== null}
      title={`${d('replace')} ${row?.docNo ?? ''}`}
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <FileField testId="doc-replace-file" />
        <Form.Item
          name="note"
          label={d('revisionNote')}
          rules={[rules.max(d('note'), SHARED_DOCUMENT_LIMITS.note)]}
        >
          <Input.TextArea rows={2} maxLength={SHARED_DOCUMENT_LIMITS.note} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DetailModal({
  api,
  kind,
  id,
  onClose,
}: {
  api: Api;
  kind: SharedDocumentKind;
  id: number | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const detail = useDetail(id, (c) => docEndpoints(c, kind).staffGet, onClose);
  const d = (key: string) => t(`webAdmin.doc.${key}`);
  return (
    <ViewModal open={id !== null} title={d('detail')} width={960} onCancel={onClose} loading={!detail}>
      {detail && (
        <>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label={d('docNo')}>{detail.docNo}</Descriptions.Item>
            <Descriptions.Item label={t('webAdmin.common.status')}>
              <StatusTag ns="webAdmin" group="doc" status={detail.status} />
            </Descriptions.Item>
            <Descriptions.Item label={d('title')}>{detail.title}</Descriptions.Item>
            <Descriptions.Item label={t('webAdmin.common.site')}>
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
              { dataIndex: 'at', title: d('revisedAt'), width: 170, render: (v: string) => formatTime(v) },
              {
                dataIndex: 'fileId',
                title: t('webAdmin.common.actions'),
                width: 90,
                render: (_: number, r) =>
                  can(SHARED_DOCUMENT_PERMISSIONS[kind].staffDownload) && (
                    <Button
                      type="link"
                      size="small"
                      onClick={() =>
                        void api.staffDownload(detail.id, r.revision, r.fileName).catch(() => undefined)
                      }
                    >
                      {d('download')}
                    </Button>
                  ),
              },
            ]}
          />
          <h4 style={{ marginTop: 16 }}>{t('webAdmin.application.history')}</h4>
          <EventTimeline events={detail.events} group="doc" ns="webAdmin" />
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
  const { can } = useAccess();
  const api = useMemo(() => docApi(kind), [kind]);
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
  const d = (key: string) => t(`webAdmin.doc.${key}`);

  const withdraw = async (row: DocRow, reason: string) => {
    try {
      await api.withdraw(row.id, { version: row.version, reason });
      feedback.success(d('withdrawnOk'));
      await docs.reload();
    } catch {
      // shown by the request helper
    }
  };

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
    { dataIndex: 'projectNo', title: t('webAdmin.common.projectNo'), width: 130 },
    {
      dataIndex: 'siteName',
      title: t('webAdmin.common.site'),
      render: (v: string | null, row) => (v ? `${row.siteNo} ${v}` : d('allSites')),
    },
    {
      dataIndex: 'status',
      title: t('webAdmin.common.status'),
      width: 90,
      render: (v: string) => <StatusTag ns="webAdmin" group="doc" status={v} />,
    },
    { dataIndex: 'fileName', title: d('fileName') },
    { dataIndex: 'revision', title: d('revision'), width: 70 },
    { dataIndex: 'uploadedByName', title: d('uploadedBy'), width: 100 },
    { dataIndex: 'revisedAt', title: d('revisedAt'), width: 170, render: (v: string) => formatTime(v) },
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
            label={t('webAdmin.common.status')}
            states={SHARED_DOCUMENT_STATES}
            labelOf={(s) => t(`webAdmin.doc.statuses.${s}`)}
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
                {t('webAdmin.common.view')}
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
      <ShareModal
        kind={kind}
        api={api}
        open={sharing}
        onClose={(saved) => {
          setSharing(false);
          if (saved) void docs.reload();
        }}
      />
      <ReplaceModal
        api={api}
        row={replacing}
        onClose={(saved) => {
          setReplacing(null);
          if (saved) void docs.reload();
        }}
      />
      <DetailModal api={api} kind={kind} id={viewing} onClose={closeView} />
    </ListPage>
  );
}
