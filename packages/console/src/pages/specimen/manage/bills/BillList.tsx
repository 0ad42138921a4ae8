// The bill lists of /specimen/manage (outbound and destruction; all, review and confirmation views):
// tabs by state, the bill's detail in a drawer with the lines in pick-list order, each line's
// eligibility, the workflow's buttons (e-signatures where the workflow asks), the confirmation scan.
import {
  BILL_OPEN_STATES,
  BILL_PERMISSIONS,
  type BillDetail,
  type BillFamily,
  type BillRow,
  type BillState,
  DESTROY_METHOD_WORDS,
  destroyBillWorkflow,
  LINE_WARNINGS,
  outboundBillWorkflow,
  type WorkflowDef,
} from '@trialab/api-contract';
import { Button, Descriptions, Drawer, Form, Input, Segmented, Space, Table, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Permission } from '../../../../access/gates';
import { dash, formatTime } from '../../../../components/format';
import { ListPage, useUrlTab } from '../../../../components/ListPage';
import { wordLabel } from '../../../../components/libraryWords';
import { EventTimeline, StatusTag, stateText } from '../../../../components/StatusTag';
import { usePaged } from '../../../../components/usePaged';
import { WorkflowActions } from '../../../../components/WorkflowActions';
import { callEndpoint, downloadEndpoint } from '../../../../services/endpoint';
import { useEndpointQuery } from '../../../../services/query';
import { useSession } from '../../../../stores/session';
import { feedback } from '../../../../utils/feedback';
import { ConfirmPanel } from './ConfirmPanel';
import { CustodyRecord } from './CustodyRecord';
import { placeOf } from './lines';

export type BillView = 'all' | 'review' | 'confirm';

/** The tabs of each view: the states it works on, the first one open. */
const TABS: Record<BillFamily, Record<BillView, BillState[]>> = {
  outbound: {
    all: ['draft', 'submitted', 'approved', 'confirmed', 'closed', 'rejected', 'cancelled'],
    review: ['submitted', 'approved', 'rejected'],
    confirm: ['approved', 'confirmed', 'closed'],
  },
  destroy: {
    all: ['draft', 'submitted', 'authorised', 'approved', 'closed', 'rejected', 'cancelled'],
    review: ['submitted', 'authorised', 'approved', 'rejected'],
    confirm: ['approved', 'closed'],
  },
};

/** Both bill workflows share their states; the console reads either as the one shape. */
export const workflowOf = (family: BillFamily) =>
  (family === 'destroy' ? destroyBillWorkflow : outboundBillWorkflow) as unknown as WorkflowDef<
    BillState,
    string
  >;

