import type { DataOf } from '@trialab/api-contract';
import { sampleShipmentWorkflow } from '@trialab/api-contract';
import { Alert, Descriptions, Divider, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Contract } from '../../services/contract';
import type { EndpointPick } from '../../services/query';
import { dash, formatTime } from '../format';
import { EventTimeline, StatusTag } from '../StatusTag';
import { ViewModal } from '../ViewModal';
import { useDetail } from '../ViewModal/useDetail';

type Contact = DataOf<Contract['sampleTransport']['get']>['sender'];

function ContactBlock({ title, contact }: { title: string; contact: Contact }) {
  const { t } = useTranslation('portal', { keyPrefix: 'contact' });
  return (
    <Descriptions size="small" bordered column={3} title={title}>
      <Descriptions.Item label={t('name')}>{contact.name}</Descriptions.Item>
      <Descriptions.Item label={t('phone')}>{contact.phone}</Descriptions.Item>
      <Descriptions.Item label={t('company')}>{dash(contact.company)}</Descriptions.Item>
      <Descriptions.Item label={t('area')}>{contact.area}</Descriptions.Item>
      <Descriptions.Item label={t('detail')}>{contact.detail}</Descriptions.Item>
      <Descriptions.Item label={t('email')}>{dash(contact.email)}</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * One booking: sample list, shipping, logistics, sign-off, temperature documents, order information.
 * `endpoint` reads it (the site's read by default; staff screens pass their own).
 */
export function ShipmentDetailModal({
  id,
  onClose,
  endpoint = (c) => c.sampleTransport.get,
}: {
  id: number | null;
  onClose(): void;
  endpoint?: EndpointPick<Contract['sampleTransport']['get'] | Contract['staffShipment']['get']>;
}) {
  const { t } = useTranslation();
  const { t: s } = useTranslation('portal', { keyPrefix: 'shipment' });
  const detail = useDetail(id, endpoint, onClose);
  return (
    <ViewModal open={id !== null} onCancel={onClose} title={s('detail')} width={1000} loading={!detail}>
      {detail && (
        <div data-testid="shipment-detail">
          {detail.correction && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="shipment-correction"
              message={s('correction')}
              description={
                <Descriptions size="small" column={3}>
                  <Descriptions.Item label={s('correctionBy')}>{detail.correction.byName}</Descriptions.Item>
                  <Descriptions.Item label={s('correctionAt')}>
                    {formatTime(detail.correction.at)}
                  </Descriptions.Item>
                  <Descriptions.Item label={s('correctionReason')}>
                    {detail.correction.reason}
                  </Descriptions.Item>
                </Descriptions>
              }
            />
          )}
          <Typography.Title level={5}>{s('samples')}</Typography.Title>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={detail.samples}
            columns={[
              { dataIndex: 'sampleTypeName', title: s('sampleType') },
              { dataIndex: 'temperatureName', title: s('temperature') },
              { dataIndex: 'quantity', title: s('quantity') },
              { dataIndex: 'unit', title: s('unit') },
            ]}
          />
          <Divider />
          <ContactBlock title={s('sender')} contact={detail.sender} />
          <Divider />
          <ContactBlock title={s('consignee')} contact={detail.consignee} />
          <Divider />
          <Descriptions size="small" bordered column={3} title={s('logistics')}>
            <Descriptions.Item label={s('courier')}>{dash(detail.courier)}</Descriptions.Item>
            <Descriptions.Item label={s('expressNo')}>{dash(detail.expressNo)}</Descriptions.Item>
            <Descriptions.Item label={s('dispatcher')}>{dash(detail.dispatcherName)}</Descriptions.Item>
            <Descriptions.Item label={s('dispatchTime')}>{formatTime(detail.dispatchTime)}</Descriptions.Item>
            <Descriptions.Item label={s('coldChain')}>
              {t(detail.coldChain ? 'portal.shared.yes' : 'portal.shared.no')}
            </Descriptions.Item>
            <Descriptions.Item label={s('tat')}>{dash(detail.tat)}</Descriptions.Item>
          </Descriptions>
          <Divider />
          <Descriptions size="small" bordered column={3} title={s('signOff')}>
            <Descriptions.Item label={s('signer')}>{dash(detail.signerName)}</Descriptions.Item>
            <Descriptions.Item label={s('signedAt')}>{formatTime(detail.signedAt)}</Descriptions.Item>
            <Descriptions.Item label={s('temperatureDocs')}>
              {detail.temperatureFileIds.length > 0 ? detail.temperatureFileIds.length : s('none')}
            </Descriptions.Item>
          </Descriptions>
          <Divider />
          <Descriptions size="small" bordered column={3} title={s('orderInfo')}>
            <Descriptions.Item label={s('orderNo')}>{detail.orderNo}</Descriptions.Item>
            <Descriptions.Item label={t('fields.status')}>
              <StatusTag workflow={sampleShipmentWorkflow} status={detail.status} />
            </Descriptions.Item>
            <Descriptions.Item label={s('protocolNo')}>{detail.protocolNo}</Descriptions.Item>
            <Descriptions.Item label={t('fields.project')}>{detail.projectName}</Descriptions.Item>
            <Descriptions.Item label={t('fields.site')}>
              {detail.siteNo} {detail.siteName}
            </Descriptions.Item>
            <Descriptions.Item label={s('estimatedShipDate')}>{detail.estimatedShipDate}</Descriptions.Item>
            <Descriptions.Item label={s('bookSendTime')}>{formatTime(detail.bookSendTime)}</Descriptions.Item>
            <Descriptions.Item label={s('createdBy')}>{detail.createdByName}</Descriptions.Item>
            <Descriptions.Item label={s('createdAt')}>{formatTime(detail.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={s('transportRequirement')}>
              {dash(detail.transportRequirement)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.note')} span={2}>
              {dash(detail.note)}
            </Descriptions.Item>
            {detail.status === 'cancelled' && (
              <>
                <Descriptions.Item label={s('canceller')}>{dash(detail.cancelledByName)}</Descriptions.Item>
                <Descriptions.Item label={s('cancelTime')}>{formatTime(detail.cancelTime)}</Descriptions.Item>
                <Descriptions.Item label={s('cancelReason')}>{dash(detail.cancelReason)}</Descriptions.Item>
              </>
            )}
          </Descriptions>
          <Divider />
          <Typography.Title level={5}>{t('portal.shared.history')}</Typography.Title>
          <EventTimeline events={detail.events} group="shipment" workflow={sampleShipmentWorkflow} />
        </div>
      )}
    </ViewModal>
  );
}
