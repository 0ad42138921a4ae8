import {
  CUSTODY_ACTION_WORDS,
  libraryWord,
  MOVE_REQUEST_KINDS,
  MOVE_REQUEST_PERMISSIONS,
  MOVE_REQUEST_STATES,
  MOVE_SIGNATURE_MEANING,
  type MoveLine,
  type MoveRequestRow,
  moveRequestWorkflow,
} from '@trialab/api-contract';
import { Button, Descriptions, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../../access/gates';
import { col } from '../../../../components/columns';
import { StaticTable } from '../../../../components/DataTable';
import { FormModal } from '../../../../components/FormModal';
import { dash, formatTime, inLanguage } from '../../../../components/format';
import { type ListColumn, ListPage, useListPage } from '../../../../components/ListPage';
import { EventTimeline, stateText } from '../../../../components/StatusTag';
import { ViewModal } from '../../../../components/ViewModal';
import { useDetail } from '../../../../components/ViewModal/useDetail';
import { WorkflowActions } from '../../../../components/WorkflowActions';
import { callEndpoint, downloadEndpoint } from '../../../../services/endpoint';
import { useEndpointQuery } from '../../../../services/query';
import { useSession } from '../../../../stores/session';
import { feedback } from '../../../../utils/feedback';

interface Filter {
  status?: (typeof MOVE_REQUEST_STATES)[number];
  kind?: (typeof MOVE_REQUEST_KINDS)[number];
  keyword?: string;
}

const place = (p: MoveLine['from']) => [p.unit, p.rack, p.box, p.position].filter(Boolean).join(' / ');

/** One request: its pick-and-put list in pick order, signatures and history. */
function RequestView({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('libraryMap', { keyPrefix: 'moves' });
  const detail = useDetail(id, (c) => c.libraryMoves.get, onClose);
  const columns = [
    { dataIndex: 'seq', title: t('seq'), width: 70 },
    {
      dataIndex: 'action',
      title: t('action'),
      width: 110,
      render: (v: string) => libraryWord(CUSTODY_ACTION_WORDS, v, i18n.language),
    },
    {
      dataIndex: 'barcode',
      title: t('item'),
      width: 150,
      render: (_: unknown, l: MoveLine) => l.boxCode ?? l.barcode ?? t('hidden'),
    },
    { dataIndex: 'from', title: t('from'), render: (_: unknown, l: MoveLine) => place(l.from) },
    { dataIndex: 'to', title: t('to'), render: (_: unknown, l: MoveLine) => place(l.to) },
  ];
  return (
    <ViewModal
      open={id !== null}
      width={1000}
      title={detail ? t('detailTitle', { number: detail.number }) : ''}
      onCancel={onClose}
      footer={
        detail && (
          <Permission value={[MOVE_REQUEST_PERMISSIONS.export]}>
            <Button
              data-testid="move-pick-list"
              onClick={() =>
                downloadEndpoint(
                  (c) => c.libraryMoves.pickList,
                  { params: { id: detail.id } },
                  `${detail.number}-pick-list.pdf`,
                )
              }
            >
              {t('pickList')}
            </Button>
          </Permission>
        )
      }
    >
      {detail && (
        <>
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label={t('number')}>{detail.number}</Descriptions.Item>
            <Descriptions.Item label={t('kind')}>{t(`kinds.${detail.kind}`)}</Descriptions.Item>
            <Descriptions.Item label={t('reason')}>{detail.reason}</Descriptions.Item>
            <Descriptions.Item label={t('creator')}>{detail.creatorName}</Descriptions.Item>
            <Descriptions.Item label={t('reviewer')}>{dash(detail.reviewerName)}</Descriptions.Item>
            <Descriptions.Item label={t('executor')}>{dash(detail.executorName)}</Descriptions.Item>
            {detail.signatures.map((s) => (
              <Descriptions.Item key={s.signedAt} label={t('signatures')} span={3}>
                {`${s.signerName} ${formatTime(s.signedAt)} ${s.meaning}`}
              </Descriptions.Item>
            ))}
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('lines')}
          </Typography.Title>
          <StaticTable<MoveLine> rowKey="seq" columns={columns} dataSource={detail.lines} />
          <Typography.Title level={5}>{t('history')}</Typography.Title>
          <EventTimeline
            events={detail.events}
            workflow={moveRequestWorkflow}
            group="moves"
            ns="libraryMap"
          />
        </>
      )}
    </ViewModal>
  );
}

/** Plans the evacuation of a failed unit into backup units (one request of evacuate lines). */
function EvacuateModal({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose(): void;
  onDone(id: number): void;
}) {
  const { t } = useTranslation('libraryMap', { keyPrefix: 'moves' });
  const units = useEndpointQuery(
    (c) => c.library.unitList,
    { body: { page: 1, size: 200 } },
    { enabled: open },
  );
  const options = (units.data?.data ?? []).map((u) => ({ value: u.id, label: `${u.code} ${u.name}` }));
  type Values = { unitId: number; backupUnitIds: number[]; reason: string };
  return (
    <FormModal<Values>
      open={open}
      title={t('evacuateTitle')}
      name="evacuate"
      testId="move-evacuate-form"
      savedMessage={false}
      onClose={onClose}
      onSave={async (values) => {
        const { data } = await callEndpoint((c) => c.libraryMoves.evacuate, { body: values });
        feedback.success(t('planned', { count: data.specimens, kept: data.boxesKept, number: data.number }));
        onDone(data.id);
      }}
    >
      <Form.Item name="unitId" label={t('failedUnit')} rules={[{ required: true }]}>
        <Select options={options} showSearch optionFilterProp="label" />
      </Form.Item>
      <Form.Item name="backupUnitIds" label={t('backupUnits')} rules={[{ required: true }]}>
        <Select mode="multiple" options={options} showSearch optionFilterProp="label" />
      </Form.Item>
      <Form.Item name="reason" label={t('reason')} rules={[{ required: true, whitespace: true, max: 255 }]}>
        <Input.TextArea rows={2} maxLength={255} />
      </Form.Item>
    </FormModal>
  );
}

/**
 * /specimen/manage/specimen-move: move requests by state (made on the map or by an evacuation), their
 * review with an e-signature by someone else, execution, and the pick-and-put list as a PDF.
 */
export default function SpecimenMovePage() {
  const { t } = useTranslation('libraryMap', { keyPrefix: 'moves' });
  const { i18n } = useTranslation();
  const userId = useSession((s) => s.user?.id);
  const list = useListPage((c) => c.libraryMoves.paging, {} as Filter, { url: { status: 'one' } });
  const [viewing, setViewing] = useState<number | null>(null);
  const [evacuating, setEvacuating] = useState(false);

  const columns: ListColumn<MoveRequestRow>[] = [
    {
      dataIndex: 'number',
      title: t('number'),
      width: 170,
      filter: { name: 'keyword', input: <Input allowClear /> },
    },
    {
      dataIndex: 'kind',
      title: t('kind'),
      width: 130,
      render: (v: MoveRequestRow['kind']) => t(`kinds.${v}`),
      filter: {
        input: (
          <Select
            allowClear
            style={{ width: 150 }}
            options={MOVE_REQUEST_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          />
        ),
      },
    },
    {
      ...col.status<MoveRequestRow>(moveRequestWorkflow),
      filter: {
        input: (
          <Select
            allowClear
            style={{ width: 150 }}
            options={MOVE_REQUEST_STATES.map((s) => ({ value: s, label: stateText(moveRequestWorkflow, s) }))}
          />
        ),
      },
    },
    { dataIndex: 'reason', title: t('reason'), width: 200 },
    { dataIndex: 'specimens', title: t('specimens'), width: 90 },
    { dataIndex: 'boxes', title: t('boxes'), width: 90 },
    { dataIndex: 'unitName', title: t('unit'), width: 160, render: dash },
    { dataIndex: 'creatorName', title: t('creator'), width: 110 },
    { dataIndex: 'createdAt', title: t('createdAt'), width: 170, render: formatTime },
    { dataIndex: 'reviewerName', title: t('reviewer'), width: 110, render: dash },
    { dataIndex: 'executedAt', title: t('executedAt'), width: 170, render: formatTime },
    { dataIndex: 'closeReason', title: t('closeReason'), width: 160, render: dash },
  ];

  const done = () => {
    feedback.success(t('done'));
    list.reload();
  };
  const actions = (row: MoveRequestRow) => {
    const params = { id: row.id };
    const version = row.version;
    return (
      <WorkflowActions
        workflow={moveRequestWorkflow}
        state={row.status}
        isApplicant={row.createdBy === userId}
        before={
          <Button
            type="link"
            size="small"
            data-testid={`move-view-${row.id}`}
            onClick={() => setViewing(row.id)}
          >
            {t('view')}
          </Button>
        }
        actions={{
          approve: {
            label: t('approve'),
            testId: `move-approve-${row.id}`,
            signature: inLanguage(MOVE_SIGNATURE_MEANING, i18n.language),
            onClick: (password) =>
              callEndpoint((c) => c.libraryMoves.approve, {
                params,
                body: { version, signature: { password: password ?? '' } },
              }).then(done),
          },
          reject: {
            label: t('reject'),
            danger: true,
            testId: `move-reject-${row.id}`,
            reason: {
              title: t('rejectTitle'),
              placeholder: t('reasonPlaceholder'),
              testId: 'move-reject-reason',
            },
            onClick: (reason) =>
              callEndpoint((c) => c.libraryMoves.reject, {
                params,
                body: { version, reason: reason ?? '' },
              }).then(done),
          },
          execute: {
            label: t('execute'),
            testId: `move-execute-${row.id}`,
            confirm: t('confirmExecute'),
            onClick: () =>
              callEndpoint((c) => c.libraryMoves.execute, { params, body: { version } }).then(done),
          },
          cancel: {
            label: t('cancel'),
            danger: true,
            testId: `move-cancel-${row.id}`,
            reason: {
              title: t('cancelTitle'),
              placeholder: t('reasonPlaceholder'),
              testId: 'move-cancel-reason',
            },
            onClick: (reason) =>
              callEndpoint((c) => c.libraryMoves.cancel, {
                params,
                body: { version, reason: reason ?? '' },
              }).then(done),
          },
        }}
      />
    );
  };

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="specimen.specimen-move"
      columns={columns}
      toolbar={
        <Permission value={[MOVE_REQUEST_PERMISSIONS.move]}>
          <Button data-testid="move-evacuate" onClick={() => setEvacuating(true)}>
            {t('evacuate')}
          </Button>
        </Permission>
      }
      actions={{ width: 260, render: actions }}
    >
      <RequestView id={viewing} onClose={() => setViewing(null)} />
      <EvacuateModal
        open={evacuating}
        onClose={() => setEvacuating(false)}
        onDone={(id) => {
          setEvacuating(false);
          list.reload();
          setViewing(id);
        }}
      />
    </ListPage>
  );
}
