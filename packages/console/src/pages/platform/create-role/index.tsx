import type { BodyOf, DataOf } from '@trialab/api-contract';
import { Form, Input, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormPage, useRecordId } from '../../../components/FormPage';
import { rules } from '../../../components/formRules';
import { nameOf } from '../../../components/localName';
import type { Contract } from '../../../services/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';

type PermissionRow = DataOf<Contract['role']['permissionTree']>[number];
type RoleForm = Omit<BodyOf<Contract['role']['create']>, 'permissionIds' | 'reason'>;

const TYPE_COLORS: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'orange', 4: 'purple' };

/** The flat permission list as a tree (children in the server's order) and the ids of its leaves. */
function permissionNodes(rows: readonly PermissionRow[], label: (row: PermissionRow) => ReactNode) {
  const children = new Map<number | null, PermissionRow[]>();
  const known = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    const parent = row.parentId !== null && known.has(row.parentId) ? row.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const leaves = new Set<number>();
  const build = (parent: number | null): DataNode[] =>
    (children.get(parent) ?? []).map((row) => {
      const kids = build(row.id);
      if (kids.length === 0) leaves.add(row.id);
      return { key: row.id, title: label(row), children: kids.length > 0 ? kids : undefined };
    });
  return { nodes: build(null), leaves };
}

/**
 * /platform/create-role (and ?id= to edit): name, code, remark and the permission tree with
 * checkboxes; a parent is half-checked when some of its children are. Saving asks for the reason.
 */
export default function CreateRolePage() {
  const { t, i18n } = useTranslation('roles', { keyPrefix: 'form' });
  const { t: l } = useTranslation('roles', { keyPrefix: 'list' });
  const { t: r } = useTranslation('roles', { keyPrefix: 'reason' });
  const id = useRecordId();
  const [form] = Form.useForm<RoleForm>();
  const tree = useEndpointQuery((c) => c.role.permissionTree).data?.data;
  const role = useEndpointQuery((c) => c.role.get, { params: { id: id ?? 0 } }, { enabled: id !== null }).data
    ?.data;
  // What the user ticked, for the role it was ticked on (the page stays open in its tab between roles).
  const [ticked, setChecked] = useState<{ id: number | null; full: number[]; half: number[] } | null>(null);
  const checked = ticked?.id === id ? ticked : null;
  // The role list (kept open in its tab) and this role's cached answer show the saved role.
  const create = useEndpointMutation((c) => c.role.create, { invalidates: [(c) => c.role.page] });
  const update = useEndpointMutation((c) => c.role.update, {
    invalidates: [(c) => c.role.page, (c) => c.role.get],
  });

  const { nodes, leaves } = useMemo(
    () =>
      permissionNodes(tree ?? [], (row) => (
        <span data-testid={`perm-${row.authority ?? row.i18nKey}`}>
          <Tag color={TYPE_COLORS[row.type]}>{t(`types.${String(row.type) as '1' | '2' | '3' | '4'}`)}</Tag>
          {nameOf(row)}
        </span>
      )),
    [tree, i18n.language],
  );
  // Until the user ticks something, the role's own leaves (the tree derives the parents' state).
  const shown = checked ?? {
    full: (role?.permissionIds ?? []).filter((p) => leaves.has(p)),
    half: [],
  };

  const save = (values: RoleForm, reason: string | undefined) => {
    // Granted: the ticked rows and the parents of ticked rows (a menu shows only with its directory).
    const full = checked ? [...checked.full, ...checked.half] : (role?.permissionIds ?? []);
    const body = { ...values, permissionIds: [...new Set(full)], reason: reason ?? '' };
    return role
      ? update.mutateAsync({ body: { ...body, id: role.id, version: role.version } })
      : create.mutateAsync({ body });
  };

  return (
    <FormPage<RoleForm>
      title={id ? t('editTitle') : t('createTitle')}
      ready={tree !== undefined && (id === null || role !== undefined)}
      form={form}
      name="role"
      recordKey={id ?? 'new'}
      initialValues={role ? { name: role.name, code: role.code, remark: role.remark } : undefined}
      onSave={save}
      savedMessage={t('savedOk')}
      // Every role change asks why (Part 11): the server refuses it without a reason and audits it.
      reason={{
        title: r('title'),
        placeholder: r('placeholder'),
        max: 255,
        required: true,
        testId: 'role-reason',
      }}
      back="/platform/role"
      onSaved={() => setChecked(null)}
      saveTestId="role-save"
      style={{ maxWidth: 720 }}
    >
      <Form.Item name="name" label={l('name')} rules={[rules.required(l('name')), rules.max(l('name'), 32)]}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item
        name="code"
        label={l('code')}
        extra={t('codeRule')}
        rules={[rules.required(l('code')), { pattern: /^[a-z][a-z0-9_-]{1,31}$/, message: t('codeRule') }]}
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="remark" label={l('remark')} rules={[rules.max(l('remark'), 255)]}>
        <Input.TextArea rows={2} maxLength={255} />
      </Form.Item>
      <Form.Item label={t('permissions')}>
        <div
          data-testid="role-permissions"
          style={{ border: '1px solid #f0f0f0', padding: 8, maxHeight: 480, overflow: 'auto' }}
        >
          <Tree
            checkable
            selectable={false}
            // Directories open, menus closed: every page shows, its buttons one click away.
            defaultExpandedKeys={(tree ?? []).filter((row) => row.type === 1).map((row) => row.id)}
            treeData={nodes}
            checkedKeys={{ checked: shown.full, halfChecked: shown.half }}
            onCheck={(keys, info) => {
              const full = (Array.isArray(keys) ? keys : keys.checked).map(Number);
              setChecked({ id, full, half: (info.halfCheckedKeys ?? []).map(Number) });
            }}
          />
        </div>
      </Form.Item>
    </FormPage>
  );
}
