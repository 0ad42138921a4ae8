import { CHARGEBACK_LIMITS, CHARGEBACK_PERMISSIONS, PORTAL_REPORT_PERMISSIONS } from '@trialab/api-contract';
import { Button, Descriptions, Form, Input, Table, Tag } from 'antd';
import type { Key } from 'react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { useAccess } from '../../../access/useAccess';
import { confirmDialog } from '../../../components/ConfirmDialog';
import type { DataColumn } from '../../../components/DataTable';
import { dash, formatTime } from '../../../components/format';
import { ListPage, useListPage } from '../../../components/ListPage';
import { PermissionTabs } from '../../../components/PermissionTabs';
import { ReasonModal } from '../../../components/ReasonModal';
import { ViewModal } from '../../../components/ViewModal';
import { useDetail } from '../../../components/ViewModal/useDetail';
import { feedback } from '../../../utils/feedback';
import {
  ChargebackDetailModal,
  type ChargebackFilter,
  ChargebackFilterFields,
  chargebackColumns,
} from '../ChargebackDetail';
import {
  chargebackButtons,
  type ReportFilter,
  type ReportFormValues,
  reportFilter,
  unreadIds,
} from '../report-filter';
import { FlagTag, ReportFilterFields } from '../report-parts';
import { type ChargebackRow, type PortalReportRow, type RejectionRow, reportsApi } from '../reports-api';

const pdfName = (row: { reportNo: string; revision: number }) => `${row.reportNo}-v${row.revision}.pdf`;

/** Released report list: all of my sites' reports, or only the ones I downloaded. */
function ReportList({ mine }: { mine: boolean }) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<number | null>(null);
  const list = useListPage((c) => c.portalReport.paging, {} as ReportFilter, {
    toBody: (filter) => (mine ? { ...filter, downloaded: true } : filter),
  });
  const columns: DataColumn<PortalReportRow>[] = [
    { dataIndex: 'reportNo', title: t('webReports.common.reportNo'), width: 170 },
    {
      dataIndex: 'revision',
      title: t('webReports.search.revision'),
      width: 110,
      render: (v: number) =>
        v > 0 ? <Tag color="orange">{`v${v} ${t('webReports.search.revised')}`}</Tag> : 'v0',
    },
    { dataIndex: 'projectNo', title: t('webReports.common.projectNo'), width: 130 },
    { dataIndex: 'siteName', title: t('webReports.common.site'), width: 150 },
    { dataIndex: 'subjectNo', title: t('webReports.common.subjectNo'), width: 130 },
    { dataIndex: 'visit', title: t('webReports.common.visit'), width: 110, render: dash },
    { dataIndex: 'barcode', title: t('webReports.common.barcode'), width: 140 },
    {
      dataIndex: 'abnormal',
      title: t('webReports.search.abnormal'),
      width: 80,
      render: (v: boolean) => (v ? <Tag color="red">{t('webReports.flags.A')}</Tag> : '-'),
    },
    { dataIndex: 'releasedAt', title: t('webReports.common.releasedAt'), width: 170, render: formatTime },
    { dataIndex: 'downloadedAt', title: t('webReports.search.downloadedAt'), width: 170, render: formatTime },
  ];
  const download = (row: { id: number; reportNo: string; revision: number }) =>
    void reportsApi
      .reportPdf(row.id, pdfName(row))
      .then(() => list.reload())
      .catch(() => undefined);
  return (
    <ListPage<PortalReportRow, ReportFormValues>
      list={list}
      rowKey="id"
      code={mine ? 'web.report-search.mine' : 'web.report-search'}
      columns={columns}
      onSearch={(values) => list.search(reportFilter(values))}
      filters={<ReportFilterFields reportNo />}
      actions={{
        width: 150,
        render: (row) => (
          <>
            <Button
              type="link"
              size="small"
              onClick={() => setViewing(row.id)}
              data-testid={`report-view-${row.reportNo}`}
            >
              {t('webReports.common.view')}
            </Button>
            {row.hasPdf && (
              <Permission value={[PORTAL_REPORT_PERMISSIONS.reportDownload]}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => download(row)}
                  data-testid={`report-pdf-${row.reportNo}`}
                >
                  {t('webReports.common.download')}
                </Button>
              </Permission>
            )}
          </>
        ),
      }}
    >
      <ReportDetailModal id={viewing} onClose={() => setViewing(null)} onDownload={download} />
    </ListPage>
  );
}

