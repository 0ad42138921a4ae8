import {
  availableActions,
  type BodyOf,
  clarificationQueryWorkflow,
  type DataOf,
  FEEDBACK_PERMISSIONS,
  PORTAL_LIMITS,
  QUERY_PERMISSIONS,
  QUERY_STATES,
} from '@trialab/api-contract';
import {
  Button,
  Checkbox,
  Descriptions,
  Divider,
  Drawer,
  Form,
  Input,
  List,
  Modal,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Permission } from '../../../access/gates';
import { useAccess } from '../../../access/useAccess';
import { confirmed } from '../../../components/ConfirmDialog';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { DictSelect, DictText } from '../../../components/DictSelect';
import { useAction } from '../../../components/FormModal';
import { dash, formatTime } from '../../../components/format';
import { ListPage, StatesFilter, useListPage } from '../../../components/ListPage';
import { ProjectSelect } from '../../../components/ProjectSelect';
import { useProjectSites } from '../../../components/ProjectSiteFields/useProjectSites';
import { ReasonModal } from '../../../components/ReasonModal';
import { RemoteSelect } from '../../../components/RemoteSelect';
import { AttachmentLinks, FileImages, ReplyFileUpload } from '../../../components/ReplyImages';
import { EventTimeline, StatusTag, stateText } from '../../../components/StatusTag';
import { useDetail } from '../../../components/ViewModal/useDetail';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';
import { useEndpointMutation } from '../../../services/query';

type State = (typeof QUERY_STATES)[number];
type StaffQueryRow = DataOf<Contract['labQuery']['paging']>[number];
type RaisedQuery = DataOf<Contract['clarification']['create']>;
type StaffShipmentRow = DataOf<Contract['labQuery']['shipments']>[number];
type ShipmentFilter = BodyOf<Contract['labQuery']['shipments']>;
interface Filter {
  keyword?: string;
  status?: State[];
  mine?: boolean;
  projectId?: number;
}

/**
 * /project/question and /laboratory/before-analysis/question: one screen. Staff of the projects in
 * scope raise queries to a site, follow the site's replies, close them or re-open them with a reason;
 * the bench passes a query on to the project manager as feedback. What a user may do comes from the
 * query permissions (project:question:*), whichever menu opened the screen.
 */
