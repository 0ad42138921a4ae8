import { PlusOutlined } from '@ant-design/icons';
import { ADDRESS_PERMISSIONS, type DataOf, PORTAL_LIMITS } from '@trialab/api-contract';
import { Button, Checkbox, Form, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { confirmed } from '../../../components/ConfirmDialog';
import type { DataColumn } from '../../../components/DataTable';
import { DictSelect, DictText } from '../../../components/DictSelect';
import { FormModal, useAction } from '../../../components/FormModal';
import { dash } from '../../../components/format';
import { rules } from '../../../components/formRules';
import { ListPage, useListPage } from '../../../components/ListPage';
import { ShowLimit } from '../../../components/ShowLimit';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';

/** Dictionary 1023: address label. */
const LABEL_DICT = 1023;

type AddressRow = DataOf<Contract['address']['create']>;
type AddressForm = Omit<AddressRow, 'id' | 'version' | 'updatedAt'>;

/** The address form (also used by the application and shipment forms to add an address). */
export function AddressFields() {
  const { t } = useTranslation();
  const detail = Form.useWatch<string | undefined>('detail');
  return (
    <>
      <Form.Item
        name="label"
        label={t('portal.contact.label')}
        rules={[rules.chosen(t('portal.contact.label'))]}
      >
        <DictSelect dictNo={LABEL_DICT} data-testid="address-label" />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('portal.contact.name')}
        rules={[
          rules.required(t('portal.contact.name')),
          rules.max(t('portal.contact.name'), 16),
          rules.name(),
        ]}
      >
        <Input maxLength={16} data-testid="address-name" />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('portal.contact.phone')}
        rules={[rules.required(t('portal.contact.phone')), rules.phone()]}
      >
        <Input maxLength={16} data-testid="address-phone" />
      </Form.Item>
      <Form.Item
        name="area"
        label={t('portal.contact.area')}
        rules={[rules.required(t('portal.contact.area')), rules.max(t('portal.contact.area'), 128)]}
      >
        <Input placeholder={t('portal.contact.areaHint')} data-testid="address-area" />
      </Form.Item>
      <Form.Item
        name="company"
        label={t('portal.contact.company')}
        rules={[rules.max(t('portal.contact.company'), 32)]}
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item
        name="detail"
        label={t('portal.contact.detail')}
        extra={<ShowLimit value={detail} max={PORTAL_LIMITS.addressDetail} />}
        rules={[
          rules.required(t('portal.contact.detail')),
          rules.max(t('portal.contact.detail'), PORTAL_LIMITS.addressDetail),
        ]}
      >
        <Input.TextArea rows={2} data-testid="address-detail" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('portal.contact.email')}
        rules={[rules.email(), rules.max(t('portal.contact.email'), 64)]}
      >
        <Input maxLength={64} />
      </Form.Item>
    </>
  );
}

/** /personal/address: the address book (label, name, mobile or landline, area, company, detail, e-mail). */
export default function AddressPage() {
  const { t } = useTranslation();
  const list = useListPage((c) => c.address.page, {} as { keyword?: string });
  const [editing, setEditing] = useState<AddressRow | 'new' | null>(null);
  const [run] = useAction();

  const save = async (values: AddressForm) => {
    const body = { ...values, isDefault: values.isDefault ?? false };
    if (editing === 'new') await callEndpoint((c) => c.address.create, { body });
    else if (editing) {
      await callEndpoint((c) => c.address.update, {
        body: { ...body, id: editing.id, version: editing.version },
      });
    }
    await list.reload();
  };

  const remove = async (row: AddressRow) => {
    if (!(await confirmed({ content: t('portal.address.confirmRemove') }))) return;
    await run(async () => {
      await callEndpoint((c) => c.address.delete, { params: { id: row.id } });
      await list.reload();
    }, t('portal.shared.removedOk'));
  };

  const columns: DataColumn<AddressRow>[] = [
    {
      dataIndex: 'label',
      title: t('portal.contact.label'),
      width: 120,
      render: (_, row) => (
        <Space>
          <DictText dictNo={LABEL_DICT} value={row.label} />
          {row.isDefault && <Tag color="blue">{t('portal.address.default')}</Tag>}
        </Space>
      ),
    },
    { dataIndex: 'name', title: t('portal.contact.name'), width: 120 },
    { dataIndex: 'phone', title: t('portal.contact.phone'), width: 140 },
    { dataIndex: 'area', title: t('portal.contact.area') },
    { dataIndex: 'detail', title: t('portal.contact.detail'), width: 260 },
    { dataIndex: 'company', title: t('portal.contact.company'), render: dash },
    { dataIndex: 'email', title: t('portal.contact.email'), render: dash },
  ];

  return (
    <ListPage
      title={t('portal.address.title')}
      list={list}
      rowKey="id"
      code="personal.address"
      columns={columns}
      filters={
        <Form.Item name="keyword" label={t('portal.address.keyword')}>
          <Input allowClear maxLength={64} placeholder={t('portal.address.keywordHint')} />
        </Form.Item>
      }
      toolbar={
        <Permission value={[ADDRESS_PERMISSIONS.create]}>
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="address-add">
            {t('portal.address.add')}
          </Button>
        </Permission>
      }
      actions={{
        width: 140,
        render: (row) => (
          <>
            <Permission value={[ADDRESS_PERMISSIONS.update]}>
              <Button
                type="link"
                size="small"
                onClick={() => setEditing(row)}
                data-testid={`address-edit-${row.id}`}
              >
                {t('portal.shared.edit')}
              </Button>
            </Permission>
            <Permission value={[ADDRESS_PERMISSIONS.delete]}>
              <Button
                type="link"
                size="small"
                danger
                onClick={() => void remove(row)}
                data-testid={`address-remove-${row.id}`}
              >
                {t('portal.shared.delete')}
              </Button>
            </Permission>
          </>
        ),
      }}
    >
      <FormModal<AddressForm>
        open={editing !== null}
        title={t(editing === 'new' ? 'portal.address.add' : 'portal.address.edit')}
        initialValues={editing === 'new' ? undefined : (editing ?? undefined)}
        onSave={save}
        onClose={() => setEditing(null)}
        width={560}
        testId="address-form"
      >
        <AddressFields />
        <Form.Item name="isDefault" valuePropName="checked">
          <Checkbox>{t('portal.contact.isDefault')}</Checkbox>
        </Form.Item>
      </FormModal>
    </ListPage>
  );
}
