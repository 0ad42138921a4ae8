import { ACCOUNT_PERMISSIONS, type DataOf, USER_TYPE } from '@trialab/api-contract';
import { Button, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../access/gates';
import type { Contract } from '../../services/contract';
import { callEndpoint } from '../../services/endpoint';
import { col } from '../columns';
import type { DataColumn } from '../DataTable';
import { FormModal } from '../FormModal';
import { ListPage, useListPage } from '../ListPage';
import { GrantSelect, ReasonField } from './GrantSelect';
import { grantValuesOf, projectGrantsOf } from './grants';

type UserRow = DataOf<Contract['user']['get']>;

interface Filter {
  username?: string;
  mobile?: string;
}

/**
 * The accounts of one kind with their project grants (/platform/internal-permission: staff by
 * project; /platform/external-permission: site users by project site). The super account has every
 * project and is not edited.
 */
export function GrantList({ external }: { external: boolean }) {
  const { t } = useTranslation('accounts');
  const type = external ? USER_TYPE.external : USER_TYPE.internal;
  const list = useListPage((c) => c.user.page, {} as Filter, { toBody: (f) => ({ ...f, type }) });
  const [editing, setEditing] = useState<{ row: UserRow; grants: Array<string | number> } | null>(null);

  const open = async (row: UserRow) => {
    const grants = await callEndpoint((c) => c.userProject.page, {
      body: { userId: row.id, page: 1, size: 99_999 },
    });
    setEditing({ row, grants: grantValuesOf(grants.data) });
  };

  const save = async (values: { grants?: Array<string | number>; reason?: string }) => {
    if (!editing) return;
    await callEndpoint((c) => c.userProject.setPermission, {
      params: { userId: editing.row.id },
      body: { projects: projectGrantsOf(values.grants ?? []), reason: values.reason || undefined },
    });
  };

  const columns: DataColumn<UserRow>[] = [
    { dataIndex: 'username', title: t('field.username'), width: 140 },
    { dataIndex: 'mobile', title: t('field.mobile'), width: 150 },
    ...(external ? [] : [col.text<UserRow>('deptName', t('field.dept'), 140)]),
    {
      dataIndex: 'roleNames',
      title: t('field.roles'),
      render: (_, row) => row.roleNames.map((name) => <Tag key={name}>{name}</Tag>),
    },
  ];

  return (
    <ListPage
      list={list}
      rowKey="id"
      code={external ? 'platform.external-permission' : 'platform.internal-permission'}
      columns={columns}
      filters={
        <>
          <Form.Item name="username" label={t('field.username')}>
            <Input allowClear maxLength={32} />
          </Form.Item>
          <Form.Item name="mobile" label={t('field.mobile')}>
            <Input allowClear maxLength={16} data-testid="grants-filter-mobile" />
          </Form.Item>
        </>
      }
      actions={{
        width: 140,
        render: (row) =>
          row.isSuper ? (
            <Tag color="gold" title={t('grants.superFixed')}>
              {t('grants.allProjects')}
            </Tag>
          ) : (
            <Permission value={[ACCOUNT_PERMISSIONS.internalGrants]}>
              <Button
                type="link"
                size="small"
                onClick={() => void open(row)}
                data-testid={`grants-edit-${row.mobile}`}
              >
                {t('action.grants')}
              </Button>
            </Permission>
          ),
      }}
    >
      <FormModal<{ grants?: Array<string | number>; reason?: string }>
        open={editing !== null}
        title={t(external ? 'grants.externalTitle' : 'grants.internalTitle', {
          name: editing?.row.username ?? '',
        })}
        initialValues={editing ? { grants: editing.grants } : undefined}
        width={640}
        onSave={save}
        onClose={() => setEditing(null)}
        testId="grants-form"
      >
        <Form.Item
          name="grants"
          label={t(external ? 'field.sites' : 'field.projects')}
          extra={t(external ? 'form.sitesHint' : 'form.projectsHint')}
        >
          <GrantSelect sites={external} placeholder={t('grants.none')} data-testid="grants-select" />
        </Form.Item>
        <ReasonField />
      </FormModal>
    </ListPage>
  );
}
