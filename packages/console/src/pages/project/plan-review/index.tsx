import { PLAN_SIGNATURE_MEANING, projectPlanWorkflow } from '@trialab/api-contract';
import { Alert, Button, Descriptions } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, useListPage } from '../../../components/ListPage';
import { ViewModal } from '../../../components/ViewModal';
import { useDetail } from '../../../components/ViewModal/useDetail';
import { WorkflowActions } from '../../../components/WorkflowActions';
import { serverLanguage } from '../../../locales/lang';
import { callEndpoint } from '../../../services/endpoint';
import { useSession } from '../../../stores/session';
import { feedback } from '../../../utils/feedback';
import { type PlanFilter, PlanFilters, type PlanListRow, PlanVisits, usePlanColumns } from '../plan/parts';

/**
 * /project/plan-review: versions awaiting review (by default; a to-do link may ask for another
 * state). A reviewer opens one to read its visits and samples, then approves it with an electronic
 * signature or returns it with a reason; never a version of their own.
 */
export default function PlanReviewPage() {
  const { t, i18n } = useTranslation('projectPlan', { keyPrefix: 'shared' });
  const { t: rt } = useTranslation('projectPlan', { keyPrefix: 'review' });
  const userId = useSession((s) => s.user?.id);
  const list = useListPage((c) => c.plan.paging, { status: 'submitted' } as PlanFilter, {
    url: { status: 'one' },
  });
  const columns = usePlanColumns();
  const [opened, setOpened] = useState<number | null>(null);
  const detail = useDetail(
    opened,
    (c) => c.plan.get,
    () => setOpened(null),
  );
  const meaning = PLAN_SIGNATURE_MEANING[serverLanguage(i18n.language)];

  const done = () => {
    setOpened(null);
    return list.reload();
  };

  const actions = (row: PlanListRow, where: 'row' | 'modal') => (
    <WorkflowActions
      workflow={projectPlanWorkflow}
      state={row.status}
      isApplicant={row.createdBy === userId}
      isAuthor={userId !== undefined && row.authorIds.includes(userId)}
      before={
        where === 'row' && (
          <Button
            type="link"
            size="small"
            data-testid={`plan-open-${row.id}`}
            onClick={() => setOpened(row.id)}
          >
            {rt('open')}
          </Button>
        )
      }
      actions={{
        approve: {
          label: t('approve'),
          testId: `plan-approve-${where}-${row.id}`,
          // The kit's signature dialog: closes when it worked, stays (with the password) when not.
          signature: meaning,
          onClick: (password) =>
            callEndpoint((c) => c.plan.approve, {
              params: { id: row.id },
              body: { version: row.version, signature: { password: password ?? '' } },
            }).then(() => {
              feedback.success(rt('approved'));
              return done();
            }),
        },
        return: {
          label: t('return'),
          danger: true,
          testId: `plan-return-${where}-${row.id}`,
          reason: {
            title: t('returnTitle'),
            placeholder: t('returnPlaceholder'),
            testId: 'plan-return-reason',
          },
          onClick: (reason) =>
            callEndpoint((c) => c.plan.return, {
              params: { id: row.id },
              body: { version: row.version, reason: reason ?? '' },
            }).then(done),
        },
      }}
    />
  );

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="project.plan-review"
      columns={columns}
      filters={<PlanFilters />}
      actions={{ width: 200, render: (row) => actions(row, 'row') }}
    >
      <ViewModal
        open={detail !== null}
        width={1100}
        title={detail ? rt('title', { planNo: detail.planNo, revision: detail.revision }) : ''}
        onCancel={() => setOpened(null)}
        footer={detail ? actions(detail, 'modal') : null}
      >
        {detail && (
          <>
            <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
              <Descriptions.Item label={t('name')}>{detail.name}</Descriptions.Item>
              <Descriptions.Item
                label={t('planNo')}
              >{`${detail.planNo} V${detail.revision}`}</Descriptions.Item>
              <Descriptions.Item label={t('author')}>{detail.createdByName ?? '-'}</Descriptions.Item>
            </Descriptions>
            {detail.returnReason && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                message={`${t('returnReason')}: ${detail.returnReason}`}
              />
            )}
            <PlanVisits visits={detail.visits} />
          </>
        )}
      </ViewModal>
    </ListPage>
  );
}
