import { DownloadOutlined } from '@ant-design/icons';
import type { ReportCode, ReportExport } from '@trialab/api-contract';
import { Button, Dropdown, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../access/gates';
import { callEndpoint, downloadEndpoint } from '../../services/endpoint';
import { invalidateEndpoints, useConsoleQueryClient, useEndpointQuery } from '../../services/query';
import { RequestError } from '../../services/request/types';
import { feedback } from '../../utils/feedback';
import { confirmed } from '../ConfirmDialog';
import { useAction } from '../FormModal';
import { formatTime } from '../format';

/** How often the jobs are asked again while one runs. */
const POLL_MS = 1000;
const NO_JOBS: ReportExport[] = [];

/** The user's export jobs (newest first), asked again every second while one runs. */
function useExportJobs() {
  const query = useEndpointQuery(
    (c) => c.reportManage.resultReport,
    { body: {} },
    {
      refetchInterval: (q) =>
        (q.state.data?.data ?? NO_JOBS).some((job) => job.state === 'running') ? POLL_MS : false,
    },
  );
  return query.data?.data ?? NO_JOBS;
}

/**
 * Starts an export of a report as a job (xlsx or csv). XLSX above its row limit is refused by the
 * server with csv offered: the user is asked whether to export csv instead, never given a cut file.
 */
export function ExportJobButton({
  code,
  filters,
  columns,
  permission,
}: {
  code: ReportCode;
  filters: Record<string, unknown>;
  columns: string[];
  permission: string;
}) {
  const { t } = useTranslation('reports');
  const client = useConsoleQueryClient();
  const [run, busy] = useAction();
  const start = (format: 'xlsx' | 'csv') =>
    run(async () => {
      const body = { code, filters: filters as never, format, columns };
      try {
        await callEndpoint((c) => c.reportManage.excel, { body }, { ignoreErrorMessage: true });
      } catch (error) {
        if (!(error instanceof RequestError)) throw error;
        if ((error.data as { offer?: string } | null)?.offer !== 'csv') {
          feedback.error(error.message);
          throw error;
        }
        if (!(await confirmed({ content: error.message, okText: t('export.asCsv') }))) return;
        await callEndpoint((c) => c.reportManage.excel, { body: { ...body, format: 'csv' } });
      }
      await invalidateEndpoints(client, [(c) => c.reportManage.resultReport]);
    });
  return (
    <Permission value={[permission]}>
      <Dropdown.Button
        icon={<DownloadOutlined />}
        loading={busy}
        onClick={() => void start('xlsx')}
        menu={{
          items: [{ key: 'csv', label: t('export.csv') }],
          onClick: () => void start('csv'),
        }}
        data-testid="report-export"
      >
        {t('export.xlsx')}
      </Dropdown.Button>
    </Permission>
  );
}

/** The user's recent exports of this report: progress, cancel while running, download when done. */
export function ExportJobList({ code }: { code: ReportCode }) {
  const { t } = useTranslation('reports');
  const client = useConsoleQueryClient();
  const jobs = useExportJobs()
    .filter((job) => job.code === code)
    .slice(0, 3);
  const [run, busy] = useAction();
  if (jobs.length === 0) return null;
  const cancel = (job: ReportExport) =>
    run(async () => {
      await callEndpoint((c) => c.reportManage.resultReportCancel, { body: { id: job.id } });
      await invalidateEndpoints(client, [(c) => c.reportManage.resultReport]);
    }, t('export.cancelled'));
  return (
    <div style={{ marginBottom: 12 }} data-testid="report-exports">
      {jobs.map((job) => {
        const percent = job.total > 0 ? Math.floor((job.written / job.total) * 100) : 0;
        return (
          <Space
            key={job.id}
            wrap
            style={{ display: 'flex', marginBottom: 4 }}
            data-testid={`report-export-${job.id}`}
            data-state={job.state}
          >
            <Typography.Text>{job.fileName}</Typography.Text>
            <Typography.Text type="secondary">{formatTime(job.createdAt)}</Typography.Text>
            {job.state === 'running' ? (
              <>
                <Progress
                  percent={percent}
                  size="small"
                  style={{ width: 180 }}
                  aria-label={t('export.progress')}
                />
                <Typography.Text data-testid="report-export-count">
                  {t('export.rows', { written: job.written, total: job.total })}
                </Typography.Text>
                <Button size="small" danger loading={busy} onClick={() => void cancel(job)}>
                  {t('export.cancel')}
                </Button>
              </>
            ) : (
              <Typography.Text type={job.state === 'done' ? 'success' : 'warning'}>
                {t(`export.states.${job.state}`)}
                {job.state === 'done'
                  ? ` · ${t('export.rows', { written: job.written, total: job.total })}`
                  : ''}
                {job.error ? ` · ${job.error}` : ''}
              </Typography.Text>
            )}
            {job.state === 'done' && (
              <Button
                size="small"
                type="link"
                icon={<DownloadOutlined />}
                onClick={() =>
                  void run(() =>
                    downloadEndpoint(
                      (c) => c.reportManage.resultReportDownload,
                      { body: { id: job.id } },
                      job.fileName,
                    ),
                  )
                }
              >
                {t('export.download')}
              </Button>
            )}
          </Space>
        );
      })}
    </div>
  );
}
