import {
  type BodyOf,
  PORTAL_LIMITS,
  SHIPMENT_PERMISSIONS,
  sampleShipmentWorkflow,
} from '@trialab/api-contract';
import { Alert, DatePicker, Descriptions, Form, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormPage, useRecordId } from '../../../components/FormPage';
import { formatTime } from '../../../components/format';
import { rules } from '../../../components/formRules';
import { BackupContactFields, ContactFields } from '../../../components/ShipmentFields/ContactFields';
import { type SampleRow, ShipmentSamples } from '../../../components/ShipmentFields/ShipmentSamples';
import { StatusTag } from '../../../components/StatusTag';
import type { Contract } from '../../../services/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';
import { type CorrectionValues, correctionBody } from './values';

type Correction = BodyOf<Contract['shipmentCorrection']['correct']>;

/** The reads a correction changes: the staff and site lists and the booking itself. */
const CORRECTION_READS = [
  (api: Contract) => api.staffShipment.paging,
  (api: Contract) => api.staffShipment.get,
  (api: Contract) => api.sampleTransport.paging,
  (api: Contract) => api.sampleTransport.get,
];

/**
 * /express/edit-check?id=: logistics staff correct a site's booking before pick-up (samples,
 * pick-up time, contacts) with a reason the site sees on its booking and by e-mail. A booking
 * picked up or cancelled opens read-only (the server refuses it as well).
 */
export default function EditCheckPage() {
  const { t } = useTranslation();
  const { t: e } = useTranslation('portalAdmin', { keyPrefix: 'editCheck' });
  const { t: s } = useTranslation('portal', { keyPrefix: 'shipment' });
  const id = useRecordId();
  const [form] = Form.useForm<CorrectionValues>();
  const record = useEndpointQuery(
    (api) => api.staffShipment.get,
    { params: { id: id ?? 0 } },
    { enabled: id !== null },
  ).data?.data;
  const correct = useEndpointMutation((api) => api.shipmentCorrection.correct, {
    invalidates: CORRECTION_READS,
  });
  const readOnly = record !== undefined && record.status !== 'booked';

  return (
    <FormPage<CorrectionValues>
      title={`${e('title')} ${record?.orderNo ?? ''}`}
      ready={record !== undefined}
      form={form}
      name="editCheck"
      recordKey={record ? `${record.id}:${record.version}` : 'loading'}
      readOnly={readOnly}
      initialValues={
        record && {
          samples: record.samples.map(
            (x): SampleRow => ({
              sampleTypeId: x.sampleTypeId,
              temperatureId: x.temperatureId,
              quantity: x.quantity,
              unit: x.unit,
            }),
          ),
          bookSendTime: dayjs(record.bookSendTime),
          sender: record.sender,
          consignee: record.consignee,
          backupName: record.backupContact?.name,
          backupPhone: record.backupContact?.phone,
        }
      }
      notice={
        record && (
          <>
            <Descriptions size="small" bordered column={3} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={e('booking')}>{record.orderNo}</Descriptions.Item>
              <Descriptions.Item label={t('fields.status')}>
                <StatusTag workflow={sampleShipmentWorkflow} status={record.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.site')}>
                {record.projectNo} · {record.siteNo} {record.siteName}
              </Descriptions.Item>
            </Descriptions>
            <Alert
              type={readOnly ? 'warning' : 'info'}
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="edit-check-notice"
              message={readOnly ? e('notBooked') : e('scopeHint')}
              description={
                record.correction &&
                e('lastCorrection', {
                  by: record.correction.byName,
                  at: formatTime(record.correction.at),
                  reason: record.correction.reason,
                })
              }
            />
          </>
        )
      }
      reason={{
        title: e('reasonTitle'),
        placeholder: e('reasonHint'),
        max: PORTAL_LIMITS.cancelReason,
        required: true,
        testId: 'edit-check-reason',
      }}
      onSave={(values, reason) => {
        if (!record) return Promise.resolve();
        const body: Correction = correctionBody(values, record.version, reason ?? '');
        return correct.mutateAsync({ params: { id: record.id }, body });
      }}
      savedMessage={e('correctedOk')}
      savePermission={SHIPMENT_PERMISSIONS.correct}
      back="/express/mail"
      saveTestId="edit-check-save"
      testId="edit-check-form"
    >
      <Typography.Title level={5}>{s('samples')}</Typography.Title>
      <ShipmentSamples />
      <Form.Item
        name="bookSendTime"
        label={e('pickupTime')}
        rules={[rules.chosen(e('pickupTime'))]}
        style={{ marginTop: 16, maxWidth: 280 }}
      >
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          disabledDate={(d: Dayjs) => d.isBefore(dayjs(), 'day')}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Typography.Title level={5}>{s('sender')}</Typography.Title>
      <ContactFields prefix="sender" />
      <Typography.Title level={5}>{s('consignee')}</Typography.Title>
      <ContactFields prefix="consignee" />
      <Typography.Title level={5}>{s('backupContact')}</Typography.Title>
      <BackupContactFields />
    </FormPage>
  );
}
