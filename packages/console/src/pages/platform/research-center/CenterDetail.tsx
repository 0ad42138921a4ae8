import { PlusOutlined } from '@ant-design/icons';
import {
  type DataOf,
  projectFileWorkflow,
  RESEARCH_CENTER_CONTACT_ROLES,
  RESEARCH_CENTER_PERMISSIONS,
} from '@trialab/api-contract';
import { Button, Descriptions, Divider, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Permission } from '../../../access/gates';
import { confirmed } from '../../../components/ConfirmDialog';
import { FormModal, useAction } from '../../../components/FormModal';
import { dash } from '../../../components/format';
import { rules } from '../../../components/formRules';
import { nameOf } from '../../../components/localName';
import { StatusTag } from '../../../components/StatusTag';
import { ViewModal } from '../../../components/ViewModal';
import { useDetail } from '../../../components/ViewModal/useDetail';
import type { Contract } from '../../../services/contract';
import { useEndpointMutation } from '../../../services/query';

type Detail = DataOf<Contract['researchCenter']['get']>;
type ContactRow = Detail['contacts'][number];
type Role = (typeof RESEARCH_CENTER_CONTACT_ROLES)[number];

interface ContactValues {
  name: string;
  role: Role;
  phone?: string;
  email?: string;
}

/** A contact change shows in the open detail (and the list's counts stay as they are). */
const invalidates = [(api: Contract) => api.researchCenter.get];

