import {
  CHARGEBACK_PERMISSIONS,
  chargebackWorkflow,
  type DataOf,
  PORTAL_REPORT_PERMISSIONS,
} from '@trialab/api-contract';
import { Button, Descriptions, Form, Input, Table, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import {
  ChargebackDetailModal,
  type ChargebackFilter,
  ChargebackFilterFields,
  chargebackColumns,
} from '../../../components/ChargebackDetail';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { useAction } from '../../../components/FormModal';
import { dash, formatTime } from '../../../components/format';
import { ListPage, useListPage, useRowSelection, useUrlTab } from '../../../components/ListPage';
import { PermissionTabs } from '../../../components/PermissionTabs';
import { ViewModal } from '../../../components/ViewModal';
import { useDetail } from '../../../components/ViewModal/useDetail';
import { WorkflowActions } from '../../../components/WorkflowActions';
import type { Contract } from '../../../services/contract';
import { callEndpoint, downloadEndpoint } from '../../../services/endpoint';
import { feedback } from '../../../utils/feedback';
import { type ReportFilter, type ReportFormValues, reportFilter, unreadIds } from '../reportFilter';
import { FlagTag, ReportFilterFields } from '../reportParts';

type Api = Contract['portalReport'];
type PortalReportRow = DataOf<Api['paging']>[number];
type ChargebackRow = DataOf<Api['chargebacks']>[number];
type RejectionRow = DataOf<Api['rejections']>[number];

const pdfName = (row: { reportNo: string; revision: number }) => `${row.reportNo}-v${row.revision}.pdf`;

/** Released report list: all of my sites' reports, or only the ones I downloaded. */
function ReportList({ mine }: { mine: boolean }) {
  const { t } = useTranslation();
  const { t: r } = useTranslation('portalReports');
  const { t: k } = useTranslation('projectReports', { keyPrefix: 'shared.kinds' });
  const [run] = useAction();
  const [viewing, setViewing] = useState<number | null>(null);
  const list = useListPage((c) => c.portalReport.paging, {} as ReportFilter, {
    toBody: (filter) => (mine ? { ...filter, downloaded: true } : filter),
  });
  const columns: DataColumn<PortalReportRow>[] = [
    { dataIndex: 'reportNo', title: t('portalReports.shared.reportNo'), width: 170 },
    {
      dataIndex: 'revision',
      title: t('portalReports.search.revision'),
      width: 110,
      // A manual report (produced outside the system, approved by the project) has no versions.
      render: (v: number, row) =>
        row.kind === 'manual' ? (
          <Tag color="purple">{k('manual')}</Tag>
        ) : v > 0 ? (
          <Tag color="orange">{`v${v} ${t('portalReports.search.revised')}`}</Tag>
        ) : (
          'v0'
        ),
    },
    col.projectNo(),
    { dataIndex: 'siteName', title: t('fields.site'), width: 150 },
    { dataIndex: 'subjectNo', title: t('fields.subjectNo'), width: 130 },
    // Initials, or the full name where the project shows its sites names (the PDF says the same).
    { dataIndex: 'subject', title: r('shared.subject'), width: 130, render: dash },
    col.field('visit', 110),
    { dataIndex: 'barcode', title: t('fields.barcode'), width: 140 },
    {
      dataIndex: 'abnormal',
      title: t('portalReports.search.abnormal'),
      width: 80,
      render: (v: boolean) => (v ? <Tag color="red">{t('portalReports.flags.A')}</Tag> : '-'),
    },
    col.time('releasedAt', r('shared.releasedAt')),
    col.time('downloadedAt', r('search.downloadedAt')),
  ];
  // Downloading sets the row's download time: the list loads again.
  const download = (row: { id: number; reportNo: string; revision: number }) =>
    void run(() =>
      downloadEndpoint((c) => c.portalReport.pdf, { params: { id: row.id } }, pdfName(row)).then(list.reload),
    );
  const downloadManual = (row: PortalReportRow) =>
    void run(() =>
      downloadEndpoint((c) => c.portalReport.manualPdf, { params: { id: row.id } }, `${row.reportNo}.pdf`),
    );
  return (
    <ListPage<PortalReportRow, ReportFormValues>
      list={list}
      rowKey={(row) => `${row.kind}-${row.id}`}
      code={mine ? 'portal.report-search.mine' : 'portal.report-search'}
      columns={columns}
      onSearch={(values) => list.search(reportFilter(values))}
      filters={<ReportFilterFields reportNo />}
      actions={{
        width: 150,
        items: [
          {
            label: t('portalReports.shared.view'),
            testId: (row) => `report-view-${row.reportNo}`,
            hidden: (row) => row.kind === 'manual',
            onClick: (row) => setViewing(row.id),
          },
          {
            label: t('portalReports.shared.download'),
            permission: PORTAL_REPORT_PERMISSIONS.reportDownload,
            testId: (row) => `report-pdf-${row.reportNo}`,
            hidden: (row) => !row.hasPdf,
            onClick: (row) => (row.kind === 'manual' ? downloadManual(row) : download(row)),
          },
        ],
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
    <ViewModal open={id !== null} width={900} title={t('portalReports.search.detail')} onCancel={onClose}>
      {detail && (
        <div data-testid="report-detail">
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label={t('portalReports.shared.reportNo')}>
              {detail.reportNo}
            </Descriptions.Item>
            <Descriptions.Item
              label={t('portalReports.search.revision')}
            >{`v${detail.revision}`}</Descriptions.Item>
            <Descriptions.Item label={t('portalReports.shared.projectNo')}>
              {detail.projectNo}
            </Descriptions.Item>
            <Descriptions.Item label={t('portalReports.shared.site')}>{detail.siteName}</Descriptions.Item>
            <Descriptions.Item label={t('portalReports.shared.subjectNo')}>
              {detail.subjectNo}
            </Descriptions.Item>
            <Descriptions.Item label={t('portalReports.shared.subject')}>
              {dash(detail.subject)}
            </Descriptions.Item>
            <Descriptions.Item label={t('portalReports.shared.barcode')}>{detail.barcode}</Descriptions.Item>
            <Descriptions.Item label={t('portalReports.shared.visit')}>
              {dash(detail.visit)}
            </Descriptions.Item>
            <Descriptions.Item label={t('portalReports.search.samplingTime')}>
              {formatTime(detail.samplingTime)}
            </Descriptions.Item>
            <Descriptions.Item label={t('portalReports.search.releasedBy')}>
              {`${dash(detail.releasedByName)} ${formatTime(detail.releasedAt)}`}
            </Descriptions.Item>
            {detail.revisionReason && (
              <Descriptions.Item label={t('portalReports.search.revisionReason')} span={3}>
                {detail.revisionReason}
              </Descriptions.Item>
            )}
          </Descriptions>
          <h4 style={{ marginTop: 16 }}>{t('portalReports.search.results')}</h4>
          <Table
            size="small"
            rowKey="testItemId"
            pagination={false}
            dataSource={detail.results}
            columns={[
              { dataIndex: 'name', title: t('portalReports.result.testItem') },
              { dataIndex: 'value', title: t('portalReports.result.value') },
              { dataIndex: 'referenceRange', title: t('portalReports.result.referenceRange'), render: dash },
              { dataIndex: 'unit', title: t('portalReports.result.unit'), render: dash },
              {
                dataIndex: 'flag',
                title: t('portalReports.result.flag'),
                render: (v: 'H' | 'L' | 'A' | null) => <FlagTag flag={v} />,
              },
            ]}
          />
          <h4 style={{ marginTop: 16 }}>{t('portalReports.search.versions')}</h4>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={detail.versions}
            columns={[
              {
                dataIndex: 'revision',
                title: t('portalReports.search.revision'),
                render: (v: number) => `v${v}`,
              },
              {
                dataIndex: 'status',
                title: t('portalReports.shared.status'),
                render: (v: string) =>
                  v === 'released' ? (
                    <Tag color="success">{t('portalReports.search.current')}</Tag>
                  ) : (
                    <Tag>{t('portalReports.search.superseded')}</Tag>
                  ),
              },
              { dataIndex: 'revisionReason', title: t('portalReports.search.revisionReason'), render: dash },
              { dataIndex: 'releasedAt', title: t('portalReports.shared.releasedAt'), render: formatTime },
              {
                dataIndex: 'id',
                title: t('portalReports.shared.download'),
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
          <h4 style={{ marginTop: 16 }}>{t('portalReports.search.signatures')}</h4>
          <Table
            size="small"
            rowKey={(s) => `${s.action}-${s.signedAt}`}
            pagination={false}
            dataSource={detail.signatures}
            columns={[
              { dataIndex: 'signerName', title: t('portalReports.search.signer') },
              { dataIndex: 'meaning', title: t('portalReports.search.meaning') },
              { dataIndex: 'signedAt', title: t('portalReports.search.signedAt'), render: formatTime },
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
  const { t: b } = useTranslation('portalReports', { keyPrefix: 'chargeback' });
  const list = useListPage((c) => c.portalReport.chargebacks, {} as ChargebackFilter);
  const [viewing, setViewing] = useState<number | null>(null);
  const closeDetail = useCallback(() => setViewing(null), []);
  // Rejects on a failed call, so the dispute dialog stays open with the reason.
  const respond =
    (row: ChargebackRow, action: 'acknowledge' | 'dispute') => async (reason: string | null) => {
      await callEndpoint((c) => c.portalReport.respond, {
        params: { id: row.id },
        body: { version: row.version, action, reason },
      });
      feedback.success(t('portalReports.shared.operationOk'));
      await list.reload();
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
        items: [{ label: t('portalReports.shared.view'), onClick: (row) => setViewing(row.id) }],
        render: (row) => (
          <WorkflowActions
            workflow={chargebackWorkflow}
            state={row.status}
            actions={{
              acknowledge: {
                label: b('actions.acknowledge'),
                testId: `chargeback-acknowledge-${row.noticeNo}`,
                confirm: b('confirmAcknowledge'),
                onClick: respond(row, 'acknowledge'),
              },
              dispute: {
                label: b('actions.dispute'),
                testId: `chargeback-dispute-${row.noticeNo}`,
                danger: true,
                reason: {
                  title: b('disputeTitle'),
                  placeholder: b('disputePlaceholder'),
                  testId: 'chargeback-dispute-reason',
                },
                onClick: respond(row, 'dispute'),
              },
            }}
          />
        ),
      }}
    >
      <ChargebackDetailModal id={viewing} onClose={closeDetail} />
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
  const { t: j } = useTranslation('portalReports', { keyPrefix: 'rejection' });
  const list = useListPage((c) => c.portalReport.rejections, {} as RejectionFilter);
  const chosen = useRowSelection<RejectionRow>();
  const [run, marking] = useAction();
  const mark = async (ids: number[]) => {
    if (ids.length === 0) return;
    const done = await run(
      () => callEndpoint((c) => c.portalReport.markRead, { body: { ids } }).then(list.reload),
      t('portalReports.shared.operationOk'),
    );
    if (done) chosen.clear();
  };
  const columns: DataColumn<RejectionRow>[] = [
    {
      dataIndex: 'readAt',
      title: j('readState'),
      width: 80,
      render: (v: string | null) => (v ? <Tag>{j('read')}</Tag> : <Tag color="red">{j('unread')}</Tag>),
    },
    { dataIndex: 'orderNo', title: j('orderNo'), width: 170 },
    { dataIndex: 'expressNo', title: j('expressNo'), width: 150, render: dash },
    col.projectNo(),
    { dataIndex: 'siteName', title: t('fields.site'), width: 150 },
    { dataIndex: 'sampleTypeName', title: j('sampleType'), width: 100 },
    { dataIndex: 'quantity', title: j('quantity'), width: 90 },
    { dataIndex: 'reasonLabel', title: j('reason'), width: 120, render: dash },
    { dataIndex: 'remark', title: j('remark'), render: dash },
    col.time('receivedAt', j('receivedAt')),
    { dataIndex: 'receivedByName', title: j('receivedBy'), width: 100, render: dash },
  ];
  return (
    <ListPage<RejectionRow, RejectionFilter>
      list={list}
      rowKey="id"
      code="web.report-search.rejections"
      columns={columns}
      selection={chosen.selection}
      filters={
        <Form.Item name="keyword" label={j('orderNo')}>
          <Input allowClear maxLength={32} />
        </Form.Item>
      }
      toolbar={
        <Button
          loading={marking}
          disabled={unreadIds(chosen.rows, chosen.keys.map(Number)).length === 0}
          onClick={() => void mark(unreadIds(chosen.rows, chosen.keys.map(Number)))}
        >
          {j('markSelected')}
        </Button>
      }
      actions={{
        width: 110,
        items: [
          {
            label: j('markRead'),
            testId: (row) => `rejection-read-${row.id}`,
            hidden: (row) => row.readAt !== null,
            onClick: (row) => void mark([row.id]),
          },
        ],
      }}
    />
  );
}

/**
 * /web/report-search: the lab's released reports of my sites (view, download the PDF, revision
 * marks), my downloaded reports, chargeback notices and rejection notifications.
 */
const TABS: Record<string, string> = { issued: 'chargebacks', disputed: 'chargebacks' };

export default function ReportSearchPage() {
  const { t } = useTranslation();
  // The home to-do opens the chargeback notices as ?status=issued.
  const [tab, setTab] = useUrlTab<string>(TABS, 'reports');
  return (
    <PermissionTabs
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden
      items={[
        {
          value: 'reports',
          label: t('portalReports.search.tabs.reports'),
          permission: PORTAL_REPORT_PERMISSIONS.reportPage,
          children: <ReportList mine={false} />,
        },
        {
          value: 'mine',
          label: t('portalReports.search.tabs.mine'),
          permission: PORTAL_REPORT_PERMISSIONS.reportPage,
          children: <ReportList mine />,
        },
        {
          value: 'chargebacks',
          label: t('portalReports.search.tabs.chargebacks'),
          permission: CHARGEBACK_PERMISSIONS.page,
          children: <ChargebackList />,
        },
        {
          value: 'rejections',
          label: t('portalReports.search.tabs.rejections'),
          permission: PORTAL_REPORT_PERMISSIONS.rejectionNotice,
          children: <RejectionList />,
        },
      ]}
    />
  );
}
