import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type BodyOf, type DataOf, PORTAL_LIMITS } from '@trialab/api-contract';
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
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { confirmed } from '../../../components/ConfirmDialog';
import { col } from '../../../components/columns';
import { useAction } from '../../../components/FormModal';
import { rules } from '../../../components/formRules';
import { ProjectSiteFields } from '../../../components/ProjectSiteFields';
import { ContactFields } from '../../../components/ShipmentFields/ContactFields';
import { ShowLimit } from '../../../components/ShowLimit';
import type { Contract } from '../../../services/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';

type OrderInput = BodyOf<Contract['consumable']['create']>;
type Kit = DataOf<Contract['consumable']['planKits']>[number];
type KitItem = Kit['items'][number];
type AddressRow = DataOf<Contract['address']['receiveAddress']>[number];

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

/** The reads a saved application changes: the lists it shows in (reloaded when on screen) and itself. */
const ORDER_READS = [
  (api: Contract) => api.consumable.paging,
  (api: Contract) => api.consumable.auditPaging,
  (api: Contract) => api.consumable.staffPaging,
  (api: Contract) => api.consumable.linePaging,
  (api: Contract) => api.consumable.get,
];

const NO_KITS: Kit[] = [];
const NO_ADDRESSES: AddressRow[] = [];

/** /web/create-apply: create or edit (?id=) a consumable application: kits, loose items, shipping, base info. */
export default function CreateApplyPage() {
  const { t } = useTranslation();
  const { t: c } = useTranslation('portal', { keyPrefix: 'consumable' });
  const { t: k } = useTranslation('portal', { keyPrefix: 'consumable.kit' });
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editId = Number(params.get('id')) || null;
  const [form] = Form.useForm<FormValues>();
  const projectId = Form.useWatch('projectId', form);
  const siteId = Form.useWatch('siteId', form);
  const note = Form.useWatch('note', form);
  // The kits of the project and site on screen: an answer for an earlier choice is never shown.
  const kitsQuery = useEndpointQuery(
    (api) => api.consumable.planKits,
    { params: { id: projectId ?? 0 }, body: { siteId } },
    { enabled: Boolean(projectId && siteId) },
  );
  const kits = (projectId && siteId && kitsQuery.data?.data) || NO_KITS;
  const [amounts, setAmounts] = useState<Record<number, number>>({});
  const addressList = useEndpointQuery((api) => api.address.receiveAddress, { query: {} }).data?.data;
  const addresses = addressList ?? NO_ADDRESSES;
  const original = useEndpointQuery(
    (api) => api.consumable.get,
    { params: { id: editId ?? 0 } },
    { enabled: editId !== null },
  ).data?.data;
  const create = useEndpointMutation((api) => api.consumable.create, { invalidates: ORDER_READS });
  const update = useEndpointMutation((api) => api.consumable.update, { invalidates: ORDER_READS });
  const [run, saving] = useAction();
  const [linesError, setLinesError] = useState(false);

  // A new application starts with the default address, once.
  const addressFilled = useRef(false);
  useEffect(() => {
    if (editId || !addressList || addressFilled.current) return;
    addressFilled.current = true;
    const preferred = addressList.find((a) => a.isDefault);
    if (preferred) fillAddress(preferred);
  }, [editId, addressList]);

  // The form is filled once per loaded version of the application, not again over what the user typed.
  const filled = useRef<string | null>(null);
  useEffect(() => {
    if (!original || filled.current === `${original.id}:${original.version}`) return;
    filled.current = `${original.id}:${original.version}`;
    const kitAmounts: Record<number, number> = {};
    for (const line of original.lines)
      if (line.kind === 'kit' && line.kitId) kitAmounts[line.kitId] = line.kitAmount;
    setAmounts(kitAmounts);
    form.setFieldsValue({
      projectId: original.projectId,
      siteId: original.siteId,
      ...(original.addressId ? { addressId: original.addressId } : {}),
      receiveAddress: original.receiveAddress,
      ...(original.expectedShipDate ? { expectedShipDate: dayjs(original.expectedShipDate) } : {}),
      ...(original.hopedArrivalDate ? { hopedArrivalDate: dayjs(original.hopedArrivalDate) } : {}),
      note: original.note ?? '',
      loose: original.lines
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
  }, [original, form]);

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
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the form shows what is wrong
    const loose = values.loose ?? [];
    if (chosenKits.length + loose.length === 0) {
      setLinesError(true);
      return;
    }
    setLinesError(false);
    if (!(await confirmed({ content: c('confirmSubmit') }))) return;
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
    const saved = await run(
      () =>
        original
          ? update.mutateAsync({ body: { ...body, id: original.id, version: original.version } })
          : create.mutateAsync({ body }),
      t('portal.shared.submittedOk'),
    );
    if (saved) navigate('/web/consum-material-apply');
  };

  return (
    <Card title={editId ? t('portal.shared.edit') : c('create')}>
      <Form form={form} layout="vertical" initialValues={{ loose: [] }} data-testid="apply-form">
        <Typography.Title level={5}>{c('sections.base')}</Typography.Title>
        <Row gutter={16}>
          <ProjectSiteFields testId="apply" />
          <Col span={4}>
            <Form.Item name="expectedShipDate" label={c('expectedShipDate')}>
              <DatePicker disabledDate={(d) => d.isBefore(dayjs(), 'day')} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="hopedArrivalDate" label={c('hopedArrivalDate')}>
              <DatePicker disabledDate={(d) => d.isBefore(dayjs(), 'day')} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="note"
          label={t('fields.note')}
          extra={<ShowLimit value={note} max={PORTAL_LIMITS.note} />}
          rules={[rules.max(t('fields.note'), PORTAL_LIMITS.note)]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>

        <Divider />
        <Typography.Title level={5}>{c('sections.kits')}</Typography.Title>
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
                  col.localText<KitItem>('consumableName', 'consumableEnName', k('consumableName')),
                  col.localText<KitItem>('size', 'enSize', k('size')),
                  col.localText<KitItem>('vendor', 'enVendor', k('vendor')),
                  col.localText<KitItem>('unit', 'enUnit', k('unit')),
                  { dataIndex: 'quantityPerKit', title: k('quantityPerKit') },
                  col.localText<KitItem>('scopeOfUse', 'enScopeOfUse', k('scopeOfUse')),
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
                  aria-label={`${kit.name} ${k('kitAmount')}`}
                  onChange={(v) => setAmounts((a) => ({ ...a, [kit.id]: v ?? 1 }))}
                  data-testid={`kit-amount-${kit.name}`}
                />
              ),
            },
          ]}
        />

        <Divider />
        <Typography.Title level={5}>{c('sections.loose')}</Typography.Title>
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
          <Alert type="error" showIcon style={{ marginTop: 8 }} message={t('portal.validation.lines')} />
        )}

        <Divider />
        <Typography.Title level={5}>{c('sections.shipping')}</Typography.Title>
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
            {t('portal.shared.submit')}
          </Button>
          <Button onClick={() => navigate('/web/consum-material-apply')}>{t('portal.shared.back')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
