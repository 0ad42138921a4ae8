import {
  CUSTODY_ACTION_WORDS,
  type CustodyAction,
  type CustodyLogRow,
  LIBRARY_PERMISSIONS,
} from '@trialab/api-contract';
import { DatePicker, Form, Input, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { ExportButton } from '../../../components/ExportButton';
import { ListPage, useListPage } from '../../../components/ListPage';
import { wordLabel, wordOptions } from '../../../components/libraryWords';
import { SpecimenTimelineDrawer, TimelineButton } from '../../../components/RecordTimeline';
import { useEndpointQuery } from '../../../services/query';
import { CodeSelect, useUnits } from '../container-manage/parts';

interface Filter {
  barcode?: string;
  boxCode?: string;
  unitId?: number;
  actions?: CustodyAction[];
  userId?: number;
  from?: string;
  to?: string;
  reference?: string;
}
type FormValues = Omit<Filter, 'from' | 'to'> & { days?: [Dayjs, Dayjs] | null };

const ACTION_COLOURS: Record<CustodyAction, string> = {
  place: 'green',
  import: 'green',
  move: 'blue',
  boxMove: 'blue',
  evacuate: 'purple',
  outbound: 'gold',
  return: 'cyan',
  destroy: 'red',
};

/**
 * /specimen/specimen-log-manage: the custody log (every change of a specimen's place, written by the
 * position engine), newest first, filtered by barcode (a parent's finds its aliquots), box, unit,
 * action, person, days in the user's zone and bill or move number; xlsx of the filtered rows; a row
 * opens the specimen's timeline.
 */
export default function SpecimenLogPage() {
  const { t } = useTranslation('libraryLog');
  const list = useListPage((c) => c.libraryLog.list, {} as Filter);
  const units = useUnits();
  // The person filter offers those the log can show: the users who moved specimens (POST /sample/users).
  const people =
    useEndpointQuery((c) => c.sampleUsers.list, { body: { roles: ['custody'] } }).data?.data ?? [];
  const [open, setOpen] = useState<string | null>(null);

  const columns: DataColumn<CustodyLogRow>[] = [
    col.time('at', t('log.when')),
    col.text('barcode', t('log.barcode'), 150),
    col.text('projectNo', t('log.project'), 120),
    {
      title: t('log.action'),
      dataIndex: 'action',
      width: 110,
      render: (v: CustodyAction) => <Tag color={ACTION_COLOURS[v]}>{wordLabel(CUSTODY_ACTION_WORDS, v)}</Tag>,
    },
    col.text('from', t('log.from'), 210),
    col.text('to', t('log.to'), 210),
    col.text('reference', t('log.reference'), 150),
    col.text('reason', t('log.reason'), 160),
    col.text('userName', t('log.who'), 100),
  ];

  return (
    <ListPage<CustodyLogRow, Filter>
      list={list}
      rowKey="id"
      code="specimen.specimen-log-manage"
      columns={columns}
      onRowClick={(row) => setOpen(row.barcode)}
      actions={{
        width: 90,
        render: (row) => (
          <TimelineButton onClick={() => setOpen(row.barcode)} testId={`log-timeline-${row.id}`} />
        ),
      }}
      onSearch={(values) => {
        const { days, ...rest } = values as FormValues;
        list.search({
          ...rest,
          ...(days?.[0] && days[1]
            ? { from: days[0].format('YYYY-MM-DD'), to: days[1].format('YYYY-MM-DD') }
            : {}),
        });
      }}
      filters={
        <>
          <Form.Item name="barcode" label={t('log.barcode')}>
            <Input allowClear maxLength={32} placeholder={t('log.barcodeHint')} data-testid="log-barcode" />
          </Form.Item>
          <Form.Item name="boxCode" label={t('log.box')}>
            <Input allowClear maxLength={64} />
          </Form.Item>
          <Form.Item name="unitId" label={t('log.unit')}>
            <CodeSelect records={units} />
          </Form.Item>
          <Form.Item name="actions" label={t('log.action')}>
            <Select
              mode="multiple"
              allowClear
              style={{ minWidth: 160 }}
              options={wordOptions(CUSTODY_ACTION_WORDS)}
            />
          </Form.Item>
          <Form.Item name="userId" label={t('log.who')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: 140 }}
              options={people.map((p) => ({ value: p.id, label: p.username }))}
            />
          </Form.Item>
          <Form.Item name="days" label={t('log.when')}>
            <DatePicker.RangePicker />
          </Form.Item>
          <Form.Item name="reference" label={t('log.reference')}>
            <Input allowClear maxLength={64} placeholder={t('log.referenceHint')} />
          </Form.Item>
        </>
      }
      toolbar={
        <ExportButton
          endpoint={(api) => api.libraryLog.export}
          input={{ body: list.filter }}
          fileName={`${t('log.exportName')}.xlsx`}
          permission={[LIBRARY_PERMISSIONS.logExport]}
          data-testid="log-export"
        >
          {t('log.export')}
        </ExportButton>
      }
    >
      <SpecimenTimelineDrawer code={open} onClose={() => setOpen(null)} />
    </ListPage>
  );
}
