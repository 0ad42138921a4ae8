import type { DataOf } from '@trialab/api-contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Permission } from '../../../access/gates';
import { col } from '../../../components/columns';
import { type ListColumn, ListPage, useListPage } from '../../../components/ListPage';
import type { RowAction } from '../../../components/RowActions';
import type { Contract } from '../../../services/contract';
import { useEndpointMutation } from '../../../services/query';

type RoleRow = DataOf<Contract['role']['page']>[number];
type Filter = { name?: string; status?: 0 | 1 };

/** /platform/role: roles with their status; enable, disable and delete ask for a reason. */
export default function RolePage() {
  const { t } = useTranslation('roles', { keyPrefix: 'list' });
  const { t: r } = useTranslation('roles', { keyPrefix: 'reason' });
  const navigate = useNavigate();
  const list = useListPage((c) => c.role.page, {} as Filter);
  const invalidates = [(c: Contract) => c.role.page];
  const setStatus = useEndpointMutation((c) => c.role.updateStatus, { invalidates });
  const remove = useEndpointMutation((c) => c.role.delete, { invalidates });
  // Every role change asks why (Part 11): the server refuses it without a reason and audits it.
  const reason = {
    title: () => r('title'),
    placeholder: r('placeholder'),
    max: 255,
    required: true,
    testId: 'role-reason',
  };

  const columns: ListColumn<RoleRow>[] = [
    { ...col.text<RoleRow>('name', t('name'), 160), filter: true },
    col.text('code', t('code'), 160),
    col.enabled<RoleRow>({ filter: true }),
    {
      dataIndex: 'permissionIds',
      title: t('permissionCount'),
      width: 90,
      render: (ids: number[]) => ids.length,
    },
    col.text('remark', t('remark')),
  ];
  const actions: RowAction<RoleRow>[] = [
    {
      label: t('edit'),
      permission: 'platform:role:update',
      testId: (row) => `role-edit-${row.code}`,
      onClick: (row) => navigate(`/platform/create-role?id=${row.id}`),
    },
    {
      label: (row) => (row.status === 1 ? t('disable') : t('enable')),
      permission: 'platform:role:update',
      testId: (row) => `role-status-${row.code}`,
      reason,
      run: (row, why) =>
        setStatus.mutateAsync({
          body: { id: row.id, version: row.version, status: row.status === 1 ? 0 : 1, reason: why ?? '' },
        }),
      done: t('statusOk'),
    },
    {
      label: t('remove'),
      permission: 'platform:role:delete',
      testId: (row) => `role-delete-${row.code}`,
      danger: true,
      reason,
      run: (row, why) => remove.mutateAsync({ query: { id: row.id, reason: why ?? '' } }),
      done: t('removedOk'),
    },
  ];

  return (
    <ListPage<RoleRow, Filter>
      list={list}
      rowKey="id"
      code="platform.role"
      columns={columns}
      toolbar={
        <Permission value={['platform:role:create']}>
          <Button type="primary" onClick={() => navigate('/platform/create-role')} data-testid="role-create">
            {t('create')}
          </Button>
        </Permission>
      }
      actions={{ width: 200, items: actions }}
    />
  );
}
