import type { DataOf } from '@trialab/api-contract';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Permission } from '../../../access/gates';
import { col } from '../../../components/columns';
import { FormModal } from '../../../components/FormModal';
import { rules } from '../../../components/formRules';
import { type ListColumn, ListPage, useListPage } from '../../../components/ListPage';
import type { RowAction } from '../../../components/RowActions';
import type { Contract } from '../../../services/contract';
import { useEndpointMutation } from '../../../services/query';
import { RoleFields } from './RoleFields';
import { RoleHolders } from './RoleHolders';

type RoleRow = DataOf<Contract['role']['page']>[number];
type Filter = { name?: string; status?: 0 | 1 };
type CopyForm = { name: string; enName?: string; code: string; remark?: string; reason: string };

/**
 * /platform/role: roles with their status; enable, disable, delete and copy ask for a reason; the
 * holders open in a drawer.
 */
export default function RolePage() {
  const { t } = useTranslation('roles', { keyPrefix: 'list' });
  const { t: r } = useTranslation('roles', { keyPrefix: 'reason' });
  const navigate = useNavigate();
  const list = useListPage((c) => c.role.page, {} as Filter);
  const invalidates = [(c: Contract) => c.role.page];
  const setStatus = useEndpointMutation((c) => c.role.updateStatus, { invalidates });
  const remove = useEndpointMutation((c) => c.role.delete, { invalidates });
  const copy = useEndpointMutation((c) => c.role.copy, { invalidates });
  const [copying, setCopying] = useState<RoleRow | null>(null);
  const [holding, setHolding] = useState<RoleRow | null>(null);
  // Every role change asks why (Part 11): the server refuses it without a reason and audits it.
  const reason = {
    title: () => r('title'),
    placeholder: r('placeholder'),
    max: 255,
    required: true,
    testId: 'role-reason',
  };

  const columns: ListColumn<RoleRow>[] = [
    { ...col.localName<RoleRow>(t('name'), 160), filter: true },
    col.text('code', t('code'), 160),
    col.enabled<RoleRow>({ filter: true }),
    {
      dataIndex: 'permissionIds',
      title: t('permissionCount'),
      width: 110,
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
      label: t('holders'),
      permission: 'platform:role:page',
      testId: (row) => `role-holders-${row.code}`,
      onClick: (row) => setHolding(row),
    },
    {
      label: t('copy'),
      permission: 'platform:role:create',
      testId: (row) => `role-copy-${row.code}`,
      onClick: (row) => setCopying(row),
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
    <>
      <ListPage<RoleRow, Filter>
        list={list}
        rowKey="id"
        code="platform.role"
        columns={columns}
        toolbar={
          <Permission value={['platform:role:create']}>
            <Button
              type="primary"
              onClick={() => navigate('/platform/create-role')}
              data-testid="role-create"
            >
              {t('create')}
            </Button>
          </Permission>
        }
        actions={{ width: 300, items: actions }}
      />
      <RoleHolders role={holding} onClose={() => setHolding(null)} />
      <FormModal<CopyForm>
        open={copying !== null}
        title={t('copyTitle', { name: copying?.name ?? '' })}
        name="role-copy"
        testId="role-copy-form"
        initialValues={
          copying
            ? {
                name: `${copying.name}-2`.slice(0, 32),
                enName: copying.enName ? `${copying.enName} 2`.slice(0, 64) : undefined,
                code: `${copying.code}_2`.slice(0, 32),
                remark: copying.remark ?? undefined,
              }
            : undefined
        }
        savedMessage={t('copiedOk')}
        onClose={() => setCopying(null)}
        onSave={(values) => copy.mutateAsync({ body: { ...values, id: copying?.id ?? 0 } })}
      >
        <Typography.Paragraph type="secondary">{t('copyHint')}</Typography.Paragraph>
        <RoleFields />
        <Form.Item
          name="reason"
          label={r('title')}
          rules={[rules.required(r('title')), rules.max(r('title'), 255)]}
        >
          <Input.TextArea
            rows={2}
            maxLength={255}
            placeholder={r('placeholder')}
            data-testid="role-copy-reason"
          />
        </Form.Item>
      </FormModal>
    </>
  );
}