/** One research centre: its record, its contacts (editable with the edit permission) and its projects. */
export function CenterDetail({ id, onClose }: { id: number | null; onClose(): void }) {
  const { t } = useTranslation('researchCenter', { keyPrefix: 'detail' });
  const { t: l } = useTranslation('researchCenter', { keyPrefix: 'list' });
  const { t: k } = useTranslation('researchCenter', { keyPrefix: 'contact' });
  const { t: tr } = useTranslation();
  const detail = useDetail(id, (c) => c.researchCenter.get, onClose);
  const add = useEndpointMutation((api) => api.researchCenter.addContact, { invalidates });
  const update = useEndpointMutation((api) => api.researchCenter.updateContact, { invalidates });
  const remove = useEndpointMutation((api) => api.researchCenter.removeContact, { invalidates });
  const [editing, setEditing] = useState<ContactRow | 'new' | null>(null);
  const [run] = useAction();
  const roles = RESEARCH_CENTER_CONTACT_ROLES.map((value) => ({ value, label: k(`roles.${value}`) }));

  const save = (values: ContactValues) => {
    const body = {
      name: values.name,
      role: values.role,
      phone: values.phone?.trim() || null,
      email: values.email?.trim() || null,
    };
    if (editing && editing !== 'new') {
      return update.mutateAsync({ params: { id: editing.id }, body: { ...body, version: editing.version } });
    }
    return add.mutateAsync({ params: { id: detail?.id ?? 0 }, body });
  };
  const removeContact = async (row: ContactRow) => {
    if (!(await confirmed({ content: k('confirmRemove', { name: row.name }) }))) return;
    await run(() => remove.mutateAsync({ params: { id: row.id } }), k('removedOk'));
  };

  return (
    <ViewModal
      open={id !== null}
      onCancel={onClose}
      title={detail ? t('title', { name: nameOf(detail) }) : null}
      width={960}
      loading={!detail}
    >
      {detail && (
        <div data-testid="research-center-detail">
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label={l('code')}>{detail.code}</Descriptions.Item>
            <Descriptions.Item label={tr('fields.status')}>
              {tr(detail.enabled ? 'toggle.enabled' : 'toggle.disabled')}
            </Descriptions.Item>
            <Descriptions.Item label={l('name')}>{detail.name}</Descriptions.Item>
            <Descriptions.Item label={l('enName')}>{dash(detail.enName)}</Descriptions.Item>
            <Descriptions.Item label={l('province')}>{dash(detail.province)}</Descriptions.Item>
            <Descriptions.Item label={l('city')}>{dash(detail.city)}</Descriptions.Item>
            <Descriptions.Item label={l('address')}>{dash(detail.address)}</Descriptions.Item>
            <Descriptions.Item label={l('phone')}>{dash(detail.phone)}</Descriptions.Item>
          </Descriptions>
          <Divider />
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Typography.Title level={5}>{t('contacts')}</Typography.Title>
            <Permission value={[RESEARCH_CENTER_PERMISSIONS.edit]}>
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() => setEditing('new')}
                data-testid="research-center-contact-add"
              >
                {k('add')}
              </Button>
            </Permission>
          </Space>
          <Table<ContactRow>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={detail.contacts}
            locale={{ emptyText: <Typography.Text type="secondary">{t('noContacts')}</Typography.Text> }}
            columns={[
              { dataIndex: 'name', title: k('name'), width: 120 },
              { dataIndex: 'role', title: k('role'), width: 160, render: (role: Role) => k(`roles.${role}`) },
              { dataIndex: 'phone', title: k('phone'), width: 140, render: (v: string | null) => dash(v) },
              { dataIndex: 'email', title: k('email'), render: (v: string | null) => dash(v) },
              {
                key: 'actions',
                width: 120,
                render: (_, row) => (
                  <Permission value={[RESEARCH_CENTER_PERMISSIONS.edit]}>
                    <Space size={0}>
                      <Button
                        type="link"
                        size="small"
                        onClick={() => setEditing(row)}
                        data-testid={`research-center-contact-edit-${row.id}`}
                      >
                        {k('edit')}
                      </Button>
                      <Button
                        type="link"
                        size="small"
                        danger
                        onClick={() => removeContact(row)}
                        data-testid={`research-center-contact-remove-${row.id}`}
                      >
                        {k('remove')}
                      </Button>
                    </Space>
                  </Permission>
                ),
              },
            ]}
          />
          <Divider />
          <Typography.Title level={5}>{t('projects')}</Typography.Title>
          <Table
            rowKey={(row) => `${row.projectId}/${row.centerNo}`}
            size="small"
            pagination={false}
            dataSource={detail.projects}
            locale={{ emptyText: <Typography.Text type="secondary">{t('noProjects')}</Typography.Text> }}
            columns={[
              {
                dataIndex: 'projectNo',
                title: tr('fields.projectNo'),
                width: 140,
                render: (projectNo: string, row) => (
                  <Link to={`/project/overview?id=${row.projectId}`} onClick={onClose}>
                    {projectNo}
                  </Link>
                ),
              },
              { dataIndex: 'projectName', title: tr('fields.projectName') },
              { dataIndex: 'centerNo', title: t('centerNo'), width: 160 },
              {
                dataIndex: 'projectStatus',
                title: t('projectStatus'),
                width: 120,
                render: (status: Detail['projects'][number]['projectStatus']) => (
                  <StatusTag workflow={projectFileWorkflow} status={status} />
                ),
              },
            ]}
          />
        </div>
      )}
      <FormModal<ContactValues>
        open={editing !== null}
        title={k(editing === 'new' ? 'addTitle' : 'editTitle')}
        name="researchCenterContact"
        testId="research-center-contact-form"
        initialValues={
          editing && editing !== 'new'
            ? {
                name: editing.name,
                role: editing.role,
                phone: editing.phone ?? undefined,
                email: editing.email ?? undefined,
              }
            : { role: 'pi' }
        }
        onSave={save}
        onClose={() => setEditing(null)}
      >
        <Form.Item
          name="name"
          label={k('name')}
          rules={[rules.required(k('name')), rules.max(k('name'), 32)]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="role" label={k('role')} rules={[rules.chosen(k('role'))]}>
          <Select options={roles} />
        </Form.Item>
        <Form.Item name="phone" label={k('phone')}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="email" label={k('email')} rules={[rules.email()]}>
          <Input maxLength={64} />
        </Form.Item>
      </FormModal>
    </ViewModal>
  );
}
