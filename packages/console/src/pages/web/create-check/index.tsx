import { type BodyOf, PORTAL_LIMITS } from '@trialab/api-contract';
import {
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Divider,
  Form,
  Input,
  InputNumber,
  Row,
  Space,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAction } from '../../../components/FormModal';
import { rules } from '../../../components/formRules';
import { ProjectSiteFields } from '../../../components/ProjectSiteFields';
import { BackupContactFields, ContactFields } from '../../../components/ShipmentFields/ContactFields';
import { type SampleRow, ShipmentSamples } from '../../../components/ShipmentFields/ShipmentSamples';
import { ShowLimit } from '../../../components/ShowLimit';
import type { Contract } from '../../../services/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';

type ShipmentInput = BodyOf<Contract['sampleTransport']['create']>;

interface FormValues {
  projectId: number;
  siteId: number;
  sender: ShipmentInput['sender'];
  consignee: ShipmentInput['consignee'];
  backupName?: string;
  backupPhone?: string;
  estimatedShipDate: Dayjs;
  bookSendTime: Dayjs;
  coldChain?: boolean;
  tat?: number;
  transportRequirement?: string;
  note?: string;
  samples: SampleRow[];
}

/** The reads a saved booking changes: the lists it shows in (reloaded when on screen) and itself. */
const SHIPMENT_READS = [
  (api: Contract) => api.sampleTransport.paging,
  (api: Contract) => api.sampleTransport.itemPaging,
  (api: Contract) => api.sampleTransport.get,
  (api: Contract) => api.staffShipment.paging,
];

/** /web/create-check: book (or edit, ?id=) a sample shipment; all samples at one transport temperature. */
export default function CreateCheckPage() {
  const { t } = useTranslation();
  const { t: s } = useTranslation('portal', { keyPrefix: 'shipment' });
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editId = Number(params.get('id')) || null;
  const [form] = Form.useForm<FormValues>();
  const note = Form.useWatch('note', form);
  const requirement = Form.useWatch('transportRequirement', form);
  const addresses = useEndpointQuery((api) => api.address.receiveAddress, { query: {} }).data?.data ?? [];
  const original = useEndpointQuery(
    (api) => api.sampleTransport.get,
    { params: { id: editId ?? 0 } },
    { enabled: editId !== null },
  ).data?.data;
  const create = useEndpointMutation((api) => api.sampleTransport.create, { invalidates: SHIPMENT_READS });
  const update = useEndpointMutation((api) => api.sampleTransport.update, { invalidates: SHIPMENT_READS });
  const [run, saving] = useAction();

  // The form is filled once per loaded version of the booking, not again over what the user typed.
  const filled = useRef<string | null>(null);
  useEffect(() => {
    if (!original || filled.current === `${original.id}:${original.version}`) return;
    filled.current = `${original.id}:${original.version}`;
    form.setFieldsValue({
      projectId: original.projectId,
      siteId: original.siteId,
      sender: original.sender,
      consignee: original.consignee,
      ...(original.backupContact
        ? { backupName: original.backupContact.name, backupPhone: original.backupContact.phone }
        : {}),
      estimatedShipDate: dayjs(original.estimatedShipDate),
      bookSendTime: dayjs(original.bookSendTime),
      coldChain: original.coldChain,
      ...(original.tat ? { tat: original.tat } : {}),
      transportRequirement: original.transportRequirement ?? '',
      note: original.note ?? '',
      samples: original.samples.map((x) => ({
        sampleTypeId: x.sampleTypeId,
        temperatureId: x.temperatureId,
        quantity: x.quantity,
        unit: x.unit,
      })),
    });
  }, [original, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return; // the form shows what is wrong
    const body: ShipmentInput = {
      projectId: v.projectId,
      siteId: v.siteId,
      sender: v.sender,
      consignee: v.consignee,
      backupContact: v.backupName && v.backupPhone ? { name: v.backupName, phone: v.backupPhone } : null,
      estimatedShipDate: v.estimatedShipDate.format('YYYY-MM-DD'),
      bookSendTime: v.bookSendTime.toISOString(),
      coldChain: v.coldChain ?? false,
      tat: v.tat ?? null,
      transportRequirement: v.transportRequirement ?? null,
      note: v.note ?? null,
      attachmentFileIds: original?.attachmentFileIds ?? [],
      samples: v.samples.map((x) => ({
        sampleTypeId: x.sampleTypeId ?? 0,
        temperatureId: x.temperatureId ?? 0,
        quantity: x.quantity ?? 0,
        unit: x.unit ?? '',
      })),
    };
    // The server also refuses mixed temperatures; its message is shown by the request helper.
    const saved = await run(
      () =>
        original
          ? update.mutateAsync({ body: { ...body, id: original.id, version: original.version } })
          : create.mutateAsync({ body }),
      t('portal.shared.savedOk'),
    );
    if (saved) navigate('/web/reserve-check');
  };
  return (
    <Card title={editId ? t('portal.shared.edit') : s('create')}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ samples: [{ unit: '管' }], coldChain: false }}
        data-testid="shipment-form"
      >
        <Typography.Title level={5}>{s('orderInfo')}</Typography.Title>
        <Row gutter={16}>
          <ProjectSiteFields testId="shipment" />
          <Col span={4}>
            <Form.Item
              name="estimatedShipDate"
              label={s('estimatedShipDate')}
              rules={[rules.chosen(s('estimatedShipDate'))]}
            >
              <DatePicker
                disabledDate={(d) => d.isBefore(dayjs(), 'day')}
                style={{ width: '100%' }}
                data-testid="shipment-date"
              />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item
              name="bookSendTime"
              label={s('bookSendTime')}
              rules={[rules.chosen(s('bookSendTime'))]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                disabledDate={(d) => d.isBefore(dayjs(), 'day')}
                style={{ width: '100%' }}
                data-testid="shipment-pickup"
              />
            </Form.Item>
          </Col>
        </Row>

        <Divider />
        <Typography.Title level={5}>{s('samples')}</Typography.Title>
        <ShipmentSamples />

        <Divider />
        <Typography.Title level={5}>{s('sender')}</Typography.Title>
        <ContactFields prefix="sender" addresses={addresses} />
        <Typography.Title level={5}>{s('consignee')}</Typography.Title>
        <ContactFields prefix="consignee" addresses={addresses} />
        <Typography.Title level={5}>{s('backupContact')}</Typography.Title>
        <BackupContactFields />

        <Divider />
        <Typography.Title level={5}>{s('logistics')}</Typography.Title>
        <Row gutter={16}>
          <Col span={6}>
            <Form.Item name="coldChain" valuePropName="checked">
              <Checkbox>{s('coldChain')}</Checkbox>
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="tat" label={s('tat')}>
              <InputNumber min={1} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="transportRequirement"
          label={s('transportRequirement')}
          extra={<ShowLimit value={requirement} max={PORTAL_LIMITS.note} />}
          rules={[rules.max(s('transportRequirement'), PORTAL_LIMITS.note)]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item
          name="note"
          label={t('fields.note')}
          extra={<ShowLimit value={note} max={PORTAL_LIMITS.note} />}
          rules={[rules.max(t('fields.note'), PORTAL_LIMITS.note)]}
        >
          <Input.TextArea rows={2} data-testid="shipment-note" />
        </Form.Item>
        <Space>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="shipment-submit">
            {t('portal.shared.submit')}
          </Button>
          <Button onClick={() => navigate('/web/reserve-check')}>{t('portal.shared.back')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
