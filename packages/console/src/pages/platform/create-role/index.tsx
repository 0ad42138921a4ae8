import { SearchOutlined } from '@ant-design/icons';
import { type BodyOf, type DataOf, GRANT_ACTIONS, type GrantAction } from '@trialab/api-contract';
import { Checkbox, Collapse, Form, Input, Table, Tag, Tooltip, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { holdsPermission } from '../../../access/access';
import { useAccess } from '../../../access/useAccess';
import { FormPage, useRecordId } from '../../../components/FormPage';
import { nameOf } from '../../../components/localName';
import type { Contract } from '../../../services/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';
import { RoleFields } from '../role/RoleFields';
import { type AreaRow, areaRows, cellState, matchesQuery, toggleCell, unheldIn } from './grants';

type PermissionRow = DataOf<Contract['role']['permissionTree']>[number];
type RoleForm = Omit<BodyOf<Contract['role']['create']>, 'permissionIds' | 'reason'>;

const TYPE_COLORS: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'orange', 4: 'purple' };
/** How many matching permissions an area row names under a search (the rest are counted). */
const SHOWN_MATCHES = 4;

/**
 * The flat permission list as a tree (children in the server's order), only the rows `keep` accepts
 * and their ancestors; with the ids of its leaves and of every row shown.
 */
function permissionNodes(
  rows: readonly PermissionRow[],
  label: (row: PermissionRow) => ReactNode,
  keep: (row: PermissionRow) => boolean,
  disabled: (row: PermissionRow) => boolean,
) {
  const children = new Map<number | null, PermissionRow[]>();
  const known = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    const parent = row.parentId !== null && known.has(row.parentId) ? row.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const leaves = new Set<number>();
  const shown = new Set<number>();
  const build = (parent: number | null): DataNode[] =>
    (children.get(parent) ?? []).flatMap((row) => {
      const kids = build(row.id);
      if (kids.length === 0 && !keep(row)) return [];
      shown.add(row.id);
      if (!children.has(row.id)) leaves.add(row.id);
      return [
        {
          key: row.id,
          title: label(row),
          disableCheckbox: disabled(row),
          children: kids.length > 0 ? kids : undefined,
        },
      ];
    });
  return { nodes: build(null), leaves, shown };
}

/**
 * /platform/create-role (and ?id= to edit): name, code, remark and what the role grants, as areas of
 * the product × what a person does there (view, create, review, sign, release, export; the
 * declaration of api-contract `grants.ts`). A cell is ticked when the role has every permission of
 * it, half when some (a role set up page by page). The page and button tree below is the same
 * grant, for fine tuning. A search narrows both. Saving asks for the reason.
 */
