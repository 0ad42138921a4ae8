// Pieces of the account-application screens (site side and staff side).
import { ACCOUNT_APPLICATION_STATES, accountApplicationWorkflow, type DataOf } from '@trialab/api-contract';
import { Button, Descriptions, Form, Input, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Contract } from '../../services/contract';
import type { EndpointPick } from '../../services/query';
import { col } from '../columns';
import type { DataColumn } from '../DataTable';
import { dash, formatTime, formatTimeAs } from '../format';
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

/** A cell's second line: a detail under its main value, in the secondary colour. */
const under = (main: string, detail: string) => (
  <>
    <div>{main}</div>
    <Typography.Text type="secondary">{detail}</Typography.Text>
  </>
);

/**
 * Columns both the site list and the staff lists show, within a card at 1440 × 900 beside the
 * widest action column (the review's, 180) in zh-CN and en-US: the number whole (UA + day + five
 * digits), the state's tag whole in English ("Awaiting review") with a rejection's reason under
 * it, the mobile under the name and the time under the applicant. The reviewer is in the dialog.
 */
export function applicationColumns(
  t: TFunction,
  view: (row: ApplicationRow) => void,
): DataColumn<ApplicationRow>[] {
  return [
    {
      dataIndex: 'applicationNo',
      title: t('portalAdmin.application.applicationNo'),
      width: 180,
      render: (v: string, row) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => view(row)}
          data-testid={`application-${row.mobile}`}
        >
          {v}
        </Button>
      ),
    },
    {
      dataIndex: 'name',
      title: t('portalAdmin.application.name'),
      width: 125,
      render: (v: string, row) => under(v, row.mobile),
    },
    { dataIndex: 'roleName', title: t('portalAdmin.application.role'), width: 90 },
    {
      dataIndex: 'grants',
      title: t('portalAdmin.application.grants'),
      width: 175,
      render: (v: ApplicationRow['grants']) => <GrantList grants={v} />,
    },
    {
      ...col.status<ApplicationRow>(accountApplicationWorkflow, 140),
      render: (v: ApplicationRow['status'], row) => (
        <>
          <StatusTag workflow={accountApplicationWorkflow} status={v} />
          {row.rejectReason && (
            <div>
              <Typography.Text type="secondary">{row.rejectReason}</Typography.Text>
            </div>
          )}
        </>
      ),
    },
    {
      dataIndex: 'applicantName',
      title: t('portalAdmin.application.applicant'),
      width: 150,
      render: (v: string, row) => under(v, formatTimeAs(row.applyTime, 'minute')),
    },
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
