import { REPORT_STATES } from '@trialab/api-contract';
import { Card, Col, Row, Statistic } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { labApi } from '../../../../services/lab';
import { ReportTable } from '../ReportTable';

type Monitor = Awaited<ReturnType<typeof labApi.reportMonitor>>['data'];

/** /laboratory/after-analysis/report-monitor: counts by state, then the reports still in progress. */
export default function ReportMonitorPage() {
  const { t } = useTranslation();
  const [data, setData] = useState<Monitor | null>(null);
  useEffect(() => {
    labApi
      .reportMonitor()
      .then((r) => setData(r.data))
      .catch(() => undefined);
  }, []);
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('lab.report.awaitingReview')} value={data?.awaitingReview ?? 0} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('lab.report.awaitingRelease')} value={data?.awaitingRelease ?? 0} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('lab.report.states.released')} value={data?.byStatus.released ?? 0} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic
              title={t('lab.report.abnormal')}
              value={data?.abnormal ?? 0}
              valueStyle={{ color: '#cf1322' }}
            />
          </Card>
        </Col>
        {REPORT_STATES.filter((s) => s !== 'released').map((s) => (
          <Col key={s} xs={12} md={4}>
            <Card size="small">
              <Statistic title={t(`lab.report.states.${s}`)} value={data?.byStatus[s] ?? 0} />
            </Card>
          </Col>
        ))}
      </Row>
      <ReportTable
        code="laboratory.report-monitor"
        states={['entered', 'returned', 'reviewed', 'revision_pending']}
      />
    </>
  );
}
