// Pieces the portal list and report screens share: the filter fields and the result flag and state tags.
import { DatePicker, Form, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RemoteSelect } from '../../components/RemoteSelect';
import { callEndpoint } from '../../services/endpoint';

/** The project filter of portal lists: my projects, searched by project number (`projectId`). */
export function ProjectFilter() {
  const { t } = useTranslation();
  return (
    <Form.Item name="projectId" label={t('fields.projectNo')}>
      <RemoteSelect
        allowClear
        style={{ width: 180 }}
        fetcher={(params) =>
          callEndpoint((c) => c.project.ownAll, { body: params as { page: number; size: number } }).then(
            (answer) => ({ data: answer.data, total: answer.total ?? 0 }),
          )
        }
      />
    </Form.Item>
  );
}

/** Project, subject, barcode and release date filters (fields of `ReportFormValues`). */
export function ReportFilterFields({
  reportNo = false,
  flag = false,
}: {
  reportNo?: boolean;
  flag?: boolean;
}) {
  const { t } = useTranslation();
  const { t: r } = useTranslation('portalReports');
  return (
    <>
      <ProjectFilter />
      {reportNo && (
        <Form.Item name="reportNo" label={r('shared.reportNo')}>
          <Input allowClear maxLength={32} data-testid="filter-report-no" />
        </Form.Item>
      )}
      <Form.Item name="subjectNo" label={t('fields.subjectNo')}>
        <Input allowClear maxLength={64} />
      </Form.Item>
      <Form.Item name="barcode" label={t('fields.barcode')}>
        <Input allowClear maxLength={32} data-testid="filter-barcode" />
      </Form.Item>
      {flag && (
        <Form.Item name="flag" label={r('result.abnormalOnly')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={[
              { value: 'abnormal', label: r('result.onlyAbnormal') },
              { value: 'normal', label: r('result.onlyNormal') },
            ]}
          />
        </Form.Item>
      )}
      <Form.Item name="range" label={r('shared.releasedRange')}>
        <DatePicker.RangePicker />
      </Form.Item>
    </>
  );
}

/** H / L / A as a red or orange tag; nothing for a normal result. */
export function FlagTag({ flag }: { flag: 'H' | 'L' | 'A' | null }) {
  const { t } = useTranslation('portalReports', { keyPrefix: 'flags' });
  if (!flag) return <>-</>;
  return <Tag color={flag === 'L' ? 'orange' : 'red'}>{t(flag)}</Tag>;
}
