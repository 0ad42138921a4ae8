import type { DataOf } from '@trialab/api-contract';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { dash } from '../../../components/format';
import { ListPage, useListPage } from '../../../components/ListPage';
import type { Contract } from '../../../services/contract';
import { type ReportFilter, type ReportFormValues, reportFilter } from '../reportFilter';
import { ReportFilterFields } from '../reportParts';
import { useResultColumns } from '../result-report';

type UnblindingRow = DataOf<Contract['portalReport']['unblinding']>[number];

/**
 * /web/personal-report (menu: inventory unblinding results): released results with the identity of
 * the subject they belong to. Only for users granted `web:personal-report:page`; the server records
 * every view (each search and page) in the audit trail.
 */
export default function UnblindingReportPage() {
  const { t } = useTranslation('portalReports', { keyPrefix: 'unblinding' });
  const list = useListPage((c) => c.portalReport.unblinding, {} as ReportFilter);
  const base = useResultColumns<UnblindingRow>();
  const identity: DataColumn<UnblindingRow>[] = [
    { dataIndex: 'subjectName', title: t('subjectName'), width: 120 },
    {
      dataIndex: 'gender',
      title: t('gender'),
      width: 80,
      render: dash,
    },
    {
      dataIndex: 'birthday',
      title: t('birthday'),
      width: 110,
      render: dash,
    },
  ];
  // Identity right after the subject number.
  const at = base.findIndex((c) => c.dataIndex === 'subjectNo') + 1;
  const columns = [...base.slice(0, at), ...identity, ...base.slice(at)];
  return (
    <ListPage<UnblindingRow, ReportFormValues>
      list={list}
      rowKey="id"
      code="web.personal-report"
      columns={columns}
      header={<Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('hint')} />}
      onSearch={(values) => list.search(reportFilter(values))}
      filters={<ReportFilterFields flag />}
    />
  );
}
