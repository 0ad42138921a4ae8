import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PORTAL_LIMITS } from '@trialab/api-contract';
import {
  Alert,
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
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { confirmDialog } from '../../../components/ConfirmDialog';
import { rules } from '../../../components/formRules';
import { ProjectSiteFields } from '../../../components/ProjectSiteFields';
import { ShowLimit } from '../../../components/ShowLimit';
import { callEndpoint } from '../../../services/endpoint';
import { useEndpointQuery } from '../../../services/query';
import { feedback } from '../../../utils/feedback';
import { type AddressRow, type Kit, type OrderDetail, type OrderInput, portalApi } from '../api';
import { ContactFields } from '../ContactFields';

interface LooseRow {
  consumableName: string;
  size?: string;
  vendor?: string;
  unit: string;
  quantity: number;
  note?: string;
}
interface FormValues {
  projectId: number;
  siteId: number;
  addressId?: number;
  receiveAddress: OrderInput['receiveAddress'];
  expectedShipDate?: Dayjs;
  hopedArrivalDate?: Dayjs;
  note?: string;
  loose: LooseRow[];
}

const day = (d: Dayjs | undefined) => (d ? d.format('YYYY-MM-DD') : null);

const NO_KITS: Kit[] = [];

/** /web/create-apply: create or edit (?id=) a consumable application: kits, loose items, shipping, base info. */
export default function CreateApplyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editId = Number(params.get('id')) || null;
  const [form] = Form.useForm<FormValues>();
  const projectId = Form.useWatch('projectId', form);
  const siteId = Form.useWatch('siteId', form);
  const note = Form.useWatch('note', form);
  // The kits of the project and site on screen: an answer for an earlier choice is never shown.
  const kitsQuery = useEndpointQuery(
    (c) => c.consumable.planKits,
    { params: { id: projectId ?? 0 }, body: { siteId } },
    { enabled: Boolean(projectId && siteId) },
  );
  const kits = (projectId && siteId && kitsQuery.data?.data) || NO_KITS;
  const [amounts, setAmounts] = useState<Record<number, number>>({});
  const [addresses, setAddresses] = useState<AddressRow[]>([]);
  const [original, setOriginal] = useState<OrderDetail>();
  const [saving, setSaving] = useState(false);
  const [linesError, setLinesError] = useState(false);

  useEffect(() => {
    let live = true;
    portalApi
      .receiveAddress()
      .then((r) => {
        if (!live) return;
        setAddresses(r.data);
        const preferred = r.data.find((a) => a.isDefault);
        if (!editId && preferred) fillAddress(preferred);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [editId]);

  useEffect(() => {
    if (!editId) return;
    // Only the application asked for last fills the form (the id in the address may change).
    let live = true;
    callEndpoint((c) => c.consumable.get, { params: { id: editId } })
      .then(({ data }) => {
        if (!live) return;
        setOriginal(data);
        const kitAmounts: Record<number, number> = {};
        for (const line of data.lines)
          if (line.kind === 'kit' && line.kitId) kitAmounts[line.kitId] = line.kitAmount;
        setAmounts(kitAmounts);
        form.setFieldsValue({
          projectId: data.projectId,
          siteId: data.siteId,
          ...(data.addressId ? { addressId: data.addressId } : {}),
          receiveAddress: data.receiveAddress,
          ...(data.expectedShipDate ? { expectedShipDate: dayjs(data.expectedShipDate) } : {}),
          ...(data.hopedArrivalDate ? { hopedArrivalDate: dayjs(data.hopedArrivalDate) } : {}),
          note: data.note ?? '',
          loose: data.lines
            .filter((l) => l.kind === 'loose')
            .map((l) => ({
              consumableName: l.consumableName,
              size: l.size ?? '',
              vendor: l.vendor ?? '',
              unit: l.unit,
              quantity: l.kitAmount,
              note: l.note ?? '',
            })),
        });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [editId, form]);

  const fillAddress = (a: AddressRow) => {
    form.setFieldsValue({
      addressId: a.id,
      receiveAddress: {
        name: a.name,
        phone: a.phone,
        area: a.area,
        company: a.company,
        detail: a.detail,
        email: a.email,
      },
    });
  };

  const chosenKits = useMemo(() => kits.filter((k) => (amounts[k.id] ?? 0) > 0), [kits, amounts]);

  const submit = async () => {
    const values = await form.validateFields();
    const loose = values.loose ?? [];
    if (chosenKits.length + loose.length === 0) {
      setLinesError(true);
      return;
    }
    setLinesError(false);
    try {
      await confirmDialog({ content: t('web.consumable.confirmSubmit') });
    } catch {
      return;
    }
    const body: OrderInput = {
      projectId: values.projectId,
      siteId: values.siteId,
      addressId: values.addressId ?? null,
      receiveAddress: values.receiveAddress,
      expectedShipDate: day(values.expectedShipDate),
      hopedArrivalDate: day(values.hopedArrivalDate),
      note: values.note ?? null,
      kits: chosenKits.map((k) => ({ kitId: k.id, kitAmount: amounts[k.id] ?? 1 })),
      loose: loose.map((l) => ({
        consumableName: l.consumableName,
        size: l.size ?? null,
        vendor: l.vendor ?? null,
        unit: l.unit,
        quantity: l.quantity,
        note: l.note ?? null,
      })),
    };
    setSaving(true);
    try {
      if (original) await portalApi.orderUpdate({ ...body, id: original.id, version: original.version });
      else await portalApi.orderCreate(body);
      feedback.success(t('web.common.submittedOk'));
      navigate('/web/consum-material-apply');
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  const k = (key: string) => t(`web.consumable.kit.${key}`);
  return (
    <Card title={t(editId ? 'web.common.edit' : 'web.consumable.create')}>
      <Form form={form} layout="vertical" initialValues={{ loose: [] }} data-testid="apply-form">
        <Typography.Title level={5}>{t('web.consumable.sections.base')}</Typography.Title>
        <Row gutter={16}>
          <ProjectSiteFields testId="apply" />
          <Col span={4}>
            <Form.Item name="expectedShipDate" label={t('web.consumable.expectedShipDate')}>
              <DatePicker disabledDate={(d) => d.isBefore(dayjs(), 'day')} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="hopedArrivalDate" label={t('web.consumable.hopedArrivalDate')}>
              <DatePicker disabledDate={(d) => d.isBefore(dayjs(), 'day')} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="note"
          label={t('web.common.note')}
          extra={<ShowLimit value={note} max={PORTAL_LIMITS.note} />}
          rules={[rules.max(t('web.common.note'), PORTAL_LIMITS.note)]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>

        <Divider />
        <Typography.Title level={5}>{t('web.consumable.sections.kits')}</Typography.Title>
        <Table<Kit>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={kits}
          expandable={{
            expandedRowRender: (kit) => (
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={kit.items}
                columns={[
                  { dataIndex: 'consumableName', title: k('consumableName') },
                  { dataIndex: 'size', title: k('size') },
                  { dataIndex: 'vendor', title: k('vendor') },
                  { dataIndex: 'unit', title: k('unit') },
                  { dataIndex: 'quantityPerKit', title: k('quantityPerKit') },
                  { dataIndex: 'scopeOfUse', title: k('scopeOfUse') },
                ]}
              />
            ),
          }}
          columns={[
            {
              dataIndex: 'choose',
              title: k('choose'),
              width: 80,
              render: (_, kit) => (
                <Checkbox
                  disabled={kit.supplyStatus !== 'confirmed'}
                  checked={(amounts[kit.id] ?? 0) > 0}
                  onChange={(e) => setAmounts((a) => ({ ...a, [kit.id]: e.target.checked ? 1 : 0 }))}
                  data-testid={`kit-choose-${kit.name}`}
                />
              ),
            },
            {
              dataIndex: 'name',
              title: k('kitName'),
              render: (v: string, kit) => (
                <Space>
                  {v}
                  {kit.supplyStatus !== 'confirmed' && <Tag>{k('notConfirmed')}</Tag>}
                </Space>
              ),
            },
            { dataIndex: 'deliveryModel', title: k('deliveryModel'), width: 120 },
            { dataIndex: 'items', title: k('consumableName'), render: (items: Kit['items']) => items.length },
            {
              dataIndex: 'amount',
              title: k('kitAmount'),
              width: 140,
              render: (_, kit) => (
                <InputNumber
                  min={1}
                  max={9999}
                  precision={0}
                  disabled={(amounts[kit.id] ?? 0) === 0}
                  value={amounts[kit.id] || null}
                  onChange={(v) => setAmounts((a) => ({ ...a, [kit.id]: v ?? 1 }))}
                  data-testid={`kit-amount-${kit.name}`}
                />
              ),
            },
          ]}
        />

        <Divider />
        <Typography.Title level={5}>{t('web.consumable.sections.loose')}</Typography.Title>
        <Form.List name="loose">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="start" wrap>
                  <Form.Item
                    name={[field.name, 'consumableName']}
                    rules={[rules.required(k('consumableName')), rules.max(k('consumableName'), 64)]}
                  >
                    <Input placeholder={k('consumableName')} maxLength={64} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'size']} rules={[rules.max(k('size'), 32)]}>
                    <Input placeholder={k('size')} maxLength={32} style={{ width: 100 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'vendor']} rules={[rules.max(k('vendor'), 64)]}>
                    <Input placeholder={k('vendor')} maxLength={64} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'unit']}
                    rules={[rules.required(k('unit')), rules.max(k('unit'), 16)]}
                  >
                    <Input placeholder={k('unit')} maxLength={16} style={{ width: 80 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'quantity']} rules={[rules.chosen(k('quantity'))]}>
                    <InputNumber placeholder={k('quantity')} min={1} max={99999} precision={0} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'note']} rules={[rules.max(k('note'), PORTAL_LIMITS.note)]}>
                    <Input placeholder={k('note')} />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                    aria-label={k('remove')}
                  />
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })} data-testid="loose-add">
                {k('addLoose')}
              </Button>
            </>
          )}
        </Form.List>
        {linesError && (
          <Alert type="error" showIcon style={{ marginTop: 8 }} message={t('web.validation.lines')} />
        )}

        <Divider />
        <Typography.Title level={5}>{t('web.consumable.sections.shipping')}</Typography.Title>
        <Form.Item name="addressId" hidden>
          <Input />
        </Form.Item>
        <ContactFields
          prefix="receiveAddress"
          addresses={addresses}
          onPick={(a) => form.setFieldValue('addressId', a?.id)}
        />
        <Space>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="apply-submit">
            {t('web.common.submit')}
          </Button>
          <Button onClick={() => navigate('/web/consum-material-apply')}>{t('web.common.back')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
