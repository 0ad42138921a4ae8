import { labReportWorkflow, REPORT_STATES } from '@trialab/api-contract';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { stateText } from '../../../../components/StatusTag';
import { useEndpointQuery } from '../../../../services/query';
import { ReportTable } from '../ReportTable';

/** /laboratory/after-analysis/report-monitor: counts by state, then the reports still in progress. */
export default function ReportMonitorPage() {
  const { t } = useTranslation('lab', { keyPrefix: 'report' });
  const data = useEndpointQuery((c) => c.report.monitor).data?.data;
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('awaitingReview')} value={data?.awaitingReview ?? 0} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('awaitingRelease')} value={data?.awaitingRelease ?? 0} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic
              title={stateText(labReportWorkflow, 'released')}
              value={data?.byStatus.released ?? 0}
            />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('abnormal')} value={data?.abnormal ?? 0} valueStyle={{ color: '#cf1322' }} />
          </Card>
        </Col>
        {REPORT_STATES.filter((s) => s !== 'released').map((s) => (
          <Col key={s} xs={12} md={4}>
            <Card size="small">
              <Statistic title={stateText(labReportWorkflow, s)} value={data?.byStatus[s] ?? 0} />
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
