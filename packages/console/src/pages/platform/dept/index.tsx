import { PlusOutlined } from '@ant-design/icons';
import type { DataOf } from '@trialab/api-contract';
import { Button, Card, Form, Input, InputNumber, Space, Table, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { EnabledSwitch } from '../../../components/EnabledSwitch';
import { FormModal } from '../../../components/FormModal';
import { dash } from '../../../components/format';
import { rules } from '../../../components/formRules';
import type { Contract } from '../../../services/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';
import { buildTree, type DeptNode, selfAndDescendants } from './tree';

type Dept = DataOf<Contract['dept']['tree']>[number];
interface DeptForm {
  parentId?: number | null;
  name: string;
  code?: string | null;
  leader?: string | null;
  phone?: string | null;
  sort: number;
}
/** What the dialog edits: a department, or a new one (under a parent, or at the top). */
type Editing = { dept: Dept } | { parentId: number | null } | null;

const CREATE = 'platform:dept:create';
const UPDATE = 'platform:dept:update';

/** /platform/dept: the department tree; create, edit, move, enable and disable. */
export default function DeptPage() {
  const { t } = useTranslation('platformData', { keyPrefix: 'dept' });
  const { t: c } = useTranslation('platformData', { keyPrefix: 'shared' });
  const { t: all } = useTranslation();
  const query = useEndpointQuery((api) => api.dept.tree);
  const rows = query.data?.data ?? [];
  const [keyword, setKeyword] = useState('');
  const tree = useMemo(() => buildTree(rows, keyword), [rows, keyword]);
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const invalidates = [(api: Contract) => api.dept.tree, (api: Contract) => api.dept.page];
  const create = useEndpointMutation((api) => api.dept.create, { invalidates });
  const update = useEndpointMutation((api) => api.dept.update, { invalidates });
  const setStatus = useEndpointMutation((api) => api.dept.updateStatus, { invalidates });

  const allIds = rows.map((r) => r.id);
  // Everything open until the user folds a branch; a search shows every match.
  const expandedKeys = keyword || expanded === null ? allIds : expanded;

  const save = async (values: DeptForm) => {
    const body = { ...values, parentId: values.parentId ?? null };
    if (editing && 'dept' in editing)
      await update.mutateAsync({ body: { ...body, id: editing.dept.id, version: editing.dept.version } });
    else await create.mutateAsync({ body });
  };

  // The parent choices: not the department itself nor anything under it (no cycles).
  const excluded =
    editing && 'dept' in editing ? selfAndDescendants(rows, editing.dept.id) : new Set<number>();
  const parentChoices = useMemo(() => {
    const toOption = (node: DeptNode<Dept>): object => ({
      value: node.id,
      title: node.name,
      disabled: excluded.has(node.id),
      children: node.children?.map(toOption),
    });
    return buildTree(rows).map(toOption);
  }, [rows, excluded]);

  const columns: ColumnsType<DeptNode<Dept>> = [
    { dataIndex: 'name', title: t('name'), width: 260 },
    { dataIndex: 'code', title: t('code'), width: 140, render: dash },
    { dataIndex: 'leader', title: t('leader'), width: 110, render: dash },
    { dataIndex: 'phone', title: t('phone'), width: 150, render: dash },
    { dataIndex: 'memberCount', title: t('members'), width: 90 },
    { dataIndex: 'sort', title: c('sort'), width: 80 },
    {
      dataIndex: 'status',
      title: all('fields.status'),
      width: 100,
      render: (_, row) => (
        <EnabledSwitch
          enabled={row.status === 1}
          name={row.name}
          permission={UPDATE}
          testId={`dept-status-${row.id}`}
          disableHint={t('disableHint')}
          onChange={(enabled) =>
            setStatus.mutateAsync({ body: { id: row.id, version: row.version, status: enabled ? 1 : 0 } })
          }
        />
      ),
    },
    {
      key: 'actions',
      title: all('components.actions'),
      width: 180,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Permission value={[UPDATE]}>
            <Button
              type="link"
              size="small"
              onClick={() => setEditing({ dept: row })}
              data-testid={`dept-edit-${row.id}`}
            >
              {c('edit')}
            </Button>
          </Permission>
          <Permission value={[CREATE]}>
            <Button type="link" size="small" onClick={() => setEditing({ parentId: row.id })}>
              {t('addChild')}
            </Button>
          </Permission>
        </Space>
      ),
    },
  ];

  const initialValues: Partial<DeptForm> | undefined = !editing
    ? undefined
    : 'dept' in editing
      ? editing.dept
      : { parentId: editing.parentId, sort: 0 };

  return (
    <Card title={t('title')}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('keyword')}
          onSearch={setKeyword}
          style={{ width: 240 }}
          data-testid="dept-keyword"
        />
        <Button onClick={() => setExpanded(allIds)}>{t('expandAll')}</Button>
        <Button onClick={() => setExpanded([])}>{t('collapseAll')}</Button>
        <Permission value={[CREATE]}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ parentId: null })}
            data-testid="dept-create"
          >
            {t('create')}
          </Button>
        </Permission>
      </Space>
      <Table<DeptNode<Dept>>
        rowKey="id"
        size="small"
        loading={query.isFetching}
        pagination={false}
        columns={columns}
        dataSource={tree}
        scroll={{ x: 1100 }}
        expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: (keys) => setExpanded(keys) }}
        data-testid="dept-table"
      />
      <FormModal<DeptForm>
        open={editing !== null}
        title={editing && 'dept' in editing ? t('edit') : t('create')}
        initialValues={initialValues}
        onSave={save}
        onClose={() => setEditing(null)}
        testId="dept-form"
        name="dept"
      >
        <Form.Item name="parentId" label={t('parent')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            treeData={parentChoices}
            placeholder={t('parentHint')}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('name')}
          rules={[rules.required(t('name')), rules.max(t('name'), 32)]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="code" label={t('code')} rules={[rules.max(t('code'), 32)]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="leader" label={t('leader')} rules={[rules.max(t('leader'), 32)]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="phone" label={t('phone')} rules={[rules.max(t('phone'), 20)]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="sort" label={c('sort')} rules={[rules.chosen(c('sort'))]}>
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </FormModal>
    </Card>
  );
}