function ReportDetailModal({
  id,
  onClose,
  onDownload,
}: {
  id: number | null;
  onClose(): void;
  onDownload(row: { id: number; reportNo: string; revision: number }): void;
}) {
  const { t } = useTranslation();
  const detail = useDetail(id, (c) => c.portalReport.get, onClose);
  return (
    <ViewModal open={id !== null} width={900} title={t('webReports.search.detail')} onCancel={onClose}>
      {detail && (
        <div data-testid="report-detail">
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label={t('webReports.common.reportNo')}>{detail.reportNo}</Descriptions.Item>
            <Descriptions.Item
              label={t('webReports.search.revision')}
            >{`v${detail.revision}`}</Descriptions.Item>
            <Descriptions.Item label={t('webReports.common.projectNo')}>{detail.projectNo}</Descriptions.Item>
            <Descriptions.Item label={t('webReports.common.site')}>{detail.siteName}</Descriptions.Item>
            <Descriptions.Item label={t('webReports.common.subjectNo')}>{detail.subjectNo}</Descriptions.Item>
            <Descriptions.Item label={t('webReports.common.barcode')}>{detail.barcode}</Descriptions.Item>
            <Descriptions.Item label={t('webReports.common.visit')}>{dash(detail.visit)}</Descriptions.Item>
            <Descriptions.Item label={t('webReports.search.samplingTime')}>
              {formatTime(detail.samplingTime)}
            </Descriptions.Item>
            <Descriptions.Item label={t('webReports.search.releasedBy')}>
              {`${dash(detail.releasedByName)} ${formatTime(detail.releasedAt)}`}
            </Descriptions.Item>
            {detail.revisionReason && (
              <Descriptions.Item label={t('webReports.search.revisionReason')} span={3}>
                {detail.revisionReason}
              </Descriptions.Item>
            )}
          </Descriptions>
          <h4 style={{ marginTop: 16 }}>{t('webReports.search.results')}</h4>
          <Table
            size="small"
            rowKey="testItemId"
            pagination={false}
            dataSource={detail.results}
            columns={[
              { dataIndex: 'name', title: t('webReports.result.testItem') },
              { dataIndex: 'value', title: t('webReports.result.value') },
              { dataIndex: 'referenceRange', title: t('webReports.result.referenceRange'), render: dash },
              { dataIndex: 'unit', title: t('webReports.result.unit'), render: dash },
              {
                dataIndex: 'flag',
                title: t('webReports.result.flag'),
                render: (v: 'H' | 'L' | 'A' | null) => <FlagTag flag={v} />,
              },
            ]}
          />
          <h4 style={{ marginTop: 16 }}>{t('webReports.search.versions')}</h4>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={detail.versions}
            columns={[
              {
                dataIndex: 'revision',
                title: t('webReports.search.revision'),
                render: (v: number) => `v${v}`,
              },
              {
                dataIndex: 'status',
                title: t('webReports.common.status'),
                render: (v: string) =>
                  v === 'released' ? (
                    <Tag color="success">{t('webReports.search.current')}</Tag>
                  ) : (
                    <Tag>{t('webReports.search.superseded')}</Tag>
                  ),
              },
              { dataIndex: 'revisionReason', title: t('webReports.search.revisionReason'), render: dash },
              { dataIndex: 'releasedAt', title: t('webReports.common.releasedAt'), render: formatTime },
              {
                dataIndex: 'id',
                title: t('webReports.common.download'),
                render: (versionId: number, v) => (
                  <Permission value={[PORTAL_REPORT_PERMISSIONS.reportDownload]}>
                    <Button
                      type="link"
                      size="small"
                      onClick={() =>
                        onDownload({ id: versionId, reportNo: detail.reportNo, revision: v.revision })
                      }
                    >
                      PDF
                    </Button>
                  </Permission>
                ),
              },
            ]}
          />
          <h4 style={{ marginTop: 16 }}>{t('webReports.search.signatures')}</h4>
          <Table
            size="small"
            rowKey={(s) => `${s.action}-${s.signedAt}`}
            pagination={false}
            dataSource={detail.signatures}
            columns={[
              { dataIndex: 'signerName', title: t('webReports.search.signer') },
              { dataIndex: 'meaning', title: t('webReports.search.meaning') },
              { dataIndex: 'signedAt', title: t('webReports.search.signedAt'), render: formatTime },
            ]}
          />
        </div>
      )}
    </ViewModal>
  );
}

