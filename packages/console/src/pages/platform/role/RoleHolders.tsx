import { USER_TYPE } from '@trialab/api-contract';
import { Button, Drawer, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useEndpointQuery } from '../../../services/query';

/**
 * The accounts holding a role, in a drawer beside the list, with a link to /platform/account filtered
 * to the role (on the site users' tab when only site users hold it).
 */
export function RoleHolders({
  role,
  onClose,
}: {
  role: { id: number; name: string } | null;
  onClose(): void;
}) {
  const { t } = useTranslation('roles', { keyPrefix: 'list' });
  const navigate = useNavigate();
  const holders = useEndpointQuery(
    (c) => c.role.holders,
    { params: { id: role?.id ?? 0 } },
    { enabled: role !== null },
  ).data?.data;
  const external = holders !== undefined && holders.length > 0 && holders.every((h) => h.type === 2);
  const type = external ? USER_TYPE.external : USER_TYPE.internal;
  return (
    <Drawer
      open={role !== null}
      onClose={onClose}
      width={560}
      title={role ? t('holdersTitle', { name: role.name }) : ''}
      extra={
        <Button
          type="link"
          data-testid="role-holders-accounts"
          onClick={() => {
            if (!role) return;
            onClose();
            navigate(`/platform/account?type=${type}&roleId=${role.id}`);
          }}
        >
          {t('openAccounts')}
        </Button>
      }
    >
      <Table
        data-testid="role-holders"
        size="small"
        rowKey="id"
        loading={role !== null && holders === undefined}
        pagination={false}
        dataSource={holders ?? []}
        locale={{ emptyText: t('holdersEmpty') }}
        columns={[
          { dataIndex: 'username', title: t('holderName'), ellipsis: true },
          {
            dataIndex: 'jobNumber',
            title: t('jobNumber'),
            width: 120,
            render: (v: string | null) => v ?? '—',
          },
          {
            dataIndex: 'deptName',
            title: t('dept'),
            width: 120,
            ellipsis: true,
            render: (v: string | null) => v ?? '—',
          },
          {
            dataIndex: 'type',
            title: t('accountType'),
            width: 90,
            render: (v: number) => (v === USER_TYPE.external ? t('external') : t('internal')),
          },
          {
            dataIndex: 'status',
            title: t('status'),
            width: 80,
            render: (v: number) => (
              <Tag color={v === 1 ? 'green' : 'default'}>{v === 1 ? t('enabled') : t('disabled')}</Tag>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