export function BillList({
  family,
  view,
  toolbar,
}: {
  family: BillFamily;
  view: BillView;
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation();
  const tabs = TABS[family][view];
  const [status, setStatus] = useUrlTab<BillState>(
    Object.fromEntries(tabs.map((s) => [s, s])) as Record<string, BillState>,
    tabs[0] ?? 'draft',
  );
  const [keyword, setKeyword] = useState<string | undefined>(undefined);
  const list = usePaged(
    (c) => (family === 'outbound' ? c.libraryBills.outboundList : c.libraryBills.destroyList),
    { status, ...(keyword ? { keyword } : {}) },
  );
  const [open, setOpen] = useState<number | null>(null);
  const workflow = workflowOf(family);
  const columns = [
    { dataIndex: 'billNo', title: t('libraryBills.billNo'), width: 150 },
    {
      dataIndex: 'kind',
      title: t('libraryBills.kindLabel'),
      width: 120,
      render: (v: BillRow['kind']) => t(`libraryBills.kind.${v}`),
    },
    { dataIndex: 'projectNo', title: t('libraryBills.project'), width: 120 },
    { dataIndex: 'reasonLabel', title: t('libraryBills.reason'), width: 110 },
    ...(family === 'outbound'
      ? [
          {
            dataIndex: 'recipient',
            title: t('libraryBills.recipient'),
            width: 140,
            render: (v: string | null) => dash(v),
          },
        ]
      : []),
    { dataIndex: 'lines', title: t('libraryBills.lines'), width: 70 },
    { dataIndex: 'creatorName', title: t('libraryBills.creator'), width: 90 },
    {
      dataIndex: 'createdAt',
      title: t('libraryBills.createdAt'),
      width: 170,
      render: (v: string) => formatTime(v),
    },
    {
      dataIndex: 'status',
      title: t('libraryBills.status'),
      width: 130,
      render: (v: string) => <StatusTag workflow={workflow} status={v} />,
    },
  ];
  return (
    <ListPage<BillRow, { keyword?: string }>
      list={list}
      rowKey="id"
      columns={columns}
      code={`libraryBills.${family}.${view}`}
      header={
        <Segmented<BillState>
          value={status}
          onChange={setStatus}
          options={tabs.map((state) => ({ value: state, label: stateText(workflow, state) }))}
          style={{ marginBottom: 12 }}
          data-testid="bill-tabs"
        />
      }
      filters={
        <Form.Item name="keyword" label={t('libraryBills.keyword')}>
          <Input allowClear style={{ width: 220 }} />
        </Form.Item>
      }
      onSearch={(values) => setKeyword(values.keyword?.trim() || undefined)}
      onReset={() => setKeyword(undefined)}
      toolbar={toolbar}
      actions={{
        width: 100,
        items: [
          {
            label: t('libraryBills.view'),
            testId: (row) => `bill-view-${row.billNo}`,
            onClick: (row) => setOpen(row.id),
          },
        ],
      }}
    >
      {open !== null && (
        <BillDrawer
          family={family}
          id={open}
          view={view}
          onClose={() => setOpen(null)}
          onChanged={() => void list.reload()}
        />
      )}
    </ListPage>
  );
}

function BillDrawer({
  family,
  id,
  view,
  onClose,
  onChanged,
}: {
  family: BillFamily;
  id: number;
  view: BillView;
  onClose(): void;
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.id);
  const query = useEndpointQuery(
    (c) => (family === 'outbound' ? c.libraryBills.outboundDetail : c.libraryBills.destroyDetail),
    { params: { id } },
  );
  const bill = query.data?.data as BillDetail | undefined;
  const reload = async () => {
    await query.refetch();
    onChanged();
  };
  const done = async (message: string) => {
    feedback.success(message);
    await reload();
  };
  const mine = bill?.createdBy === userId;
  const workflow = workflowOf(family);

  const transition = async (
    action: string,
    input: { reason?: string | null; password?: string | null } = {},
  ) => {
    if (!bill) return;
    const params = { id: bill.id };
    const signature = input.password ? { signature: { password: input.password } } : {};
    const reason = input.reason ?? null;
    if (action === 'submit')
      await callEndpoint(
        (c) => (family === 'outbound' ? c.libraryBills.outboundSubmit : c.libraryBills.destroySubmit),
        { params, body: { version: bill.version } },
      );
    else if (action === 'cancel')
      await callEndpoint(
        (c) => (family === 'outbound' ? c.libraryBills.outboundCancel : c.libraryBills.destroyCancel),
        { params, body: { version: bill.version, reason: reason ?? '' } },
      );
    else if (family === 'outbound')
      await callEndpoint((c) => c.libraryBills.outboundReview, {
        params,
        body: {
          version: bill.version,
          action: action as 'approve' | 'reject' | 'acknowledge',
          reason,
          ...signature,
        },
      });
    else
      await callEndpoint((c) => c.libraryBills.destroyReview, {
        params,
        body: {
          version: bill.version,
          action: action as 'authorise' | 'approve' | 'reject',
          reason,
          ...signature,
        },
      });
    await done(t('libraryBills.review.done'));
  };

  const reviewing = view !== 'confirm';
  const actions = bill
    ? {
        ...(view === 'all'
          ? {
              submit: {
                label: t('libraryBills.submit'),
                testId: 'bill-submit',
                onClick: () => transition('submit'),
              },
              cancel: {
                label: t('libraryBills.cancel'),
                danger: true,
                reason: {
                  title: t('libraryBills.cancelTitle'),
                  placeholder: t('libraryBills.cancelReason'),
                  testId: 'bill-cancel',
                },
                onClick: (reason: string | null) => transition('cancel', { reason }),
              },
            }
          : {}),
        ...(reviewing && view === 'review'
          ? family === 'outbound'
            ? bill.kind === 'post'
              ? {
                  acknowledge: {
                    label: t('libraryBills.review.acknowledge'),
                    testId: 'bill-acknowledge',
                    signature: t('libraryBills.review.acknowledgeMeaning'),
                    onClick: (password: string | null) => transition('acknowledge', { password }),
                  },
                }
              : {
                  approve: {
                    label: t('libraryBills.review.approve'),
                    testId: 'bill-approve',
                    signature: t('libraryBills.review.approveMeaning'),
                    onClick: (password: string | null) => transition('approve', { password }),
                  },
                }
            : {
                authorise: {
                  label: t('libraryBills.review.authorise'),
                  testId: 'bill-authorise',
                  signature: t('libraryBills.review.authoriseMeaning'),
                  onClick: (password: string | null) => transition('authorise', { password }),
                },
                approve: {
                  label: t('libraryBills.review.approveDestroy'),
                  testId: 'bill-approve',
                  signature: t('libraryBills.review.authoriseMeaning'),
                  onClick: (password: string | null) => transition('approve', { password }),
                },
              }
          : {}),
        ...(view === 'review'
          ? {
              reject: {
                label: t('libraryBills.review.reject'),
                danger: true,
                reason: {
                  title: t('libraryBills.review.rejectTitle'),
                  placeholder: t('libraryBills.review.rejectReason'),
                  testId: 'bill-reject',
                },
                onClick: (reason: string | null) => transition('reject', { reason }),
              },
            }
          : {}),
      }
    : {};

  return (
    <Drawer
      open
      width={1100}
      title={bill ? t('libraryBills.detail.title', { billNo: bill.billNo }) : ''}
      onClose={onClose}
      extra={
        bill && (
          <Space>
            <Button
              data-testid="bill-pick-list"
              onClick={() =>
                void downloadEndpoint(
                  (c) =>
                    family === 'outbound' ? c.libraryBills.outboundPickList : c.libraryBills.destroyPickList,
                  { params: { id: bill.id } },
                  `${bill.billNo}.pdf`,
                )
              }
            >
              {t('libraryBills.detail.pickListPdf')}
            </Button>
            <WorkflowActions
              workflow={workflow}
              state={bill.status}
              isApplicant={mine}
              actions={actions as never}
            />
          </Space>
        )
      }
    >
      {bill && (
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          {mine && view === 'review' && bill.status === 'submitted' && (
            <span style={{ opacity: 0.7 }}>{t('libraryBills.review.ownBill')}</span>
          )}
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label={t('libraryBills.kindLabel')}>
              {t(`libraryBills.kind.${bill.kind}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('libraryBills.status')}>
              <StatusTag workflow={workflow} status={bill.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('libraryBills.project')}>
              {bill.projectNo} {bill.projectName}
            </Descriptions.Item>
            {family === 'outbound' && (
              <Descriptions.Item label={t('libraryBills.stockOutType')}>
                {dash(bill.stockOutTypeName)}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('libraryBills.reason')}>{bill.reasonLabel}</Descriptions.Item>
            {family === 'outbound' && (
              <Descriptions.Item label={t('libraryBills.recipient')}>
                {dash(bill.recipient)} · {dash(bill.destination)}
              </Descriptions.Item>
            )}
            {bill.plannedAt && (
              <Descriptions.Item label={t('libraryBills.plannedAt')}>{bill.plannedAt}</Descriptions.Item>
            )}
            {bill.removedAt && (
              <Descriptions.Item label={t('libraryBills.removedAt')}>{bill.removedAt}</Descriptions.Item>
            )}
            {bill.deviation && (
              <Descriptions.Item label={t('libraryBills.deviation')}>{bill.deviation}</Descriptions.Item>
            )}
            {bill.authorisers.length > 0 && (
              <Descriptions.Item label={t('libraryBills.detail.authorisers')}>
                {bill.authorisers.map((a) => (
                  <Tag key={a.userId}>
                    {a.name}
                    {a.qa ? ` · ${t('libraryBills.detail.qa')}` : ''}
                  </Tag>
                ))}
              </Descriptions.Item>
            )}
            {bill.receiverName && (
              <Descriptions.Item label={t('libraryBills.detail.receiver')}>
                {bill.receiverName}
              </Descriptions.Item>
            )}
            {bill.witnessName && (
              <Descriptions.Item label={t('libraryBills.detail.witness')}>
                {bill.witnessName}
              </Descriptions.Item>
            )}
            {bill.method && (
              <Descriptions.Item label={t('libraryBills.detail.method')}>
                {wordLabel(DESTROY_METHOD_WORDS, bill.method)} · {bill.certificate}
              </Descriptions.Item>
            )}
          </Descriptions>
          <CustodyRecord bill={bill} />
          {view === 'confirm' && (bill.status === 'approved' || bill.status === 'confirmed') && (
            <ConfirmPanel family={family} bill={bill} onChanged={reload} />
          )}
          <LineTable bill={bill} />
          <div>
            <h4>{t('libraryBills.detail.signatures')}</h4>
            {bill.signatures.length === 0
              ? '-'
              : bill.signatures.map((s) => (
                  <div key={`${s.action}-${s.signedAt}`}>
                    {s.signerName} · {s.meaning} · {formatTime(s.signedAt)}
                  </div>
                ))}
          </div>
          <div>
            <h4>{t('libraryBills.detail.history')}</h4>
            <EventTimeline
              events={bill.events.map((e, i) => ({ ...e, id: i }))}
              workflow={workflow}
              group="events"
              ns="libraryBills"
            />
          </div>
        </Space>
      )}
    </Drawer>
  );
}

/** The lines in pick-list order with where each is, what it takes, its eligibility and scan state. */
function LineTable({ bill }: { bill: BillDetail }) {
  const { t } = useTranslation();
  type Line = BillDetail['lineRows'][number];
  return (
    <Table<Line>
      size="small"
      rowKey="id"
      dataSource={bill.lineRows}
      pagination={bill.lineRows.length > 50 ? { pageSize: 50 } : false}
      data-testid="bill-lines"
      columns={[
        { dataIndex: 'barcode', title: t('libraryBills.detail.barcode'), width: 130 },
        {
          dataIndex: 'sampleTypeName',
          title: t('libraryBills.detail.sampleType'),
          width: 100,
          render: (v) => dash(v),
        },
        { key: 'place', title: t('libraryBills.detail.position'), render: (_, l) => placeOf(l) },
        {
          key: 'quantity',
          title: t('libraryBills.detail.quantity'),
          width: 100,
          render: (_, l) =>
            l.whole ? t('libraryBills.detail.whole') : t('libraryBills.detail.partial', { n: l.quantityUl }),
        },
        {
          key: 'eligibility',
          title: t('libraryBills.detail.eligibility'),
          width: 160,
          // Worked out while the bill is open; a carried-out or closed bill's lines have none to show.
          render: (_, l) =>
            !BILL_OPEN_STATES.includes(bill.status) ? (
              '-'
            ) : l.problems.length === 0 ? (
              <Tag color="green">{t('libraryBills.detail.eligible')}</Tag>
            ) : (
              l.problems.map((p) => (
                // A warning (expired on an outbound line) is the reviewer's to weigh: it does not block.
                <Tag
                  key={p}
                  color={LINE_WARNINGS.includes(p) ? 'orange' : 'red'}
                  data-testid={`line-problem-${l.barcode}`}
                >
                  {t(`libraryBills.problem.${p}`)}
                </Tag>
              ))
            ),
        },
        {
          key: 'scan',
          title: t('libraryBills.detail.scanned'),
          width: 150,
          render: (_, l) =>
            l.missingNote ? (
              <Tag color="orange">
                {t('libraryBills.detail.missingNote')}: {l.missingNote}
              </Tag>
            ) : l.scanned ? (
              <Tag color="blue">{t('libraryBills.detail.scanned')}</Tag>
            ) : l.returnedAt ? (
              <Tag>{t('libraryBills.detail.returned')}</Tag>
            ) : (
              '-'
            ),
        },
      ]}
    />
  );
}

/** The outbound kinds' create buttons (each its own page). */
export function OutboundCreateButtons() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pages: Array<[string, string]> = [
    ['out', 'create-out'],
    ['batch', 'create-batch-out'],
    ['pre', 'create-pre'],
    ['post', 'create-post'],
    ['backup', 'create-backup'],
  ];
  return (
    <Permission value={[BILL_PERMISSIONS.outCreate]}>
      <Space wrap>
        {pages.map(([key, page]) => (
          <Button
            key={key}
            type={key === 'out' ? 'primary' : 'default'}
            data-testid={`bill-new-${key}`}
            onClick={() => navigate(`/specimen/manage/${page}`)}
          >
            {t(`libraryBills.create.${key as 'out'}`)}
          </Button>
        ))}
      </Space>
    </Permission>
  );
}

export function DestroyCreateButtons() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Permission value={[BILL_PERMISSIONS.destroyCreate]}>
      <Space>
        <Button
          type="primary"
          data-testid="bill-new-destroy"
          onClick={() => navigate('/specimen/manage/create-destroy')}
        >
          {t('libraryBills.create.destroy')}
        </Button>
        <Button
          data-testid="bill-new-batch-destroy"
          onClick={() => navigate('/specimen/manage/batch-create-destroy')}
        >
          {t('libraryBills.create.batchDestroy')}
        </Button>
      </Space>
    </Permission>
  );
}
