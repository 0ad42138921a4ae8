import { PlusOutlined } from '@ant-design/icons';
import { REPORT_PERMISSIONS, REPORT_STATES, type ReportRow, type ReportState } from '@trialab/api-contract';
import { Button, Card, Input, Select, Space, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Permission } from '../../../access/gates';
import { type DataColumn, DataTable } from '../../../components/DataTable';
import { formatTimeAs } from '../../../components/format';
import { labApi } from '../../../services/lab';
import { labQueriesApi } from '../../../services/labQueries';
import { feedback } from '../../../utils/feedback';
import { ReportDrawer, ReportStatus } from './ReportDrawer';
import { type EntryMode, ResultEntryModal } from './ResultEntryModal';

export interface ReportTableProps {
  /** Table-head configuration code. */
  code: string;
  /** States shown; the user may narrow them. */
  states?: readonly ReportState[];
  abnormal?: boolean;
  /** Show the "enter results" button. */
  canEnter?: boolean;
}

/** Report lists of the after-analysis pages (list, revisions, revision review, exceptions). */
export function ReportTable({ code, states = REPORT_STATES, abnormal, canEnter }: ReportTableProps) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ReportState[]>([]);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ page: 1, size: 10 });
  const [rows, setRows] = useState<ReportRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const [entering, setEntering] = useState<EntryMode | null>(null);
  const [params, setParams] = useSearchParams();
  const orderId = canEnter ? Number(params.get('testOrderId')) || null : null;

  // Opened from an approved test order (test-project-review, day to-do): enter that order's results.
  useEffect(() => {
    if (!orderId) return;
    let live = true;
    labQueriesApi
      .testOrderGet(orderId)
      .then((r) => live && setEntering({ kind: 'order', order: r.data }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [orderId]);
  const closeEntry = () => {
    setEntering(null);
    if (orderId) setParams({}, { replace: true });
  };

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const response = await labApi.reportPaging({
        ...page,
        status: status.length > 0 ? status : [...states],
        ...(keyword ? { keyword } : {}),
        ...(abnormal !== undefined ? { abnormal } : {}),
      });
      setRows(response.data);
      setTotal(response.total ?? 0);
    } catch {
      // Shown by the request helper.
    } finally {
      setLoading(false);
    }
  }, [page, status, states, keyword, abnormal]);
  useEffect(() => {
    void load();
  }, [load]);

  const columns: DataColumn<ReportRow>[] = [
    { dataIndex: 'reportNo', title: t('lab.report.reportNo'), width: 190 },
    { dataIndex: 'revision', title: t('lab.report.revision'), width: 70, render: (v: number) => `v${v}` },
    {
      dataIndex: 'subjectNo',
      title: t('lab.report.subject'),
      render: (_, r) => `${r.subjectNo} ${r.subjectName}`,
    },
    { dataIndex: 'projectNo', title: t('lab.receipt.project') },
    { dataIndex: 'barcode', title: t('lab.report.barcode') },
    {
      dataIndex: 'status',
      title: t('lab.receipt.status'),
      render: (v: ReportState) => <ReportStatus status={v} />,
    },
    {
      dataIndex: 'abnormal',
      title: t('lab.report.flag'),
      width: 80,
      render: (v: boolean) => (v ? <Tag color="error">{t('lab.report.abnormal')}</Tag> : null),
    },
    { dataIndex: 'createdByName', title: t('lab.report.enteredBy') },
    {
      dataIndex: 'createdAt',
      title: t('lab.subject.createdAt'),
      render: (v: string) => formatTimeAs(v, 'minute'),
    },
    {
      dataIndex: 'actions',
      title: t('lab.common.actions'),
      width: 90,
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          onClick={() => setOpenId(r.id)}
          data-testid={`report-open-${r.reportNo}-v${r.revision}`}
        >
          {t('lab.common.view')}
        </Button>
      ),
    },
  ];

  return (
    <Card>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select<ReportState[]>
          mode="multiple"
          allowClear
          style={{ minWidth: 240 }}
          placeholder={t('lab.receipt.status')}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage((p) => ({ ...p, page: 1 }));
          }}
          options={states.map((s) => ({ value: s, label: t(`lab.report.states.${s}`) }))}
        />
        <Input.Search
          allowClear
          maxLength={64}
          placeholder={t('lab.report.keyword')}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage((p) => ({ ...p, page: 1 }));
          }}
        />
        {canEnter && (
          <Permission value={[REPORT_PERMISSIONS.enter]}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEntering({ kind: 'create' })}
              data-testid="report-enter"
            >
              {t('lab.report.enter')}
            </Button>
          </Permission>
        )}
      </Space>
      <DataTable<ReportRow>
        rowKey="id"
        code={code}
        columns={columns}
        dataSource={rows}
        loading={loading}
        page={page.page}
        size={page.size}
        total={total}
        onPageChange={(next, size) => setPage({ page: next, size })}
      />
      <ReportDrawer id={openId} onClose={() => setOpenId(null)} onChanged={() => void load()} />
      <ResultEntryModal
        mode={entering}
        onClose={closeEntry}
        onSaved={() => {
          closeEntry();
          feedback.success(t('lab.common.saved'));
          void load();
        }}
      />
    </Card>
  );
}
