import {
  type DataOf,
  PLAN_EDITABLE_STATES,
  PLAN_STATES,
  type PlanState,
  projectPlanWorkflow,
  SAMPLE_CONTAINER_DICT,
} from '@trialab/api-contract';
import { Col, Form, Input, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { dash } from '../../../components/format';
import { nameOf } from '../../../components/localName';
import { ProjectSelect } from '../../../components/ProjectSelect';
import { stateText } from '../../../components/StatusTag';
import type { Contract } from '../../../services/contract';

export type PlanListRow = DataOf<Contract['plan']['paging']>[number];
export type PlanDetail = DataOf<Contract['plan']['get']>;
export type PlanVisit = PlanDetail['visits'][number];
export type PlanFilter = { projectId?: number; status?: PlanState; keyword?: string };

export const PLAN_PAGES = {
  list: '/project/plan',
  edit: '/project/create-plan',
  detail: '/project/plan-detail',
  review: '/project/plan-review',
} as const;

/** Versions that may still be edited (the workflow's `submit` sources). */
/** The states whose visits and samples may be changed (the plan workflow's declaration says). */
export const EDITABLE: readonly PlanState[] = PLAN_EDITABLE_STATES;

/** The columns both plan lists show. */
export function usePlanColumns(): DataColumn<PlanListRow>[] {
  const { t } = useTranslation('projectPlan', { keyPrefix: 'shared' });
  const { t: tr } = useTranslation();
  return [
    col.text<PlanListRow>('planNo', t('planNo'), 180),
    {
      dataIndex: 'revision',
      title: t('revision'),
      width: 70,
      render: (v: number) => `V${v}`,
    },
    col.localName<PlanListRow>(t('name'), 200),
    col.projectNo<PlanListRow>(),
    col.status<PlanListRow>(projectPlanWorkflow),
    col.text<PlanListRow>('visitCount', t('visitCount'), 80),
    col.text<PlanListRow>('createdByName', t('author'), 100),
    col.time<PlanListRow>('updatedAt', tr('fields.updatedAt')),
  ];
}

/** Filters of the plan lists: project, plan no or name, status. */
export function PlanFilters() {
  const { t } = useTranslation('projectPlan');
  const { t: tr } = useTranslation();
  return (
    <>
      <Col span={6}>
        <Form.Item name="projectId" label={tr('fields.project')}>
          <ProjectSelect allowClear data-testid="plan-filter-project" />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="keyword" label={t('shared.keyword')}>
          <Input allowClear data-testid="plan-filter-keyword" />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="status" label={tr('fields.status')}>
          <Select
            allowClear
            data-testid="plan-filter-status"
            options={PLAN_STATES.map((s) => ({ value: s, label: stateText(projectPlanWorkflow, s) }))}
          />
        </Form.Item>
      </Col>
    </>
  );
}

type Sample = PlanVisit['samples'][number];

/** The samples of one visit, read-only. */
export function SampleTable({ samples, testId }: { samples: readonly Sample[]; testId: string }) {
  const { t } = useTranslation('projectPlan', { keyPrefix: 'sample' });
  return (
    <Table<Sample>
      size="small"
      pagination={false}
      rowKey={(s) =>
        `${s.sampleTypeId}-${s.container ?? ''}-${s.transportTemperatureId}-${s.storageTemperatureId}`
      }
      data-testid={testId}
      dataSource={[...samples]}
      columns={[
        { dataIndex: 'sampleTypeName', title: t('sampleType'), width: 110 },
        col.dict<Sample>('container', t('container'), SAMPLE_CONTAINER_DICT, 110),
        {
          dataIndex: 'volume',
          title: t('volume'),
          width: 100,
          render: (_: unknown, s: Sample) => `${s.volume} ${s.unit}`,
        },
        { dataIndex: 'count', title: t('count'), width: 70 },
        {
          dataIndex: 'transportTemperatureId',
          title: t('transport'),
          width: 150,
          render: (_: unknown, s: Sample) => `${s.transportTemperature.name} ${s.transportTemperature.range}`,
        },
        {
          dataIndex: 'storageTemperatureId',
          title: t('storage'),
          width: 150,
          render: (_: unknown, s: Sample) => `${s.storageTemperature.name} ${s.storageTemperature.range}`,
        },
        {
          dataIndex: 'testItemIds',
          title: t('testItems'),
          render: (_: unknown, s: Sample) =>
            s.testItems.length ? s.testItems.map((i) => <Tag key={i.id}>{i.name}</Tag>) : '-',
        },
        { dataIndex: 'kitName', title: t('kit'), width: 130, render: dash },
      ]}
    />
  );
}

/** A version's visits in order, each with its samples. */
export function PlanVisits({ visits }: { visits: readonly PlanVisit[] }) {
  const { t } = useTranslation('projectPlan', { keyPrefix: 'edit' });
  return (
    <>
      {visits.map((v) => (
        <div key={v.id} style={{ marginBottom: 16 }} data-testid={`plan-visit-${v.name}`}>
          <h4>
            {nameOf(v)}{' '}
            {v.day !== null && (
              <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
                {t('visitWindow', { day: v.day, before: v.windowBefore, after: v.windowAfter })}
              </Typography.Text>
            )}
          </h4>
          <SampleTable samples={v.samples} testId={`plan-visit-samples-${v.id}`} />
        </div>
      ))}
    </>
  );
}