/** Chargeback notices of my sites: acknowledge, or dispute with a reason (≤ 255). */
function ChargebackList() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const list = useListPage((c) => c.portalReport.chargebacks, {} as ChargebackFilter);
  const [viewing, setViewing] = useState<number | null>(null);
  const [disputing, setDisputing] = useState<ChargebackRow | null>(null);
  const closeDetail = useCallback(() => setViewing(null), []);
  const respond = async (row: ChargebackRow, action: 'acknowledge' | 'dispute', reason?: string) => {
    try {
      await reportsApi.chargebackRespond(row.id, { version: row.version, action, reason: reason ?? null });
      feedback.success(t('webReports.common.operationOk'));
      await list.reload();
    } catch {
      // shown by the request helper
    }
  };
  const act = async (row: ChargebackRow, action: 'acknowledge' | 'dispute') => {
    if (action === 'dispute') return setDisputing(row);
    try {
      await confirmDialog({ content: t('webReports.chargeback.confirmAcknowledge') });
    } catch {
      return;
    }
    await respond(row, action);
  };
  const columns = chargebackColumns(t);
  return (
    <ListPage<ChargebackRow, ChargebackFilter>
      list={list}
      rowKey="id"
      code="web.report-search.chargebacks"
      columns={columns}
      filters={<ChargebackFilterFields />}
      actions={{
        width: 200,
        render: (row) => (
          <>
            <Button type="link" size="small" onClick={() => setViewing(row.id)}>
              {t('webReports.common.view')}
            </Button>
            {chargebackButtons(row.status, (p) => can(p)).map((action) => (
              <Button
                key={action}
                type="link"
                size="small"
                danger={action === 'dispute'}
                onClick={() => void act(row, action as 'acknowledge' | 'dispute')}
                data-testid={`chargeback-${action}-${row.noticeNo}`}
              >
                {t(`webReports.chargeback.actions.${action}`)}
              </Button>
            ))}
          </>
        ),
      }}
    >
      <ChargebackDetailModal id={viewing} onClose={closeDetail} />
      <ReasonModal
        open={disputing !== null}
        title={t('webReports.chargeback.disputeTitle')}
        placeholder={t('webReports.chargeback.disputePlaceholder')}
        max={CHARGEBACK_LIMITS.reason}
        required
        testId="chargeback-dispute-reason"
        onCancel={() => setDisputing(null)}
        onOk={(reason) => {
          const row = disputing;
          if (!row) return;
          setDisputing(null);
          void respond(row, 'dispute', reason);
        }}
      />
    </ListPage>
  );
}

interface RejectionFilter {
  keyword?: string;
  read?: boolean;
}

