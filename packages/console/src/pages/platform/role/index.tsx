import type { DataOf } from '@trialab/api-contract';
import { Button, Form, Input, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Permission } from '../../../access/gates';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { useAction } from '../../../components/FormModal';
import { ListPage, useListPage } from '../../../components/ListPage';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';
import { RoleReason } from '../RoleReason';

type RoleRow = DataOf<Contract['role']['page']>[number];
type Filter = { name?: string; status?: 0 | 1 };
/** A change waiting for its reason: enable/disable or delete. */
type Asking = { row: RoleRow; change: 'status' | 'delete' };

/** /platform/role: roles with their status; enable, disable and delete ask for a reason. */
export default function RolePage() {
  const { t } = useTranslation('roles', { keyPrefix: 'list' });
  const navigate = useNavigate();
  const list = useListPage((c) => c.role.page, {} as Filter);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [run, busy] = useAction();

  const change = async (reason: string) => {
    if (!asking) return;
    const { row } = asking;
    const done = await run(
      () =>
        asking.change === 'delete'
          ? callEndpoint((c) => c.role.delete, { query: { id: row.id, reason } })
          : callEndpoint((c) => c.role.updateStatus, {
              body: { id: row.id, version: row.version, status: row.status === 1 ? 0 : 1, reason },
            }),
      asking.change === 'delete' ? t('removedOk') : t('statusOk'),
    );
    if (done) {
      setAsking(null);
      await list.reload();
    }
  };

  const columns: DataColumn<RoleRow>[] = [
    col.text('name', t('name'), 160),
    col.text('code', t('code'), 160),
    {
      dataIndex: 'status',
      title: t('status'),
      width: 90,
      render: (v: number) => (
        <Tag color={v === 1 ? 'success' : 'default'}>{v === 1 ? t('enabled') : t('disabled')}</Tag>
      ),
    },
    {
      dataIndex: 'permissionIds',
      title: t('permissionCount'),
      width: 90,
      render: (ids: number[]) => ids.length,
    },
    col.text('remark', t('remark')),
  ];

  return (
    <ListPage<RoleRow, Filter>
      list={list}
      rowKey="id"
      code="platform.role"
      columns={columns}
      filters={
        <>
          <Form.Item name="name" label={t('name')}>
            <Input allowClear maxLength={32} />
          </Form.Item>
          <Form.Item name="status" label={t('status')}>
            <Select
              allowClear
              style={{ minWidth: 100 }}
              options={[
                { value: 1, label: t('enabled') },
                { value: 0, label: t('disabled') },
              ]}
            />
          </Form.Item>
        </>
      }
      toolbar={
        <Permission value={['platform:role:create']}>
          <Button type="primary" onClick={() => navigate('/platform/create-role')} data-testid="role-create">
            {t('create')}
          </Button>
        </Permission>
      }
      actions={{
        width: 200,
        render: (row) => (
          <>
            <Permission value={['platform:role:update']}>
              <Button
                type="link"
                size="small"
                onClick={() => navigate(`/platform/create-role?id=${row.id}`)}
                data-testid={`role-edit-${row.code}`}
              >
                {t('edit')}
              </Button>
              <Button
                type="link"
                size="small"
                onClick={() => setAsking({ row, change: 'status' })}
                data-testid={`role-status-${row.code}`}
              >
                {row.status === 1 ? t('disable') : t('enable')}
              </Button>
            </Permission>
            <Permission value={['platform:role:delete']}>
              <Button
                type="link"
                size="small"
                danger
                onClick={() => setAsking({ row, change: 'delete' })}
                data-testid={`role-delete-${row.code}`}
              >
                {t('remove')}
              </Button>
            </Permission>
          </>
        ),
      }}
    >
      <RoleReason
        open={asking !== null}
        saving={busy}
        onCancel={() => setAsking(null)}
        onOk={(reason) => void change(reason)}
      />
    </ListPage>
  );
}
