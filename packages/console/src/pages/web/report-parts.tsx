// Pieces the portal report screens share: the filter fields and the result flag and state tags.
import { DatePicker, Form, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RemoteSelect } from '../../components/RemoteSelect';
import { reportsApi } from './reports-api';

/** Project, subject, barcode and release date filters (fields of `ReportFormValues`). */
export function ReportFilterFields({
  reportNo = false,
  flag = false,
}: {
  reportNo?: boolean;
  flag?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="projectId" label={t('webReports.common.projectNo')}>
        <RemoteSelect
          allowClear
          style={{ width: 180 }}
          fetcher={(params) =>
            reportsApi
              .projects(params as { page: number; size: number })
              .then((r) => ({ data: r.data, total: r.total ?? 0 }))
          }
        />
      </Form.Item>
      {reportNo && (
        <Form.Item name="reportNo" label={t('webReports.common.reportNo')}>
          <Input allowClear maxLength={32} data-testid="filter-report-no" />
        </Form.Item>
      )}
      <Form.Item name="subjectNo" label={t('webReports.common.subjectNo')}>
        <Input allowClear maxLength={64} />
      </Form.Item>
      <Form.Item name="barcode" label={t('webReports.common.barcode')}>
        <Input allowClear maxLength={32} data-testid="filter-barcode" />
      </Form.Item>
      {flag && (
        <Form.Item name="flag" label={t('webReports.result.abnormalOnly')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={[
              { value: 'abnormal', label: t('webReports.result.onlyAbnormal') },
              { value: 'normal', label: t('webReports.result.onlyNormal') },
            ]}
          />
        </Form.Item>
      )}
      <Form.Item name="range" label={t('webReports.common.releasedRange')}>
        <DatePicker.RangePicker />
      </Form.Item>
    </>
  );
}

/** H / L / A as a red or orange tag; nothing for a normal result. */
export function FlagTag({ flag }: { flag: 'H' | 'L' | 'A' | null }) {
  const { t } = useTranslation();
  if (!flag) return <>-</>;
  return <Tag color={flag === 'L' ? 'orange' : 'red'}>{t(`webReports.flags.${flag}`)}</Tag>;
}

const CHARGEBACK_COLORS: Record<string, string> = {
  issued: 'processing',
  acknowledged: 'success',
  disputed: 'error',
  withdrawn: 'default',
};

export function ChargebackTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={CHARGEBACK_COLORS[status] ?? 'default'} data-testid={`chargeback-status-${status}`}>
      {t(`webReports.chargeback.statuses.${status}`)}
    </Tag>
  );
}
