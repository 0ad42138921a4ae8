import { CONSUMABLE_ORDER_STATES, consumableOrderWorkflow, type DataOf } from '@trialab/api-contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { dash } from '../../../components/format';
import { ListPage, StatesFilter, useListPage } from '../../../components/ListPage';
import { stateText } from '../../../components/StatusTag';
import type { Contract } from '../../../services/contract';

type LineReportRow = DataOf<Contract['consumable']['linePaging']>[number];

type State = (typeof CONSUMABLE_ORDER_STATES)[number];

/** /web/consumables-apply-report: every line of my sites' applications, with its dispatch data. */
export default function ConsumablesReportPage() {
  const { t } = useTranslation();
  const { t: c } = useTranslation('portal', { keyPrefix: 'consumable' });
  const { t: k } = useTranslation('portal', { keyPrefix: 'consumable.kit' });
  const list = useListPage(
    (api) => api.consumable.linePaging,
    {} as { orderNo?: string; consumableName?: string; status?: State[] },
  );
  const columns: DataColumn<LineReportRow>[] = [
    { dataIndex: 'orderNo', title: c('orderNo'), width: 180 },
    col.projectNo(),
    col.site(),
    col.status(consumableOrderWorkflow),
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
    col.field('courier', 100),
    col.field('expressNo', 150),
    { dataIndex: 'applicantName', title: t('fields.applicant'), width: 100 },
    col.time('applyTime', t('fields.applyTime')),
  ];
  return (
    <ListPage
      title={t('portal.report.lines')}
      list={list}
      rowKey="id"
      code="web.consumables-apply-report"
      columns={columns}
      filters={
        <>
          <Form.Item name="orderNo" label={c('orderNo')}>
            <Input allowClear maxLength={32} />
          </Form.Item>
          <Form.Item name="consumableName" label={t('portal.report.consumableName')}>
            <Input allowClear maxLength={64} />
          </Form.Item>
          <StatesFilter
            label={t('fields.status')}
            states={CONSUMABLE_ORDER_STATES}
            labelOf={(s) => stateText(consumableOrderWorkflow, s)}
          />
        </>
      }
    />
  );
}