export default function StaffQuestionPage() {
  const { t } = useTranslation();
  const { t: q } = useTranslation('labQueries', { keyPrefix: 'query' });
  // The home to-do opens it as ?status=…, the project overview with ?projectId= too.
  const list = useListPage((c) => c.labQuery.paging, {} as Filter, {
    url: { status: 'many', projectId: 'id' },
  });
  const [openId, setOpenId] = useState<number | null>(null);
  const [raising, setRaising] = useState(false);
  const { can } = useAccess();
  const navigate = useNavigate();
  // The feedback between the bench and the project managers (hidden pages, reached from here).
  const feedbackPath = can(FEEDBACK_PERMISSIONS.labPage)
    ? '/laboratory/before-analysis/feedback'
    : can(FEEDBACK_PERMISSIONS.projectPage)
      ? '/project/feedback'
      : null;

  const columns: DataColumn<StaffQueryRow>[] = [
    { dataIndex: 'queryNo', title: q('queryNo'), width: 170 },
    { dataIndex: 'projectNo', title: q('project'), width: 130 },
    col.site(q('site')),
    { dataIndex: 'subjectNo', title: q('subjectNo'), width: 120 },
    { dataIndex: 'barcode', title: q('barcode'), width: 130, render: dash },
    {
      dataIndex: 'queryType',
      title: q('queryType'),
      width: 130,
      render: (v: string) => <DictText dictNo={1020} value={v} />,
    },
    { dataIndex: 'content', title: q('content'), width: 260 },
    { ...col.status(clarificationQueryWorkflow, 100), title: q('status') },
    { dataIndex: 'raisedByName', title: q('raisedBy'), width: 100 },
    col.time('raisedAt', q('raisedAt')),
    { dataIndex: 'replyCount', title: q('replyCount'), width: 80 },
  ];

  return (
    <ListPage<StaffQueryRow, Filter>
      list={list}
      rowKey="id"
      code="lab.staffQuestion"
      columns={columns}
      filters={
        <>
          <Form.Item name="projectId" label={t('fields.project')}>
            <ProjectSelect allowClear style={{ width: 220 }} data-testid="query-filter-project" />
          </Form.Item>
          <Form.Item name="keyword">
            <Input allowClear maxLength={64} placeholder={q('keywordHint')} data-testid="query-keyword" />
          </Form.Item>
          <StatesFilter
            label={q('status')}
            states={QUERY_STATES}
            labelOf={(s) => stateText(clarificationQueryWorkflow, s)}
          />
          <Form.Item name="mine" valuePropName="checked">
            <Checkbox>{q('mine')}</Checkbox>
          </Form.Item>
        </>
      }
      toolbar={
        <>
          <Permission value={[QUERY_PERMISSIONS.create]}>
            <Button type="primary" onClick={() => setRaising(true)} data-testid="query-raise">
              {q('raise')}
            </Button>
          </Permission>
          {feedbackPath && (
            <Button onClick={() => navigate(feedbackPath)} data-testid="query-feedback-list">
              {t('labQueries.feedback.listTitle')}
            </Button>
          )}
        </>
      }
      actions={{
        width: 90,
        render: (row) => (
          <Button
            type="link"
            size="small"
            onClick={() => setOpenId(row.id)}
            data-testid={`query-view-${row.queryNo}`}
          >
            {q('view')}
          </Button>
        ),
      }}
    >
      <RaiseQueryModal
        open={raising}
        onClose={() => setRaising(false)}
        onRaised={(detail) => {
          setRaising(false);
          void list.reload();
          setOpenId(detail.id);
        }}
      />
      <QueryDrawer id={openId} onClose={() => setOpenId(null)} />
    </ListPage>
  );
}

interface RaiseValues {
  projectId?: number;
  siteId?: number;
  subjectNo?: string;
  visit?: string;
  barcode?: string;
  /** The shipment the query is about (optional; one of the chosen site's). */
  transportId?: number;
  queryType?: string;
  content?: string;
  needsClarification: boolean;
}

