import { DownloadOutlined } from '@ant-design/icons';
import {
  CONSUMABLE_PERMISSIONS,
  consumableOrderWorkflow,
  type DataOf,
  DISPATCH_NOTE_STATES,
} from '@trialab/api-contract';
import { Button, Descriptions, Divider, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../access/gates';
import type { Contract } from '../../services/contract';
import { downloadEndpoint } from '../../services/endpoint';
import { col } from '../columns';
import { useAction } from '../FormModal';
import { dash, formatTime } from '../format';
import { EventTimeline, StatusTag } from '../StatusTag';
import { ViewModal } from '../ViewModal';
import { useDetail } from '../ViewModal/useDetail';

type Detail = DataOf<Contract['consumable']['get']>;

type Line = Detail['lines'][number];

/** Kit and loose lines with the allocation (dispatch) fields. */
export function OrderLines({ lines }: { lines: Line[] }) {
  const { t: k } = useTranslation('portal', { keyPrefix: 'consumable.kit' });
  return (
    <Table<Line>
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 1400 }}
      dataSource={lines}
      columns={[
        { dataIndex: 'kitName', title: k('kitName'), width: 140, render: dash },
        col.localText<Line>('consumableName', 'consumableEnName', k('consumableName'), 140),
        col.localText<Line>('size', 'enSize', k('size'), 80),
        col.localText<Line>('vendor', 'enVendor', k('vendor'), 160),
        col.localText<Line>('unit', 'enUnit', k('unit'), 60),
        {
          dataIndex: 'quantityPerKit',
          title: k('quantityPerKit'),
          width: 80,
          render: dash,
        },
        col.localText<Line>('scopeOfUse', 'enScopeOfUse', k('scopeOfUse'), 120),
        { dataIndex: 'kitAmount', title: k('kitAmount'), width: 80 },
        {
          dataIndex: 'deliveryModel',
          title: k('deliveryModel'),
          width: 90,
          render: dash,
        },
        { dataIndex: 'lotNumber', title: k('lotNumber'), width: 110, render: dash },
        {
          dataIndex: 'outboundQuantity',
          title: k('outboundQuantity'),
          width: 90,
          render: dash,
        },
        {
          dataIndex: 'expiryDate',
          title: k('expiryDate'),
          width: 110,
          render: dash,
        },
        {
          dataIndex: 'hopedArrivalDate',
          title: k('hopedArrivalDate'),
          width: 110,
          render: dash,
        },
        { dataIndex: 'note', title: k('note'), width: 140, render: dash },
      ]}
    />
  );
}

/**
 * "Download dispatch note" once the application has gone out: the supply staff through their
 * endpoint (`staff`), site users through the portal's.
 */
export function DispatchNoteButton({
  order,
  staff = false,
}: {
  order: Pick<Detail, 'id' | 'orderNo' | 'status'>;
  staff?: boolean;
}) {
  const { t: c } = useTranslation('portal', { keyPrefix: 'consumable' });
  const [run, busy] = useAction();
  if (!(DISPATCH_NOTE_STATES as readonly string[]).includes(order.status)) return null;
  return (
    <Permission value={[staff ? CONSUMABLE_PERMISSIONS.staffPage : CONSUMABLE_PERMISSIONS.query]}>
      <Button
        type="link"
        size="small"
        icon={<DownloadOutlined />}
        loading={busy}
        data-testid={`dispatch-note-${order.orderNo}`}
        onClick={() =>
          void run(() =>
            downloadEndpoint(
              (api) => (staff ? api.consumable.staffDispatchNote : api.consumable.dispatchNote),
              { params: { id: order.id } },
              `${order.orderNo}-dispatch-note.pdf`,
            ),
          )
        }
      >
        {c('dispatchNote')}
      </Button>
    </Permission>
  );
}

/** Detail of one application: base, shipping, lines with allocation, and every transition. */
export function OrderDetailModal({
  id,
  onClose,
  staff = false,
}: {
  id: number | null;
  onClose(): void;
  /** Opened by the supply staff (their dispatch note endpoint). */
  staff?: boolean;
}) {
  const { t } = useTranslation();
  const { t: c } = useTranslation('portal', { keyPrefix: 'consumable' });
  const detail = useDetail(id, (api) => api.consumable.get, onClose);
  return (
    <ViewModal open={id !== null} onCancel={onClose} title={c('detail')} width={1100} loading={!detail}>
      {detail && (
        <div data-testid="order-detail">
          <Descriptions
            size="small"
            bordered
            column={3}
            title={c('sections.base')}
            extra={<DispatchNoteButton order={detail} staff={staff} />}
          >
            <Descriptions.Item label={c('orderNo')}>{detail.orderNo}</Descriptions.Item>
            <Descriptions.Item label={t('fields.status')}>
              <StatusTag workflow={consumableOrderWorkflow} status={detail.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.project')}>
              {detail.projectNo} {detail.projectName}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.site')}>
              {detail.siteNo} {detail.siteName}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.applicant')}>{detail.applicantName}</Descriptions.Item>
            <Descriptions.Item label={t('fields.applyTime')}>
              {formatTime(detail.applyTime)}
            </Descriptions.Item>
            <Descriptions.Item label={c('expectedShipDate')}>
              {dash(detail.expectedShipDate)}
            </Descriptions.Item>
            <Descriptions.Item label={c('hopedArrivalDate')}>
              {dash(detail.hopedArrivalDate)}
            </Descriptions.Item>
            <Descriptions.Item label={c('auditor')}>{dash(detail.auditorName)}</Descriptions.Item>
            <Descriptions.Item label={c('auditTime')}>{formatTime(detail.auditTime)}</Descriptions.Item>
            <Descriptions.Item label={c('rejectReason')} span={2}>
              {dash(detail.rejectReason)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.courier')}>{dash(detail.courier)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.expressNo')}>{dash(detail.expressNo)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.note')}>{dash(detail.note)}</Descriptions.Item>
          </Descriptions>
          <Divider />
          <Descriptions size="small" bordered column={3} title={c('sections.shipping')}>
            <Descriptions.Item label={t('portal.contact.name')}>
              {detail.receiveAddress.name}
            </Descriptions.Item>
            <Descriptions.Item label={t('portal.contact.phone')}>
              {detail.receiveAddress.phone}
            </Descriptions.Item>
            <Descriptions.Item label={t('portal.contact.company')}>
              {dash(detail.receiveAddress.company)}
            </Descriptions.Item>
            <Descriptions.Item label={t('portal.contact.area')}>
              {detail.receiveAddress.area}
            </Descriptions.Item>
            <Descriptions.Item label={t('portal.contact.detail')} span={2}>
              {detail.receiveAddress.detail}
            </Descriptions.Item>
          </Descriptions>
          <Divider />
          <Typography.Title level={5}>{c('sections.allocation')}</Typography.Title>
          <OrderLines lines={detail.lines} />
          <Divider />
          <Typography.Title level={5}>{c('sections.history')}</Typography.Title>
          <EventTimeline events={detail.events} group="consumable" workflow={consumableOrderWorkflow} />
        </div>
      )}
    </ViewModal>
  );
}
