import { auditRecordText, type ProjectItemLogRow } from '@trialab/api-contract';
import { Button, DatePicker, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeLines, ChangeTable, OneLine } from '../../../components/ChangeList';
import { AuditPickers } from '../../../components/ChangeList/AuditPickers';
import { actionLabel } from '../../../components/ChangeList/actionLabel';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { ExportButton } from '../../../components/ExportButton';
import { ListPage, useListPage } from '../../../components/ListPage';
import { ProjectSelect } from '../../../components/ProjectSelect';
import { type DayRange, toTimeRange } from '../../../components/timeRange';

interface Filter {
  projectId?: number;
  username?: string;
  action?: string;
  startTime?: string;
  endTime?: string;
}
type Values = Omit<Filter, 'startTime' | 'endTime'> & { dates?: DayRange };

/**
 * /project/item-log: the history of the projects' configuration (voided barcodes, reference ranges)
 * from the audit trail, old and new values side by side; exported as the operation log is.
 */
export default function ItemLogPage() {
  const { t } = useTranslation('projectConfig', { keyPrefix: 'log' });
  const { t: s } = useTranslation('projectConfig', { keyPrefix: 'shared' });
  const list = useListPage((c) => c.projectItemLog.paging, {} as Filter);
  const [viewing, setViewing] = useState<ProjectItemLogRow | null>(null);

  // Sized to fit 1440 px beside the menu: nothing behind the pinned actions column.
  const columns: DataColumn<ProjectItemLogRow>[] = [
    { ...col.time('at', t('at')), width: 160 },
    col.text('username', t('username'), 100),
    {
      dataIndex: 'action',
      title: `${t('action')} / ${t('entity')}`,
      width: 240,
      render: (action: string, row) => (
        <>
          <OneLine width={224} text={actionLabel(action)} />
          <OneLine width={224} text={auditRecordText(row)} secondary />
        </>
      ),
    },
    {
      dataIndex: 'newValue',
      title: `${t('before')} → ${t('after')}`,
      width: 300,
      render: (_: unknown, row) => <ChangeLines row={row} width={284} />,
    },
    col.text('reason', s('reason'), 120),
  ];

  return (
    <ListPage<ProjectItemLogRow, Values>
      list={list}
      rowKey="id"
      code="project.item-log"
      columns={columns}
      onSearch={({ dates, ...values }) => list.search({ ...values, ...toTimeRange(dates) })}
      filters={
        <>
          <Form.Item name="projectId" label={s('project')}>
            <ProjectSelect allowClear style={{ width: 220 }} data-testid="item-log-project" />
          </Form.Item>
          <AuditPickers endpoint={(c) => c.projectItemLog.options} />
          <Form.Item name="dates" label={t('timeRange')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
        </>
      }
      toolbar={
        <ExportButton
          endpoint={(c) => c.projectItemLog.export}
          input={{ body: list.filter }}
          fileName={`${t('exportName')}.xlsx`}
          data-testid="item-log-export"
        >
          {t('export')}
        </ExportButton>
      }
      actions={{
        width: 80,
        render: (row) => (
          <Button
            type="link"
            size="small"
            onClick={() => setViewing(row)}
            data-testid={`item-log-view-${row.id}`}
          >
            {t('view')}
          </Button>
        ),
      }}
    >
      <Modal
        open={viewing !== null}
        title={viewing ? actionLabel(viewing.action) : ''}
        width={760}
        footer={null}
        onCancel={() => setViewing(null)}
        destroyOnHidden
      >
        {viewing && <ChangeTable row={viewing} />}
      </Modal>
    </ListPage>
  );
}
