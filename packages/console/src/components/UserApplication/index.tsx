// Pieces of the account-application screens (site side and staff side).
import { ACCOUNT_APPLICATION_STATES, accountApplicationWorkflow, type DataOf } from '@trialab/api-contract';
import { Button, Descriptions, Form, Input } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Contract } from '../../services/contract';
import type { EndpointPick } from '../../services/query';
import { col } from '../columns';
import type { DataColumn } from '../DataTable';
import { dash, formatTime } from '../format';
import { StatesFilter } from '../ListPage';
import { EventTimeline, StatusTag, stateText } from '../StatusTag';
import { ViewModal } from '../ViewModal';
import { useDetail } from '../ViewModal/useDetail';

export type ApplicationRow = DataOf<Contract['accountApplication']['paging']>[number];
export type ApplicationDetail = DataOf<Contract['accountApplication']['get']>;

/** The grants as "project / site" lines. */
export function GrantList({ grants }: { grants: ApplicationDetail['grants'] }) {
  return (
    <>
      {grants.map((g) => (
        <div key={g.siteId}>
          {g.projectNo} / {g.siteNo} {g.siteName}
        </div>
      ))}
    </>
  );
}

/** Everything about one application, with its history. */
export function ApplicationView({ detail }: { detail: ApplicationDetail }) {
  const { t } = useTranslation();
  const { t: a } = useTranslation('portalAdmin', { keyPrefix: 'application' });
  return (
    <>
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label={a('applicationNo')}>{detail.applicationNo}</Descriptions.Item>
        <Descriptions.Item label={t('portalAdmin.shared.status')}>
          <StatusTag workflow={accountApplicationWorkflow} status={detail.status} />
        </Descriptions.Item>
        <Descriptions.Item label={a('name')}>{detail.name}</Descriptions.Item>
        <Descriptions.Item label={a('mobile')}>{detail.mobile}</Descriptions.Item>
        <Descriptions.Item label={a('email')}>{dash(detail.email)}</Descriptions.Item>
        <Descriptions.Item label={a('role')}>{detail.roleName}</Descriptions.Item>
        <Descriptions.Item label={a('purpose')}>{dash(detail.purpose)}</Descriptions.Item>
        <Descriptions.Item label={a('applicant')}>
          {detail.applicantName} · {formatTime(detail.applyTime)}
        </Descriptions.Item>
        <Descriptions.Item label={a('grants')} span={2}>
          <GrantList grants={detail.grants} />
        </Descriptions.Item>
        <Descriptions.Item label={a('reason')} span={2}>
          {detail.reason}
        </Descriptions.Item>
        <Descriptions.Item label={a('reviewer')}>
          {detail.reviewerName ? `${detail.reviewerName} · ${formatTime(detail.reviewTime)}` : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={a('rejectReason')}>{dash(detail.rejectReason)}</Descriptions.Item>
      </Descriptions>
      <h4 style={{ marginTop: 16 }}>{a('history')}</h4>
      <EventTimeline
        events={detail.events}
        group="application"
        ns="portalAdmin"
        workflow={accountApplicationWorkflow}
      />
    </>
  );
}

/** Loads and shows one application in a dialog (`endpoint` is the site or the staff read). */
export function ApplicationModal({
  id,
  endpoint,
  onClose,
}: {
  id: number | null;
  endpoint: EndpointPick<Contract['accountApplication']['get'] | Contract['accountApplication']['staffGet']>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const detail = useDetail(id, endpoint, onClose);
  return (
    <ViewModal
      open={id !== null}
      title={t('portalAdmin.application.detail')}
      width={860}
      onCancel={onClose}
      loading={!detail}
    >
      {detail && <ApplicationView detail={detail} />}
    </ViewModal>
  );
}

/** Columns both the site list and the staff lists show. */
export function applicationColumns(
  t: TFunction,
  view: (row: ApplicationRow) => void,
): DataColumn<ApplicationRow>[] {
  return [
    {
      dataIndex: 'applicationNo',
      title: t('portalAdmin.application.applicationNo'),
      width: 170,
      render: (v: string, row) => (
        <Button type="link" size="small" onClick={() => view(row)} data-testid={`application-${row.mobile}`}>
          {v}
        </Button>
      ),
    },
    { dataIndex: 'name', title: t('portalAdmin.application.name'), width: 100 },
    { dataIndex: 'mobile', title: t('portalAdmin.application.mobile'), width: 130 },
    { dataIndex: 'roleName', title: t('portalAdmin.application.role'), width: 110 },
    {
      dataIndex: 'grants',
      title: t('portalAdmin.application.grants'),
      width: 240,
      render: (v: ApplicationRow['grants']) => <GrantList grants={v} />,
    },
    col.status(accountApplicationWorkflow, 100),
    { dataIndex: 'applicantName', title: t('portalAdmin.application.applicant'), width: 100 },
    col.time('applyTime', t('portalAdmin.application.applyTime')),
    { dataIndex: 'reviewerName', title: t('portalAdmin.application.reviewer'), width: 100, render: dash },
    { dataIndex: 'rejectReason', title: t('portalAdmin.application.rejectReason'), width: 200, render: dash },
  ];
}

/** Filter fields both lists show. */
export function ApplicationFilters() {
  const { t } = useTranslation('portalAdmin');
  return (
    <>
      <Form.Item name="keyword">
        <Input allowClear maxLength={32} placeholder={t('application.keywordHint')} />
      </Form.Item>
      <StatesFilter
        label={t('shared.status')}
        states={ACCOUNT_APPLICATION_STATES}
        labelOf={(s) => stateText(accountApplicationWorkflow, s)}
      />
    </>
  );
}