/** Samples of my sites rejected at receipt; each user marks them read. */
function RejectionList() {
  const { t } = useTranslation();
  const list = useListPage((c) => c.portalReport.rejections, {} as RejectionFilter);
  const [selected, setSelected] = useState<Key[]>([]);
  const mark = async (ids: number[]) => {
    if (ids.length === 0) return;
    try {
      await reportsApi.markRead(ids);
      feedback.success(t('webReports.common.operationOk'));
      setSelected([]);
      await list.reload();
    } catch {
      // shown by the request helper
    }
  };
  const columns: DataColumn<RejectionRow>[] = [
    {
      dataIndex: 'readAt',
      title: t('webReports.rejection.readState'),
      width: 80,
      render: (v: string | null) =>
        v ? (
          <Tag>{t('webReports.rejection.read')}</Tag>
        ) : (
          <Tag color="red">{t('webReports.rejection.unread')}</Tag>
        ),
    },
    { dataIndex: 'orderNo', title: t('webReports.rejection.orderNo'), width: 170 },
    { dataIndex: 'expressNo', title: t('webReports.rejection.expressNo'), width: 150, render: dash },
    { dataIndex: 'projectNo', title: t('webReports.common.projectNo'), width: 130 },
    { dataIndex: 'siteName', title: t('webReports.common.site'), width: 150 },
    { dataIndex: 'sampleTypeName', title: t('webReports.rejection.sampleType'), width: 100 },
    { dataIndex: 'quantity', title: t('webReports.rejection.quantity'), width: 90 },
    { dataIndex: 'reasonLabel', title: t('webReports.rejection.reason'), width: 120, render: dash },
    { dataIndex: 'remark', title: t('webReports.rejection.remark'), render: dash },
    { dataIndex: 'receivedAt', title: t('webReports.rejection.receivedAt'), width: 170, render: formatTime },
    { dataIndex: 'receivedByName', title: t('webReports.rejection.receivedBy'), width: 100, render: dash },
  ];
  return (
    <ListPage<RejectionRow, RejectionFilter>
      list={list}
      rowKey="id"
      code="web.report-search.rejections"
      columns={columns}
      selection={{ mode: 'multiple', keys: selected, onChange: setSelected }}
      filters={
        <Form.Item name="keyword" label={t('webReports.rejection.orderNo')}>
          <Input allowClear maxLength={32} />
        </Form.Item>
      }
      toolbar={
        <Button
          disabled={unreadIds(list.rows, selected.map(Number)).length === 0}
          onClick={() => void mark(unreadIds(list.rows, selected.map(Number)))}
        >
          {t('webReports.rejection.markSelected')}
        </Button>
      }
      actions={{
        width: 110,
        render: (row) =>
          row.readAt === null && (
            <Button
              type="link"
              size="small"
              onClick={() => void mark([row.id])}
              data-testid={`rejection-read-${row.id}`}
            >
              {t('webReports.rejection.markRead')}
            </Button>
          ),
      }}
    />
  );
}

/**
 * /web/report-search: the lab's released reports of my sites (view, download the PDF, revision
 * marks), my downloaded reports, chargeback notices and rejection notifications.
 */
export default function ReportSearchPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('reports');
  return (
    <PermissionTabs
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden
      items={[
        {
          value: 'reports',
          label: t('webReports.search.tabs.reports'),
          permission: PORTAL_REPORT_PERMISSIONS.reportPage,
          children: <ReportList mine={false} />,
        },
        {
          value: 'mine',
          label: t('webReports.search.tabs.mine'),
          permission: PORTAL_REPORT_PERMISSIONS.reportPage,
          children: <ReportList mine />,
        },
        {
          value: 'chargebacks',
          label: t('webReports.search.tabs.chargebacks'),
          permission: CHARGEBACK_PERMISSIONS.page,
          children: <ChargebackList />,
        },
        {
          value: 'rejections',
          label: t('webReports.search.tabs.rejections'),
          permission: PORTAL_REPORT_PERMISSIONS.rejectionNotice,
          children: <RejectionList />,
        },
      ]}
    />
  );
}