export default function CreateRolePage() {
  const { t, i18n } = useTranslation('roles', { keyPrefix: 'form' });
  const { t: r } = useTranslation('roles', { keyPrefix: 'reason' });
  const { t: m } = useTranslation('menu');
  const { subject } = useAccess();
  const id = useRecordId();
  const [form] = Form.useForm<RoleForm>();
  const tree = useEndpointQuery((c) => c.role.permissionTree).data?.data;
  const role = useEndpointQuery((c) => c.role.get, { params: { id: id ?? 0 } }, { enabled: id !== null }).data
    ?.data;
  // What the user ticked, for the role it was ticked on (the page stays open in its tab between roles).
  const [ticked, setTicked] = useState<{ id: number | null; ids: Set<number> } | null>(null);
  const [query, setQuery] = useState('');
  const before = useMemo(() => new Set(role?.permissionIds ?? []), [role]);
  const selected = ticked?.id === id ? ticked.ids : before;
  const select = (ids: Set<number>) => setTicked({ id, ids });
  // The role list (kept open in its tab) and this role's cached answer show the saved role.
  const create = useEndpointMutation((c) => c.role.create, { invalidates: [(c) => c.role.page] });
  const update = useEndpointMutation((c) => c.role.update, {
    invalidates: [(c) => c.role.page, (c) => c.role.get],
  });

  const byId = useMemo(() => new Map((tree ?? []).map((row) => [row.id, row])), [tree]);
  const areas = useMemo(() => areaRows(tree ?? []), [tree]);
  const holds = (rowId: number) => {
    const authority = byId.get(rowId)?.authority;
    return !authority || holdsPermission(subject, authority);
  };
  const permissionMatches = (row: PermissionRow | undefined) =>
    row !== undefined && matchesQuery(query, nameOf(row), row.authority);
  const areaName = (area: AreaRow): string => m(area.path as never);
  // Under a search: the areas named so, or holding a permission named so (those are listed).
  const shownAreas = areas.flatMap((area) => {
    const ids = [...new Set(Object.values(area.cells).flat())];
    const matched = query.trim() === '' ? [] : ids.map((rowId) => byId.get(rowId)).filter(permissionMatches);
    const named = matchesQuery(query, areaName(area), area.area);
    return named || matched.length > 0 ? [{ ...area, matched: named ? [] : matched }] : [];
  });

  const { nodes, leaves, shown } = useMemo(
    () =>
      permissionNodes(
        tree ?? [],
        (row) => (
          <span data-testid={`perm-${row.authority ?? row.i18nKey}`}>
            <Tag color={TYPE_COLORS[row.type]}>{t(`types.${String(row.type) as '1' | '2' | '3' | '4'}`)}</Tag>
            {nameOf(row)}
          </span>
        ),
        (row) => permissionMatches(row),
        (row) => !before.has(row.id) && !holds(row.id),
      ),
    [tree, i18n.language, query, before, subject],
  );

  const save = (values: RoleForm, reason: string | undefined) => {
    const body = { ...values, permissionIds: [...selected], reason: reason ?? '' };
    return role
      ? update.mutateAsync({ body: { ...body, id: role.id, version: role.version } })
      : create.mutateAsync({ body });
  };

  const cell = (area: AreaRow, action: GrantAction) => {
    const ids = area.cells[action];
    if (!ids) return <span aria-hidden>—</span>;
    const state = cellState(area, action, selected);
    // Adding rows the administrator does not hold is refused by the server: say so here.
    const unheld = state === 'all' ? [] : unheldIn(ids, before, holds);
    const box = (
      <Checkbox
        data-testid={`grant-${area.area}-${action}`}
        aria-label={`${areaName(area)} · ${t(`actions.${action}`)}`}
        checked={state === 'all'}
        indeterminate={state === 'some'}
        disabled={unheld.length > 0}
        onChange={() => select(toggleCell(areas, area.area, action, selected))}
      />
    );
    return unheld.length > 0 ? (
      <Tooltip title={t('notHeld', { permission: byId.get(unheld[0] ?? 0)?.authority ?? '' })}>{box}</Tooltip>
    ) : (
      box
    );
  };

  return (
    <FormPage<RoleForm>
      title={id ? t('editTitle') : t('createTitle')}
      ready={tree !== undefined && (id === null || role !== undefined)}
      form={form}
      name="role"
      recordKey={id ?? 'new'}
      initialValues={
        role ? { name: role.name, enName: role.enName, code: role.code, remark: role.remark } : undefined
      }
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
      onSaved={() => setTicked(null)}
      saveTestId="role-save"
      style={{ maxWidth: 1080 }}
    >
      <RoleFields inputStyle={{ maxWidth: 420 }} />
      <Form.Item label={t('permissions')}>
        <Typography.Paragraph type="secondary">{t('grantHint')}</Typography.Paragraph>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="role-grant-search"
          style={{ maxWidth: 420, marginBottom: 8 }}
        />
        <Typography.Text type="secondary" style={{ marginLeft: 12 }} data-testid="role-grant-count">
          {t('selectedCount', { count: selected.size })}
        </Typography.Text>
        <Table<AreaRow & { matched: Array<PermissionRow | undefined> }>
          data-testid="role-grants"
          size="small"
          bordered
          pagination={false}
          rowKey="area"
          dataSource={shownAreas}
          locale={{ emptyText: t('noMatch') }}
          columns={[
            {
              key: 'area',
              title: t('area'),
              width: 260,
              render: (_, area) => (
                <div>
                  <Typography.Text strong>{areaName(area)}</Typography.Text>
                  {area.matched.length > 0 && (
                    <div data-testid={`grant-matches-${area.area}`}>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {area.matched
                          .slice(0, SHOWN_MATCHES)
                          .map((row) => (row ? nameOf(row) : ''))
                          .join('、')}
                        {area.matched.length > SHOWN_MATCHES &&
                          t('moreMatches', { count: area.matched.length - SHOWN_MATCHES })}
                      </Typography.Text>
                    </div>
                  )}
                </div>
              ),
            },
            ...GRANT_ACTIONS.map((action) => ({
              key: action,
              title: <Tooltip title={t(`actionHints.${action}`)}>{t(`actions.${action}`)}</Tooltip>,
              width: 110,
              align: 'center' as const,
              render: (_: unknown, area: AreaRow) => cell(area, action),
            })),
          ]}
        />
        <Collapse
          ghost
          style={{ marginTop: 8 }}
          items={[
            {
              key: 'pages',
              label: <span data-testid="role-advanced">{t('advanced')}</span>,
              children: (
                <div
                  data-testid="role-permissions"
                  style={{ border: '1px solid #f0f0f0', padding: 8, maxHeight: 480, overflow: 'auto' }}
                >
                  <Typography.Paragraph type="secondary">{t('advancedHint')}</Typography.Paragraph>
                  <Tree
                    checkable
                    selectable={false}
                    // Directories open, menus closed; a search opens every match.
                    defaultExpandedKeys={(tree ?? []).filter((row) => row.type === 1).map((row) => row.id)}
                    {...(query.trim() ? { expandedKeys: [...shown] } : {})}
                    treeData={nodes}
                    checkedKeys={[...selected].filter((p) => leaves.has(p))}
                    onCheck={(keys, info) => {
                      const full = (Array.isArray(keys) ? keys : keys.checked).map(Number);
                      // Rows the search hides keep their state; a ticked row's parents are granted too.
                      const kept = [...selected].filter((p) => !shown.has(p));
                      select(new Set([...kept, ...full, ...(info.halfCheckedKeys ?? []).map(Number)]));
                    }}
                  />
                </div>
              ),
            },
          ]}
        />
      </Form.Item>
    </FormPage>
  );
}
