import { CONSUMABLE_ORDER_STATES } from '@trialab/api-contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { dash, formatTime } from '../../../components/format';
import { ListPage, StatesFilter, useListPage } from '../../../components/ListPage';
import { StatusTag } from '../../../components/StatusTag';
import type { LineReportRow } from '../api';

type State = (typeof CONSUMABLE_ORDER_STATES)[number];

/** /web/consumables-apply-report: every line of my sites' applications, with its dispatch data. */
export default function ConsumablesReportPage() {
  const { t } = useTranslation();
  const list = useListPage(
    (c) => c.consumable.linePaging,
    {} as { orderNo?: string; consumableName?: string; status?: State[] },
  );
  const k = (key: string) => t(`web.consumable.kit.${key}`);
  const columns: DataColumn<LineReportRow>[] = [
    { dataIndex: 'orderNo', title: t('web.consumable.orderNo'), width: 180 },
    { dataIndex: 'projectNo', title: t('web.common.projectNo'), width: 130 },
    {
      dataIndex: 'siteName',
      title: t('web.common.siteName'),
      render: (v: string, row) => `${row.siteNo} ${v}`,
    },
    {
      dataIndex: 'status',
      title: t('web.common.status'),
      width: 110,
      render: (v: string) => <StatusTag group="consumable" status={v} />,
    },
    { dataIndex: 'kitName', title: k('kitName'), width: 140, render: dash },
    { dataIndex: 'consumableName', title: k('consumableName'), width: 140 },
    { dataIndex: 'size', title: k('size'), width: 80, render: dash },
    { dataIndex: 'vendor', title: k('vendor'), width: 160, render: dash },
    { dataIndex: 'unit', title: k('unit'), width: 60 },
    { dataIndex: 'quantityPerKit', title: k('quantityPerKit'), width: 80, render: dash },
    { dataIndex: 'kitAmount', title: k('kitAmount'), width: 80 },
    { dataIndex: 'lotNumber', title: k('lotNumber'), width: 110, render: dash },
    { dataIndex: 'outboundQuantity', title: k('outboundQuantity'), width: 90, render: dash },
    { dataIndex: 'expiryDate', title: k('expiryDate'), width: 110, render: dash },
    { dataIndex: 'courier', title: t('web.consumable.courier'), width: 100, render: dash },
    { dataIndex: 'expressNo', title: t('web.consumable.expressNo'), width: 150, render: dash },
    { dataIndex: 'applicantName', title: t('web.consumable.applicant'), width: 100 },
    {
      dataIndex: 'applyTime',
      title: t('web.consumable.applyTime'),
      width: 170,
      render: (v: string) => formatTime(v),
    },
  ];
  return (
    <ListPage
      title={t('web.report.lines')}
      list={list}
      rowKey="id"
      code="web.consumables-apply-report"
      columns={columns}
      filters={
        <>
          <Form.Item name="orderNo" label={t('web.consumable.orderNo')}>
            <Input allowClear maxLength={32} />
          </Form.Item>
          <Form.Item name="consumableName" label={t('web.report.consumableName')}>
            <Input allowClear maxLength={64} />
          </Form.Item>
          <StatesFilter
            label={t('web.common.status')}
            states={CONSUMABLE_ORDER_STATES}
            labelOf={(s) => t(`web.consumable.statuses.${s}`)}
          />
        </>
      }
    />
  );
}
