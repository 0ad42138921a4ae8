import {
  BANK_ACCOUNT_PATTERN,
  type BodyOf,
  CUSTOMER_LANGS,
  CUSTOMER_TYPE_DICT,
  type CustomerRow,
  MARKETING_PERMISSIONS as P,
} from '@trialab/api-contract';
import { Button, Col, Form, Input, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { col } from '../../../components/columns';
import { DictSelect } from '../../../components/DictSelect';
import { FormModal } from '../../../components/FormModal';
import { ListField } from '../../../components/FormPage';
import { rules } from '../../../components/formRules';
import { type ListColumn, ListPage, useListPage } from '../../../components/ListPage';
import { ProjectSelect } from '../../../components/ProjectSelect';
import type { Contract } from '../../../services/contract';
import { useEndpointMutation } from '../../../services/query';

type Values = BodyOf<Contract['customer']['create']>;
interface Filter {
  keyword?: string;
  type?: string;
}

/**
 * /marketing/customer: sponsors and CROs (type from dictionary 1001) with contacts, billing
 * details and projects. Sales see the customers they own; finance sees every one (docs/finance.md).
 */
export default function CustomerPage() {
  const { t } = useTranslation('marketing', { keyPrefix: 'customer' });
  const list = useListPage((c) => c.customer.paging, {} as Filter);
  const [editing, setEditing] = useState<CustomerRow | 'new' | null>(null);
  const invalidates = [(c: Contract) => c.customer.paging, (c: Contract) => c.customer.options];
  const create = useEndpointMutation((c) => c.customer.create, { invalidates });
  const update = useEndpointMutation((c) => c.customer.update, { invalidates });

  const columns: ListColumn<CustomerRow>[] = [
    col.text<CustomerRow>('code', t('code'), 170),
    { ...col.text<CustomerRow>('name', t('name')), filter: { name: 'keyword', label: t('keyword') } },
    {
      ...col.text<CustomerRow>('typeName', t('type'), 140),
      filter: {
        name: 'type',
        input: <DictSelect dictNo={CUSTOMER_TYPE_DICT} allowClear style={{ width: 160 }} />,
      },
    },
    col.text<CustomerRow>('ownerName', t('owner'), 110),
    {
      dataIndex: 'projects',
      title: t('projects'),
      width: 180,
      render: (_: unknown, row: CustomerRow) => row.projects.map((p) => p.projectNo).join(', ') || '-',
    },
    {
      dataIndex: 'contacts',
      title: t('contacts'),
      width: 200,
      render: (_: unknown, row: CustomerRow) => {
        const main = row.contacts.find((c) => c.primary) ?? row.contacts[0];
        return main ? `${main.name} ${main.mobile ?? ''}`.trim() : '-';
      },
    },
    col.text<CustomerRow>('taxNumber', t('taxNumber'), 180),
    {
      dataIndex: 'quotations',
      title: t('counts'),
      width: 130,
      render: (_: unknown, row: CustomerRow) => `${row.quotations} / ${row.contracts}`,
    },
  ];

  const editingRow = editing !== 'new' ? editing : null;
  return (
    <ListPage<CustomerRow, Filter>
      list={list}
      rowKey="id"
      code="marketing.customer"
      columns={columns}
      toolbar={
        <Permission value={[P.customerCreate]}>
          <Button type="primary" onClick={() => setEditing('new')} data-testid="customer-create">
            {t('create')}
          </Button>
        </Permission>
      }
      actions={{
        width: 90,
        items: [
          {
            label: t('edit'),
            permission: P.customerUpdate,
            testId: (row) => `customer-edit-${row.code}`,
            onClick: (row) => setEditing(row),
          },
        ],
      }}
    >
      <FormModal<Values>
        open={editing !== null}
        title={editingRow ? t('editTitle', { name: editingRow.name }) : t('createTitle')}
        width={920}
        name="customer"
        testId="customer-form"
        initialValues={
          editingRow
            ? {
                ...editingRow,
                projectIds: editingRow.projects.map((p) => p.id),
                contacts: editingRow.contacts,
              }
            : { lang: 'zh_CN', contacts: [{ name: '', primary: true }], projectIds: [] }
        }
        onClose={() => setEditing(null)}
        onSave={(values) =>
          editingRow
            ? update.mutateAsync({
                params: { id: editingRow.id },
                body: { ...values, version: editingRow.version },
              })
            : create.mutateAsync({ body: values })
        }
      >
        <CustomerFields />
      </FormModal>
    </ListPage>
  );
}

function CustomerFields() {
  const { t } = useTranslation('marketing', { keyPrefix: 'customer' });
  const { t: m } = useTranslation('marketing');
  return (
    <>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="name"
            label={t('name')}
            rules={[rules.required(t('name')), rules.max(t('name'), 128)]}
          >
            <Input maxLength={128} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="enName" label={t('enName')}>
            <Input maxLength={128} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="type" label={t('type')} rules={[rules.chosen(t('type'))]}>
            <DictSelect dictNo={CUSTOMER_TYPE_DICT} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="lang" label={t('lang')}>
            <Select options={CUSTOMER_LANGS.map((l) => ({ value: l, label: m(`langs.${l}`) }))} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="projectIds" label={t('projects')}>
            <ProjectSelect mode="multiple" allowClear />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="taxNumber" label={t('taxNumber')}>
            <Input maxLength={32} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="bankName" label={t('bankName')}>
            <Input maxLength={128} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="bankAccount"
            label={t('bankAccount')}
            rules={[{ pattern: BANK_ACCOUNT_PATTERN, message: t('bankAccountRule') }]}
          >
            <Input maxLength={30} inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="billingAddress" label={t('billingAddress')}>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
      </Row>
      <ListField<{ name: string; title: string; mobile: string; email: string; primary: boolean }>
        name="contacts"
        testId="customer-contact"
        addLabel={t('addContact')}
        removeLabel={t('removeContact')}
        newItem={() => ({ primary: false })}
        columns={[
          {
            name: 'name',
            label: t('contactName'),
            input: <Input maxLength={64} />,
            rules: [rules.required(t('contactName'))],
            required: true,
          },
          { name: 'title', label: t('contactTitle'), input: <Input maxLength={64} /> },
          { name: 'mobile', label: t('mobile'), input: <Input maxLength={32} /> },
          { name: 'email', label: t('email'), input: <Input maxLength={64} /> },
          {
            name: 'primary',
            label: t('primary'),
            input: (
              <Select
                options={[
                  { value: true, label: m('yes') },
                  { value: false, label: m('no') },
                ]}
              />
            ),
            width: 110,
          },
        ]}
      />
    </>
  );
}
