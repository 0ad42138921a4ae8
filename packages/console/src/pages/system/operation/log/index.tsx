import { auditRecordText, type DataOf, SYSTEM_PERMISSIONS } from '@trialab/api-contract';
import { Button, DatePicker, Descriptions, Form, Input, Modal, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeLines, ChangeTable, OneLine } from '../../../../components/ChangeList';
import { AuditPickers } from '../../../../components/ChangeList/AuditPickers';
import { actionLabel, objectLabel } from '../../../../components/ChangeList/actionLabel';
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
  signIn?: boolean;
  startTime?: string;
  endTime?: string;
}
type Values = Omit<Filter, 'startTime' | 'endTime'> & { dates?: DayRange };

/**
 * /system/operation/log: the audit trail in words (who, when, what, old and new values, reason),
 * filtered by pickers and exported; sign-in events (the login log's) only behind their switch.
 */
export default function OperationLogPage() {
  const { t: o } = useTranslation('system', { keyPrefix: 'operationLog' });
  const { t: c } = useTranslation('system', { keyPrefix: 'shared' });
  const list = useListPage((e) => e.user.operateLogPaging, {} as Filter);
  const [viewing, setViewing] = useState<AuditRow | null>(null);

  // Sized to fit 1440 px beside the menu: nothing behind the pinned actions column.
  const columns: DataColumn<AuditRow>[] = [
    { ...col.time('at', o('at')), width: 160 },
    col.text('username', o('username'), 100),
    {
      dataIndex: 'action',
      title: `${o('action')} / ${o('entity')}`,
      width: 240,
      render: (action: string, row) => (
        <>
          <OneLine width={224} text={actionLabel(action)} />
          <OneLine width={224} text={`${objectLabel(row.entity)} ${auditRecordText(row)}`} secondary />
        </>
      ),
    },
    {
      dataIndex: 'newValue',
      title: o('changes'),
      width: 320,
      render: (_: unknown, row) => <ChangeLines row={row} width={304} />,
    },
    col.text('reason', o('reason'), 140),
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
          <AuditPickers endpoint={(e) => e.user.operateLogOptions} objects />
          <Form.Item name="dates" label={c('timeRange')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
          <Form.Item name="signIn" label={o('signIn')} valuePropName="checked" tooltip={o('signInHint')}>
            <Switch size="small" data-testid="audit-sign-in" />
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
                <span title={viewing.action}>{actionLabel(viewing.action)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={o('entity')}>
                <span title={`${viewing.entity} ${viewing.entityId ?? ''}`}>
                  {objectLabel(viewing.entity)} {auditRecordText(viewing)}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={o('reason')} span={2}>
                {dash(viewing.reason)}
              </Descriptions.Item>
              <Descriptions.Item label={o('requestId')}>{dash(viewing.requestId)}</Descriptions.Item>
              <Descriptions.Item label={o('workstation')}>
                {dash(viewing.workstation)} / {dash(viewing.ip)}
              </Descriptions.Item>
            </Descriptions>
            <ChangeTable row={viewing} />
          </div>
        )}
      </Modal>
    </ListPage>
  );
}
