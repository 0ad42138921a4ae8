import type { DataOf } from '@trialab/api-contract';
import { PORTAL_REPORT_PERMISSIONS } from '@trialab/api-contract';
import { useTranslation } from 'react-i18next';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { ExportButton } from '../../../components/ExportButton';
import { dash } from '../../../components/format';
import { ListPage, useListPage } from '../../../components/ListPage';
import type { Contract } from '../../../services/contract';
import { type ReportFilter, type ReportFormValues, reportFilter } from '../reportFilter';
import { FlagTag, ReportFilterFields } from '../reportParts';

type ResultRow = DataOf<Contract['portalReport']['results']>[number];

/** Columns of the result list (the unblinding report adds the subject's identity). */
export function useResultColumns<T extends ResultRow>(): DataColumn<T>[] {
  const { t, i18n } = useTranslation();
  const { t: r } = useTranslation('portalReports');
  return [
    col.projectNo<T>(),
    { dataIndex: 'siteName', title: t('fields.site'), width: 150 },
    col.field<T>('subjectNo', 130),
    col.field<T>('visit', 110),
    { dataIndex: 'barcode', title: t('fields.barcode'), width: 140 },
    {
      dataIndex: 'testItemName',
      title: r('result.testItem'),
      width: 160,
      render: (v: string, row) => `${row.testItemCode} ${i18n.language === 'en-US' ? row.testItemEnName : v}`,
    },
    { dataIndex: 'value', title: r('result.value'), width: 100 },
    { dataIndex: 'referenceRange', title: r('result.referenceRange'), width: 120, render: dash },
    { dataIndex: 'unit', title: r('result.unit'), width: 90, render: dash },
    {
      dataIndex: 'flag',
      title: r('result.flag'),
      width: 90,
      render: (v: 'H' | 'L' | 'A' | null) => <FlagTag flag={v} />,
    },
    { dataIndex: 'reportNo', title: r('shared.reportNo'), width: 170 },
    col.time<T>('releasedAt', r('shared.releasedAt')),
  ];
}

/** /web/result-report: per-sample results of my sites' released reports, filters, paging and xlsx export. */
export default function ResultReportPage() {
  const { t } = useTranslation('portalReports', { keyPrefix: 'result' });
  const list = useListPage((c) => c.portalReport.results, {} as ReportFilter);
  const columns = useResultColumns<ResultRow>();
  return (
    <ListPage<ResultRow, ReportFormValues>
      list={list}
      rowKey="id"
      code="web.result-report"
      columns={columns}
      onSearch={(values) => list.search(reportFilter(values))}
      filters={<ReportFilterFields flag />}
      toolbar={
        <ExportButton
          endpoint={(c) => c.portalReport.exportResults}
          input={{ body: list.filter }}
          fileName={`${t('exportName')}.xlsx`}
          permission={[PORTAL_REPORT_PERMISSIONS.resultExport]}
        >
          {t('export')}
        </ExportButton>
      }
    />
  );
}