function RaiseQueryModal({
  open,
  onClose,
  onRaised,
}: {
  open: boolean;
  onClose(): void;
  onRaised(detail: RaisedQuery): void;
}) {
  const { t: q } = useTranslation('labQueries', { keyPrefix: 'query' });
  const [form] = Form.useForm<RaiseValues>();
  const projectId = Form.useWatch('projectId', form);
  const siteId = Form.useWatch('siteId', form);
  // Photos of the sample or the label, uploaded when chosen (the reply form's picker).
  const [imageFileIds, setImageFileIds] = useState<number[]>([]);
  const [raisedCount, setRaisedCount] = useState(0);
  const { sites } = useProjectSites(projectId);
  const [run, saving] = useAction();
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ needsClarification: true });
    // The upload list went with the closed dialog: so do its ids.
    setImageFileIds([]);
  }, [open, form]);
  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: q('required', { field }),
  });
  const chosen = (field: string) => ({ required: true, message: q('selectRequired', { field }) });

  const save = async (v: RaiseValues) => {
    if (!v.projectId || !v.siteId || !v.subjectNo || !v.queryType || !v.content) return;
    const body = {
      projectId: v.projectId,
      siteId: v.siteId,
      subjectNo: v.subjectNo,
      visit: v.visit ?? null,
      barcode: v.barcode ?? null,
      queryType: v.queryType,
      content: v.content,
      needsClarification: v.needsClarification,
      imageFileIds,
      transportId: v.transportId ?? null,
    };
    let raised: RaisedQuery | undefined;
    const done = await run(async () => {
      raised = (await callEndpoint((c) => c.clarification.create, { body })).data;
    }, q('raised'));
    if (!done || !raised) return;
    form.resetFields();
    setRaisedCount((n) => n + 1);
    onRaised(raised);
  };

  return (
    <Modal
      open={open}
      title={q('raiseTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving, 'data-testid': 'query-raise-ok' } as never}
      destroyOnHidden
      width={640}
    >
      <Form<RaiseValues> form={form} layout="vertical" onFinish={(v) => void save(v)}>
        <Space wrap>
          <Form.Item name="projectId" label={q('project')} rules={[chosen(q('project'))]}>
            <ProjectSelect
              style={{ width: 220 }}
              data-testid="query-project"
              onChange={() => form.setFieldsValue({ siteId: undefined, transportId: undefined })}
            />
          </Form.Item>
          <Form.Item name="siteId" label={q('site')} rules={[chosen(q('site'))]}>
            <Select
              style={{ width: 240 }}
              data-testid="query-site"
              onChange={() => form.setFieldValue('transportId', undefined)}
              options={sites.map((s) => ({ value: s.id, label: `${s.centerNo} ${s.name}` }))}
            />
          </Form.Item>
          <Form.Item name="transportId" label={q('shipment')} extra={q('shipmentHint')}>
            {projectId && siteId ? (
              // A new site is a new list: remount rather than keep the previous site's options.
              <RemoteSelect<StaffShipmentRow>
                key={`${projectId}-${siteId}`}
                allowClear
                style={{ width: 220 }}
                data-testid="query-shipment"
                searchField="orderNo"
                labelField="orderNo"
                params={{ projectId, siteId }}
                fetcher={(params) =>
                  callEndpoint((c) => c.labQuery.shipments, { body: params as ShipmentFilter }).then((r) => ({
                    data: r.data,
                    total: r.total ?? 0,
                  }))
                }
              />
            ) : (
              <Select disabled style={{ width: 220 }} data-testid="query-shipment" />
            )}
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="subjectNo" label={q('subjectNo')} rules={[required(q('subjectNo'))]}>
            <Input maxLength={32} data-testid="query-subject" />
          </Form.Item>
          <Form.Item name="visit" label={q('visit')}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="barcode" label={q('barcode')}>
            <Input maxLength={32} data-testid="query-barcode" />
          </Form.Item>
        </Space>
        <Form.Item name="queryType" label={q('queryType')} rules={[chosen(q('queryType'))]}>
          <DictSelect dictNo={1020} style={{ width: 220 }} data-testid="query-type" />
        </Form.Item>
        <Form.Item name="content" label={q('content')} rules={[required(q('content'))]}>
          <Input.TextArea rows={3} maxLength={PORTAL_LIMITS.note} showCount data-testid="query-content" />
        </Form.Item>
        <Form.Item name="needsClarification" label={q('needsClarification')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label={q('images')} extra={q('imagesHint')}>
          <ReplyFileUpload kind="image" onChange={setImageFileIds} resetKey={raisedCount} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** One query: its fields, the site's reply record, the history, and the actions the workflow allows. */
function QueryDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const { t: q } = useTranslation('labQueries', { keyPrefix: 'query' });
  const { can } = useAccess();
  const navigate = useNavigate();
  const detail = useDetail(id, (c) => c.labQuery.get, onClose) ?? undefined;
  const [reopening, setReopening] = useState(false);
  const [run, saving] = useAction();
  // Closing or re-opening changes the query shown and the list.
  const changes = { invalidates: [(c: Contract) => c.labQuery.get, (c: Contract) => c.labQuery.paging] };
  const closeQuery = useEndpointMutation((c) => c.clarification.close, changes);
  const reopenQuery = useEndpointMutation((c) => c.labQuery.reopen, changes);

  const actions = detail
    ? availableActions(clarificationQueryWorkflow, detail.status, { can: (p) => can(p), isApplicant: false })
    : [];
  const close = async () => {
    if (!detail) return;
    if (!(await confirmed({ content: q('closeConfirm') }))) return;
    await run(
      () => closeQuery.mutateAsync({ params: { id: detail.id }, body: { version: detail.version } }),
      q('closed'),
    );
  };
  const reopen = async (reason: string) => {
    if (!detail) return;
    const done = await run(
      () => reopenQuery.mutateAsync({ params: { id: detail.id }, body: { version: detail.version, reason } }),
      q('reopened'),
    );
    if (done) setReopening(false);
  };

  return (
    <Drawer open={id !== null} onClose={onClose} width={760} title={detail?.queryNo ?? q('detail')}>
      {detail && (
        <>
          <Descriptions size="small" bordered column={2} data-testid="staff-query-detail">
            <Descriptions.Item label={q('status')}>
              <StatusTag workflow={clarificationQueryWorkflow} status={detail.status} />
            </Descriptions.Item>
            <Descriptions.Item label={q('queryType')}>
              <DictText dictNo={1020} value={detail.queryType} />
            </Descriptions.Item>
            <Descriptions.Item label={q('project')}>{detail.projectNo}</Descriptions.Item>
            <Descriptions.Item label={q('site')}>
              {detail.siteNo} {detail.siteName}
            </Descriptions.Item>
            <Descriptions.Item label={q('subjectNo')}>{detail.subjectNo}</Descriptions.Item>
            <Descriptions.Item label={q('visit')}>{dash(detail.visit)}</Descriptions.Item>
            <Descriptions.Item label={q('barcode')}>{dash(detail.barcode)}</Descriptions.Item>
            <Descriptions.Item label={q('shipment')}>
              {detail.shipment ? `${detail.shipment.orderNo} ${detail.shipment.expressNo ?? ''}` : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={q('raisedBy')}>{detail.raisedByName}</Descriptions.Item>
            <Descriptions.Item label={q('raisedAt')}>{formatTime(detail.raisedAt)}</Descriptions.Item>
            <Descriptions.Item label={q('content')} span={2}>
              {detail.content}
              <FileImages fileIds={detail.imageFileIds} />
            </Descriptions.Item>
          </Descriptions>
          <Space style={{ marginTop: 16 }} wrap>
            {actions.includes('close') && (
              <Button type="primary" onClick={() => void close()} data-testid="staff-query-close">
                {q('close')}
              </Button>
            )}
            {actions.includes('reopen') && (
              <Button onClick={() => setReopening(true)} data-testid="staff-query-reopen">
                {q('reopen')}
              </Button>
            )}
            {can(FEEDBACK_PERMISSIONS.create) && (
              <Button onClick={() => navigate(`/laboratory/before-analysis/feedback?queryId=${detail.id}`)}>
                {q('feedback')}
              </Button>
            )}
          </Space>
          <Divider />
          <Typography.Title level={5}>{q('replies')}</Typography.Title>
          <List
            dataSource={detail.replies}
            locale={{ emptyText: '-' }}
            renderItem={(reply) => (
              <List.Item data-testid="staff-query-reply">
                <List.Item.Meta
                  title={`${reply.username} · ${formatTime(reply.at)}`}
                  description={
                    <>
                      {reply.content}
                      <FileImages fileIds={reply.imageFileIds} />
                      <AttachmentLinks files={reply.attachments} />
                    </>
                  }
                />
              </List.Item>
            )}
          />
          <Divider />
          <Typography.Title level={5}>{q('history')}</Typography.Title>
          <EventTimeline events={detail.events} group="question" workflow={clarificationQueryWorkflow} />
          <ReasonModal
            open={reopening}
            title={q('reopenTitle')}
            placeholder={q('reopenReason')}
            max={PORTAL_LIMITS.note}
            required
            testId="staff-query-reopen-reason"
            saving={saving}
            onCancel={() => setReopening(false)}
            onOk={(reason) => void reopen(reason)}
          />
        </>
      )}
    </Drawer>
  );
}
