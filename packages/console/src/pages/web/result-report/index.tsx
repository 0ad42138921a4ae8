import { DownloadOutlined } from '@ant-design/icons';
import { PORTAL_REPORT_PERMISSIONS } from '@trialab/api-contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import type { DataColumn } from '../../../components/DataTable';
import { dash, formatTime } from '../../../components/format';
import { ListPage, useListPage } from '../../../components/ListPage';
import { type ReportFilter, type ReportFormValues, reportFilter } from '../report-filter';
import { FlagTag, ReportFilterFields } from '../report-parts';
import { type ResultRow, reportsApi } from '../reports-api';

/** Columns of the result list (the unblinding report adds the subject's identity). */
export function useResultColumns<T extends ResultRow>(): DataColumn<T>[] {
  const { t, i18n } = useTranslation();
  return [
    { dataIndex: 'projectNo', title: t('webReports.common.projectNo'), width: 130 },
    { dataIndex: 'siteName', title: t('webReports.common.site'), width: 150 },
    { dataIndex: 'subjectNo', title: t('webReports.common.subjectNo'), width: 130 },
    { dataIndex: 'visit', title: t('webReports.common.visit'), width: 110, render: dash },
    { dataIndex: 'barcode', title: t('webReports.common.barcode'), width: 140 },
    {
      dataIndex: 'testItemName',
      title: t('webReports.result.testItem'),
      width: 160,
      render: (v: string, row) => `${row.testItemCode} ${i18n.language === 'en-US' ? row.testItemEnName : v}`,
    },
    { dataIndex: 'value', title: t('webReports.result.value'), width: 100 },
    { dataIndex: 'referenceRange', title: t('webReports.result.referenceRange'), width: 120, render: dash },
    { dataIndex: 'unit', title: t('webReports.result.unit'), width: 90, render: dash },
    {
      dataIndex: 'flag',
      title: t('webReports.result.flag'),
      width: 90,
      render: (v: 'H' | 'L' | 'A' | null) => <FlagTag flag={v} />,
    },
    { dataIndex: 'reportNo', title: t('webReports.common.reportNo'), width: 170 },
    { dataIndex: 'releasedAt', title: t('webReports.common.releasedAt'), width: 170, render: formatTime },
  ];
}

/** /web/result-report: per-sample results of my sites' released reports, filters, paging and xlsx export. */
export default function ResultReportPage() {
  const { t } = useTranslation();
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
        <Permission value={[PORTAL_REPORT_PERMISSIONS.resultExport]}>
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              void reportsApi
                .resultExport(list.filter, `${t('webReports.result.exportName')}.xlsx`)
                .catch(() => undefined)
            }
          >
            {t('webReports.result.export')}
          </Button>
        </Permission>
      }
    />
  );
}
