import { type DataOf, SYSTEM_PERMISSIONS } from '@trialab/api-contract';
import { Button, DatePicker, Descriptions, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeLines, ChangeTable } from '../../../../components/ChangeList';
import { actionLabel } from '../../../../components/ChangeList/actionLabel';
import { col } from '../../../../components/columns';
import type { DataColumn } from '../../../../components/DataTable';
import { ExportButton } from '../../../../components/ExportButton';
import { dash, formatTime } from '../../../../components/format';
import { ListPage, useListPage } from '../../../../components/ListPage';
import { type DayRange, toTimeRange } from '../../../../components/timeRange';
import type { Contract } from '../../../../services/contract';
import { AuditChainStatus } from './AuditChainStatus';

type AuditRow = DataOf<Contract['user']['operateLogPaging']>[number];

interface Filter {
  username?: string;
  entity?: string;
  action?: string;
  keyword?: string;
  startTime?: string;
  endTime?: string;
}
type Values = Omit<Filter, 'startTime' | 'endTime'> & { dates?: DayRange };

/** /system/operation/log: the audit trail (who, when, what, old and new values, reason), filtered and exported. */
export default function OperationLogPage() {
  const { t: o } = useTranslation('system', { keyPrefix: 'operationLog' });
  const { t: c } = useTranslation('system', { keyPrefix: 'shared' });
  // The workflows' names and actions label the workflow entries (actionLabel).
  useTranslation('home');
  const list = useListPage((e) => e.user.operateLogPaging, {} as Filter);
  const [viewing, setViewing] = useState<AuditRow | null>(null);

  const columns: DataColumn<AuditRow>[] = [
    col.time('at', o('at')),
    col.text('username', o('username'), 110),
    {
      dataIndex: 'action',
      title: o('action'),
      width: 190,
      render: (action: string) => <span title={action}>{actionLabel(action)}</span>,
    },
    { dataIndex: 'entity', title: o('entity'), width: 130 },
    col.text('entityId', o('entityId'), 110),
    {
      dataIndex: 'newValue',
      title: o('changes'),
      width: 340,
      render: (_: unknown, row) => <ChangeLines oldValue={row.oldValue} newValue={row.newValue} />,
    },
    col.text('reason', o('reason'), 160),
    col.text('workstation', o('workstation'), 120),
    col.text('ip', o('ip'), 120),
  ];

  return (
    <ListPage<AuditRow, Values>
      list={list}
      rowKey="id"
      code="system.operationLog"
      columns={columns}
      header={<AuditChainStatus />}
      onSearch={({ dates, ...values }) => list.search({ ...values, ...toTimeRange(dates) })}
      filters={
        <>
          <Form.Item name="keyword">
            <Input
              allowClear
              maxLength={64}
              placeholder={o('keywordHint')}
              style={{ width: 260 }}
              data-testid="audit-keyword"
            />
          </Form.Item>
          <Form.Item name="username" label={o('username')}>
            <Input allowClear maxLength={32} style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="entity" label={o('entity')}>
            <Input allowClear maxLength={64} placeholder="user, dictData…" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="action" label={o('action')}>
            <Input allowClear maxLength={64} placeholder="dict.update…" style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="dates" label={c('timeRange')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
        </>
      }
      toolbar={
        <ExportButton
          endpoint={(e) => e.user.operateLogExport}
          input={{ body: list.filter }}
          fileName={`${o('exportName')}.xlsx`}
          permission={[SYSTEM_PERMISSIONS.operationExport]}
          data-testid="audit-export"
        >
          {o('export')}
        </ExportButton>
      }
      actions={{
        width: 80,
        render: (row) => (
          <Button
            type="link"
            size="small"
            onClick={() => setViewing(row)}
            data-testid={`audit-view-${row.id}`}
          >
            {c('view')}
          </Button>
        ),
      }}
    >
      <Modal
        open={viewing !== null}
        title={o('detail')}
        width={760}
        footer={null}
        onCancel={() => setViewing(null)}
        destroyOnHidden
      >
        {viewing && (
          <div data-testid="audit-detail">
            <Descriptions column={2} size="small" bordered style={{ marginBottom: 12 }}>
              <Descriptions.Item label={o('at')}>{formatTime(viewing.at)}</Descriptions.Item>
              <Descriptions.Item label={o('username')}>{dash(viewing.username)}</Descriptions.Item>
              <Descriptions.Item label={o('action')}>
                {actionLabel(viewing.action)} ({viewing.action})
              </Descriptions.Item>
              <Descriptions.Item label={o('entity')}>
                {viewing.entity} {viewing.entityId ?? ''}
              </Descriptions.Item>
              <Descriptions.Item label={o('reason')} span={2}>
                {dash(viewing.reason)}
              </Descriptions.Item>
              <Descriptions.Item label={o('requestId')}>{dash(viewing.requestId)}</Descriptions.Item>
              <Descriptions.Item label={o('workstation')}>
                {dash(viewing.workstation)} / {dash(viewing.ip)}
              </Descriptions.Item>
            </Descriptions>
            <ChangeTable oldValue={viewing.oldValue} newValue={viewing.newValue} />
          </div>
        )}
      </Modal>
    </ListPage>
  );
}
