import { PlusOutlined } from '@ant-design/icons';
import { TEST_ITEM_PERMISSIONS, type TestItemRow } from '@trialab/api-contract';
import { Button, Form, Input, Popconfirm, Select, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Permission } from '../../../access/gates';
import { useAccess } from '../../../access/useAccess';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { useAction } from '../../../components/FormModal';
import { ListPage, useListPage } from '../../../components/ListPage';
import { nameOf, nameOptions } from '../../../components/localName';
import { useSampleTypes } from '../../../components/useSampleTypes';
import { useEndpointMutation } from '../../../services/query';

interface Filter {
  keyword?: string;
  enabled?: boolean;
  sampleTypeId?: number;
}

/** /laboratory/test-project: test items with filters and paging; create, edit, enable and disable. */
export default function TestProjectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useAccess();
  const sampleTypes = useSampleTypes();
  const list = useListPage((c) => c.testItems.paging, {} as Filter);
  // Both writes change the list: it is loaded again before they resolve.
  const enable = useEndpointMutation((c) => c.testItems.enable, {
    invalidates: [(c) => c.testItems.paging],
    // SPEC section 8: HTTP 400 is an answer here (already enabled), not a failure.
    request: { acceptStatus: [400] },
  });
  const disable = useEndpointMutation((c) => c.testItems.disable, {
    invalidates: [(c) => c.testItems.paging],
  });

  const [run] = useAction();
  const toggle = async (row: TestItemRow, enabled: boolean) => {
    const done = await run(
      () => (enabled ? enable : disable).mutateAsync({ params: { id: row.id } }),
      t(enabled ? 'lab.testItem.enabledOk' : 'lab.testItem.disabledOk'),
    );
    // SPEC section 8: enabling answers HTTP 400 (silently) when there is nothing to do: show the rows as they are.
    if (!done && enabled) await list.reload();
  };

  const columns: DataColumn<TestItemRow>[] = [
    { dataIndex: 'code', title: t('lab.testItem.code'), width: 120 },
    {
      dataIndex: 'name',
      title: t('lab.testItem.name'),
      render: (_, row) => nameOf(row),
    },
    col.text('sampleTypeName', t('lab.testItem.sampleType')),
    col.text('methodology', t('lab.testItem.methodology')),
    col.text('unit', t('lab.testItem.unit'), 100),
    col.text('referenceRange', t('lab.testItem.referenceRange')),
    col.text('tatHours', t('lab.testItem.tatHours'), 100),
    {
      dataIndex: 'enabled',
      title: t('lab.testItem.status'),
      width: 110,
      render: (_, row) =>
        can(TEST_ITEM_PERMISSIONS.status) ? (
          <Popconfirm
            title={t(row.enabled ? 'lab.testItem.confirmDisable' : 'lab.testItem.confirmEnable')}
            onConfirm={() => toggle(row, !row.enabled)}
          >
            <Switch
              checked={row.enabled}
              size="small"
              aria-label={`${row.code} ${t('lab.testItem.status')}`}
              data-testid={`test-item-status-${row.code}`}
            />
          </Popconfirm>
        ) : (
          <Tag color={row.enabled ? 'success' : 'default'}>
            {t(row.enabled ? 'lab.testItem.enabled' : 'lab.testItem.disabled')}
          </Tag>
        ),
    },
  ];

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="laboratory.test-project"
      columns={columns}
      filters={
        <>
          <Form.Item name="keyword" label={t('lab.testItem.keyword')}>
            <Input allowClear maxLength={64} placeholder={t('lab.testItem.keywordHint')} />
          </Form.Item>
          <Form.Item name="sampleTypeId" label={t('lab.testItem.sampleType')}>
            <Select allowClear style={{ width: 160 }} options={nameOptions(sampleTypes)} />
          </Form.Item>
          <Form.Item name="enabled" label={t('lab.testItem.status')}>
            <Select
              allowClear
              style={{ width: 120 }}
              options={[
                { value: true, label: t('lab.testItem.enabled') },
                { value: false, label: t('lab.testItem.disabled') },
              ]}
            />
          </Form.Item>
        </>
      }
      toolbar={
        <Permission value={[TEST_ITEM_PERMISSIONS.create]}>
          <Button icon={<PlusOutlined />} onClick={() => navigate('/laboratory/test-create')}>
            {t('lab.testItem.create')}
          </Button>
        </Permission>
      }
      actions={{
        width: 100,
        items: [
          {
            label: t('lab.shared.edit'),
            permission: TEST_ITEM_PERMISSIONS.update,
            onClick: (row) => navigate(`/laboratory/test-create?id=${row.id}`),
          },
        ],
      }}
    />
  );
}
