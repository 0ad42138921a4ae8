// A chargeback notice as both sides see it: the site's report search and the staff's non-routine
// fees page (/express/unconventional) show the same columns and the same detail.
import {
  CHARGEBACK_STATES,
  type ChargebackState,
  chargebackWorkflow,
  type DataOf,
} from '@trialab/api-contract';
import { Descriptions, Form, Input, Tag, Timeline } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Contract } from '../../services/contract';
import type { EndpointPick } from '../../services/query';
import { col } from '../columns';
import type { DataColumn } from '../DataTable';
import { dash, formatTime } from '../format';
import { StatesFilter } from '../ListPage';
import { stateText } from '../StatusTag';
import { ViewModal } from '../ViewModal';
import { useDetail } from '../ViewModal/useDetail';

export type ChargebackRow = DataOf<Contract['portalReport']['chargebacks']>[number];

/** What a chargeback list is filtered by (both sides). */
export interface ChargebackFilter {
  noticeNo?: string;
  status?: ChargebackState[];
}

/** The filter fields of a chargeback list: notice number and states. */
export function ChargebackFilterFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="noticeNo" label={t('portalReports.chargeback.noticeNo')}>
        <Input allowClear maxLength={32} />
      </Form.Item>
      <StatesFilter
        label={t('portalReports.shared.status')}
        states={CHARGEBACK_STATES}
        labelOf={(state) => stateText(chargebackWorkflow, state)}
      />
    </>
  );
}

/** The columns of a chargeback list (notice, project, site, barcode, reason, amount, state, dates). */
export function chargebackColumns(t: TFunction): DataColumn<ChargebackRow>[] {
  return [
    { dataIndex: 'noticeNo', title: t('portalReports.chargeback.noticeNo'), width: 170 },
    col.projectNo(),
    { dataIndex: 'siteName', title: t('portalReports.shared.site'), width: 150 },
    { dataIndex: 'barcode', title: t('portalReports.shared.barcode'), width: 140, render: dash },
    { dataIndex: 'reason', title: t('portalReports.chargeback.reason') },
    { dataIndex: 'amount', title: t('portalReports.chargeback.amount'), width: 110, align: 'right' },
    {
      dataIndex: 'status',
      title: t('portalReports.shared.status'),
      width: 100,
      render: (v: string) => <ChargebackTag status={v} />,
    },
    col.time('raisedAt', t('portalReports.chargeback.raisedAt')),
    { dataIndex: 'disputeReason', title: t('portalReports.chargeback.disputeReason'), render: dash },
  ];
}

/** One notice with who did what and when; `endpoint` is the site's or the staff's endpoint. */
export function ChargebackDetailModal({
  id,
  onClose,
  endpoint = (c) => c.portalReport.chargeback,
}: {
  id: number | null;
  onClose(): void;
  endpoint?: EndpointPick<Contract['portalReport']['chargeback'] | Contract['chargebackStaff']['get']>;
}) {
  const { t } = useTranslation();
  const detail = useDetail(id, endpoint, onClose);
  return (
    <ViewModal open={id !== null} width={720} title={detail?.noticeNo} onCancel={onClose} loading={!detail}>
      {detail && (
        <div data-testid="chargeback-detail">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('portalReports.shared.projectNo')}>
              {detail.projectNo}
            </Descriptions.Item>
            <Descriptions.Item label={t('portalReports.shared.site')}>{detail.siteName}</Descriptions.Item>
            <Descriptions.Item label={t('portalReports.shared.barcode')}>
              {dash(detail.barcode)}
            </Descriptions.Item>
            <Descriptions.Item label={t('portalReports.chargeback.amount')}>
              {detail.amount}
            </Descriptions.Item>
            <Descriptions.Item label={t('portalReports.chargeback.reason')} span={2}>
              {detail.reason}
            </Descriptions.Item>
            <Descriptions.Item label={t('portalReports.shared.status')}>
              <ChargebackTag status={detail.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('portalReports.chargeback.raisedBy')}>
              {`${detail.raisedByName} ${formatTime(detail.raisedAt)}`}
            </Descriptions.Item>
            {detail.disputeReason && (
              <Descriptions.Item label={t('portalReports.chargeback.disputeReason')} span={2}>
                {detail.disputeReason}
              </Descriptions.Item>
            )}
          </Descriptions>
          <h4 style={{ marginTop: 16 }}>{t('portalReports.chargeback.history')}</h4>
          <Timeline
            items={detail.events.map((e) => ({
              key: e.id,
              children: (
                <div>
                  <b>{t(`portalReports.chargeback.actions.${e.action}`, { defaultValue: e.action })}</b>
                  {' → '}
                  {stateText(chargebackWorkflow, e.toState)}
                  <div style={{ color: 'rgba(0,0,0,0.45)' }}>
                    {dash(e.username)} · {formatTime(e.at)}
                  </div>
                  {e.reason && <div>{e.reason}</div>}
                </div>
              ),
            }))}
          />
        </div>
      )}
    </ViewModal>
  );
}

const CHARGEBACK_COLORS: Record<string, string> = {
  issued: 'processing',
  acknowledged: 'success',
  disputed: 'error',
  withdrawn: 'default',
};

/** A charge-back's state as its coloured tag. */
export function ChargebackTag({ status }: { status: string }) {
  return (
    <Tag color={CHARGEBACK_COLORS[status] ?? 'default'} data-testid={`chargeback-status-${status}`}>
      {stateText(chargebackWorkflow, status)}
    </Tag>
  );
}
