import {
  type DataOf,
  FEEDBACK_PERMISSIONS,
  SPECIMEN_EVENT_KINDS,
  SPECIMEN_LOG_PERMISSIONS,
  type SpecimenEventKind,
} from '@trialab/api-contract';
import { Button, DatePicker, Empty, Form, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAccess } from '../../../access/useAccess';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { ExportButton } from '../../../components/ExportButton';
import { ListPage, useListPage } from '../../../components/ListPage';
import { t as translate } from '../../../locales';
import type { Contract } from '../../../services/contract';
import { type LogFilter as Filter, toLogFilter, type LogValues as Values } from './filter';

type SpecimenEvent = DataOf<Contract['specimenLog']['paging']>[number];

const COLORS: Record<SpecimenEventKind, string> = {
  specimen: 'purple',
  shipment: 'cyan',
  order: 'blue',
  result: 'geekblue',
  report: 'green',
  query: 'orange',
  feedback: 'gold',
};

/**
 * /laboratory/specimen-logger: every event of a sample barcode — registration and sign-for, the
 * shipment, the test order, results and report versions, queries and feedback — read from the records
 * and the audit trail, paged and exportable.
 */
export default function SpecimenLoggerPage() {
  const { t } = useTranslation();
  const { t: l } = useTranslation('labQueries', { keyPrefix: 'log' });
  const { can } = useAccess();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  // No request until a barcode is given: the log is per barcode.
  const list = useListPage((c) => c.specimenLog.paging, {} as Filter, {
    when: (filter) => Boolean(filter.barcode),
  });
  const filter = list.filter.barcode ? list.filter : null;

  const columns: DataColumn<SpecimenEvent>[] = [
    { dataIndex: 'barcode', title: l('barcode'), width: 150 },
    col.time('at', l('at')),
    {
      dataIndex: 'kind',
      title: l('kind'),
      width: 110,
      render: (v: SpecimenEventKind) => <Tag color={COLORS[v]}>{l(`kindNames.${v}`)}</Tag>,
    },
    {
      dataIndex: 'action',
      title: l('action'),
      width: 220,
      render: (v: string) => (
        <span data-testid="log-action" data-action={v}>
          {translate(`labQueries.log.actions.${v.replace('.', '_')}`, { defaultValue: v })}
        </span>
      ),
    },
    { dataIndex: 'reference', title: l('reference'), width: 190 },
    col.text('username', l('username'), 100),
    col.text('reason', l('reason'), 200),
    col.text('workstation', l('workstation'), 120),
  ];

  return (
    <ListPage<SpecimenEvent, Values>
      list={list}
      rowKey="id"
      code="lab.specimenLog"
      columns={columns}
      form={form}
      onSearch={(values) => list.search(toLogFilter(values))}
      filters={
        <>
          <Form.Item
            name="barcode"
            rules={[{ required: true, whitespace: true, min: 2, message: l('barcodeRequired') }]}
          >
            <Input allowClear maxLength={32} placeholder={l('barcodeHint')} data-testid="log-barcode" />
          </Form.Item>
          <Form.Item name="kinds" label={l('kinds')}>
            <Select
              mode="multiple"
              allowClear
              style={{ minWidth: 200 }}
              options={SPECIMEN_EVENT_KINDS.map((k) => ({ value: k, label: l(`kindNames.${k}`) }))}
            />
          </Form.Item>
          <Form.Item name="dates" label={l('dates')}>
            <DatePicker.RangePicker />
          </Form.Item>
        </>
      }
      toolbar={
        <>
          <ExportButton
            endpoint={(c) => c.specimenLog.export}
            input={filter && { body: filter }}
            fileName={`${l('exportName')}-${filter?.barcode}.xlsx`}
            permission={[SPECIMEN_LOG_PERMISSIONS.export]}
          >
            {l('export')}
          </ExportButton>
          {filter && can(FEEDBACK_PERMISSIONS.create) && (
            <Button
              onClick={() =>
                navigate(`/laboratory/before-analysis/feedback?barcode=${encodeURIComponent(filter.barcode)}`)
              }
            >
              {t('labQueries.query.feedback')}
            </Button>
          )}
        </>
      }
    >
      {!filter && <Empty description={l('empty')} style={{ marginTop: 16 }} />}
    </ListPage>
  );
}
