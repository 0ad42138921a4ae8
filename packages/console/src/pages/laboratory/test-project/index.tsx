import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { TEST_ITEM_PERMISSIONS, type TestItemRow } from '@trialab/api-contract';
import { Button, Card, Form, Input, Popconfirm, Select, Space, Switch, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Permission } from '../../../access/gates';
import { useAccess } from '../../../access/useAccess';
import { type DataColumn, DataTable } from '../../../components/DataTable';
import { labApi } from '../../../services/lab';
import { feedback } from '../../../utils/feedback';
import { useSampleTypes } from '../useSampleTypes';

interface Filter {
  keyword?: string;
  enabled?: boolean;
  sampleTypeId?: number;
}

/** /laboratory/test-project: test items with filters and paging; create, edit, enable and disable. */
export default function TestProjectPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { can } = useAccess();
  const sampleTypes = useSampleTypes();
  const [form] = Form.useForm<Filter>();
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState({ page: 1, size: 10 });
  const [rows, setRows] = useState<TestItemRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const response = await labApi.testItemPaging({ ...filter, ...page });
      setRows(response.data);
      setTotal(response.total ?? 0);
    } catch {
      // The request helper has shown the message.
    } finally {
      setLoading(false);
    }
  }, [filter, page]);

  useEffect(() => {
    void load();
  }, [load]);

  const toggle = async (row: TestItemRow, enabled: boolean) => {
    try {
      if (enabled) await labApi.testItemEnable(row.id);
      else await labApi.testItemDisable(row.id);
      feedback.success(t(enabled ? 'lab.testItem.enabledOk' : 'lab.testItem.disabledOk'));
    } catch (error) {
      // SPEC section 8: enabling answers HTTP 400 when there is nothing to do; that is not a failure.
      const silent = typeof error === 'object' && error !== null && (error as { silent?: boolean }).silent;
      if (!enabled || !silent) return;
    }
    await load();
  };

  const english = i18n.language === 'en-US';
  const columns: DataColumn<TestItemRow>[] = [
    { dataIndex: 'code', title: t('lab.testItem.code'), width: 120 },
    {
      dataIndex: 'name',
      title: t('lab.testItem.name'),
      render: (_, row) => (english ? row.enName : row.name),
    },
    {
      dataIndex: 'sampleTypeName',
      title: t('lab.testItem.sampleType'),
      render: (v: string | null) => v ?? '-',
    },
    {
      dataIndex: 'methodology',
      title: t('lab.testItem.methodology'),
      render: (v: string | null) => v ?? '-',
    },
    { dataIndex: 'unit', title: t('lab.testItem.unit'), width: 100, render: (v: string | null) => v ?? '-' },
    {
      dataIndex: 'referenceRange',
      title: t('lab.testItem.referenceRange'),
      render: (v: string | null) => v ?? '-',
    },
    {
      dataIndex: 'tatHours',
      title: t('lab.testItem.tatHours'),
      width: 100,
      render: (v: number | null) => v ?? '-',
    },
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
            <Switch checked={row.enabled} size="small" data-testid={`test-item-status-${row.code}`} />
          </Popconfirm>
        ) : (
          <Tag color={row.enabled ? 'success' : 'default'}>
            {t(row.enabled ? 'lab.testItem.enabled' : 'lab.testItem.disabled')}
          </Tag>
        ),
    },
    {
      dataIndex: 'actions',
      title: t('lab.common.actions'),
      width: 100,
      fixed: 'right',
      render: (_, row) => (
        <Permission value={[TEST_ITEM_PERMISSIONS.update]}>
          <Button type="link" size="small" onClick={() => navigate(`/laboratory/test-create?id=${row.id}`)}>
            {t('lab.common.edit')}
          </Button>
        </Permission>
      ),
    },
  ];

  return (
    <Card>
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(values) => {
          setFilter({
            ...(values.keyword ? { keyword: values.keyword } : {}),
            ...(values.enabled !== undefined ? { enabled: values.enabled } : {}),
            ...(values.sampleTypeId !== undefined ? { sampleTypeId: values.sampleTypeId } : {}),
          });
          setPage((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="keyword" label={t('lab.testItem.keyword')}>
          <Input allowClear maxLength={64} placeholder={t('lab.testItem.keywordHint')} />
        </Form.Item>
        <Form.Item name="sampleTypeId" label={t('lab.testItem.sampleType')}>
          <Select
            allowClear
            style={{ width: 160 }}
            options={sampleTypes.map((s) => ({ value: s.id, label: english ? s.enName : s.name }))}
          />
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
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('lab.common.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setFilter({});
                setPage((p) => ({ ...p, page: 1 }));
              }}
            >
              {t('lab.common.reset')}
            </Button>
            <Permission value={[TEST_ITEM_PERMISSIONS.create]}>
              <Button icon={<PlusOutlined />} onClick={() => navigate('/laboratory/test-create')}>
                {t('lab.testItem.create')}
              </Button>
            </Permission>
          </Space>
        </Form.Item>
      </Form>
      <DataTable<TestItemRow>
        rowKey="id"
        code="laboratory.test-project"
        columns={columns}
        dataSource={rows}
        loading={loading}
        page={page.page}
        size={page.size}
        total={total}
        onPageChange={(next, size) => setPage({ page: next, size })}
      />
    </Card>
  );
}
