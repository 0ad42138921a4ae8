import { type BodyOf, type PlanChoices, SAMPLE_CONTAINER_DICT } from '@trialab/api-contract';
import { Alert, Card, Col, Divider, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DictSelect } from '../../../components/DictSelect';
import { FormPage, ListField, useRecordId } from '../../../components/FormPage';
import { rules } from '../../../components/formRules';
import { ProjectSiteFields } from '../../../components/ProjectSiteFields';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';
import { EDITABLE, PLAN_PAGES, type PlanDetail } from '../plan/parts';
import { PlanKits } from '../plan-parts/PlanKits';

type CreateBody = BodyOf<Contract['plan']['create']>;
/** The form's values: the contract's body (a saved version keeps its project and plan no). */
type Values = Omit<CreateBody, 'projectId' | 'planNo'> & Partial<Pick<CreateBody, 'projectId' | 'planNo'>>;
type VisitValues = Values['visits'][number];
type SampleValues = VisitValues['samples'][number];

const NEW_SAMPLE: Partial<SampleValues> = { count: 1, unit: 'mL', testItemIds: [] };

/** A saved version's visits as the form's values (the fields the contract takes back). */
const formOf = (visits: PlanDetail['visits']): VisitValues[] =>
  visits.map((v) => ({
    id: v.id,
    name: v.name,
    enName: v.enName,
    day: v.day,
    windowBefore: v.windowBefore,
    windowAfter: v.windowAfter,
    samples: v.samples.map((s) => ({
      sampleTypeId: s.sampleTypeId,
      container: s.container,
      volume: s.volume,
      unit: s.unit,
      count: s.count,
      transportTemperatureId: s.transportTemperatureId,
      storageTemperatureId: s.storageTemperatureId,
      testItemIds: s.testItemIds,
      kitId: s.kitId ?? null,
    })),
  }));

type Option = { value: number; label: string };
/** Options plus the ones a saved version still holds (a reference disabled since shows its name). */
function withHeld(options: Option[], held: Option[]): Option[] {
  const byValue = new Map(options.map((o) => [o.value, o]));
  for (const o of held) if (!byValue.has(o.value)) byValue.set(o.value, o);
  return [...byValue.values()];
}

/** The selects' options: enabled references from the server and what the version holds. */
function useOptions(choices: PlanChoices | undefined, record: PlanDetail | undefined) {
  const samples = record?.visits.flatMap((v) => v.samples) ?? [];
  const temp = (t: { id: number; name: string; range: string }) => ({
    value: t.id,
    label: `${t.name} ${t.range}`,
  });
  return {
    sampleTypes: withHeld(
      (choices?.sampleTypes ?? []).map((s) => ({ value: s.id, label: s.name })),
      samples.map((s) => ({ value: s.sampleTypeId, label: s.sampleTypeName })),
    ),
    transport: withHeld(
      (choices?.temperatures ?? []).filter((t) => t.forTransport).map(temp),
      samples.map((s) => temp(s.transportTemperature)),
    ),
    storage: withHeld(
      (choices?.temperatures ?? []).filter((t) => t.forStorage).map(temp),
      samples.map((s) => temp(s.storageTemperature)),
    ),
    testItems: withHeld(
      (choices?.testItems ?? []).map((i) => ({ value: i.id, label: `${i.code} ${i.name}` })),
      samples.flatMap((s) => s.testItems.map((i) => ({ value: i.id, label: `${i.code} ${i.name}` }))),
    ),
    kits: withHeld(
      (choices?.kits ?? []).map((k) => ({ value: k.id, label: k.name })),
      samples.flatMap((s) => (s.kitId && s.kitName ? [{ value: s.kitId, label: s.kitName }] : [])),
    ),
  };
}

/**
 * /project/create-plan: a new plan of a chosen project, or (?id=) a draft or returned version: its
 * name and its visits in order, each with the samples to collect. Saved as a whole (`syncDraft`)
 * at the version read.
 */
export default function CreatePlanPage() {
  const { t } = useTranslation('projectPlan', { keyPrefix: 'edit' });
  const { t: sh } = useTranslation('projectPlan', { keyPrefix: 'shared' });
  const { t: st } = useTranslation('projectPlan', { keyPrefix: 'sample' });
  const id = useRecordId();
  const [form] = Form.useForm<Values>();
  const record = useEndpointQuery((c) => c.plan.get, { params: { id: id ?? 0 } }, { enabled: id !== null })
    .data?.data;
  const chosenProject = Form.useWatch('projectId', form);
  const projectId = record?.projectId ?? chosenProject;
  const choices = useEndpointQuery(
    (c) => c.plan.choices,
    // A saved version's own kits are offered (defined in the kits card below the form).
    { query: { projectId: projectId ?? 0, ...(id === null ? {} : { planId: id }) } },
    { enabled: Boolean(projectId) },
  ).data?.data;
  const options = useOptions(choices, record);
  const invalidates = [(c: Contract) => c.plan.paging, (c: Contract) => c.plan.get];
  const create = useEndpointMutation((c) => c.plan.create, { invalidates });
  const sync = useEndpointMutation((c) => c.plan.syncDraft, { invalidates });
  const editable = !record || EDITABLE.includes(record.status);

  const save = ({ projectId: project, planNo, name, enName, visits }: Values) =>
    record
      ? sync.mutateAsync({ body: { planId: record.id, version: record.version, name, enName, visits } })
      : create.mutateAsync({ body: { projectId: project ?? 0, planNo: planNo ?? '', name, enName, visits } });

  const visitNames = (index: number) => () =>
    ((form.getFieldValue('visits') ?? []) as VisitValues[]).filter((_, i) => i !== index).map((v) => v?.name);
  /** Not held by a saved visit of the version (checked live), unless this screen gives that name up. */
  const visitFree = (index: number) =>
    rules.free(t('visitTaken'), async (name) => {
      if (!record) return false;
      const visits: VisitValues[] = form.getFieldValue('visits') ?? [];
      const own = visits[index]?.id;
      const { data } = await callEndpoint((c) => c.plan.visitCheckExist, {
        body: { planId: record.id, name, id: own },
      });
      // A saved visit renamed or removed on this screen gives its name up on saving.
      const holder = record.visits.find((v) => v.name === name && v.id !== own);
      const released =
        holder !== undefined && !visits.some((v) => v?.id === holder.id && v.name?.trim() === name);
      return data && !released;
    });

  const sampleRow = (visit: number, sample: number, controls: ReactNode) => {
    const typeChanged = (typeId: number) => {
      const path: ['visits', number, 'samples', number, 'container'] = [
        'visits',
        visit,
        'samples',
        sample,
        'container',
      ];
      const tube = choices?.sampleTypes.find((s) => s.id === typeId)?.container;
      if (!form.getFieldValue(path) && tube) form.setFieldValue(path, tube);
    };
    const testId = `plan-sample-${visit}-${sample}`;
    return (
      <Space align="start" wrap>
        <Form.Item
          name={[sample, 'sampleTypeId']}
          label={st('sampleType')}
          rules={[rules.chosen(st('sampleType'))]}
        >
          <Select
            style={{ width: 120 }}
            options={options.sampleTypes}
            onChange={typeChanged}
            data-testid={`${testId}-type`}
          />
        </Form.Item>
        <Form.Item name={[sample, 'container']} label={st('container')}>
          <DictSelect
            dictNo={SAMPLE_CONTAINER_DICT}
            allowClear
            popupMatchSelectWidth={false}
            style={{ width: 150 }}
            data-testid={`${testId}-container`}
          />
        </Form.Item>
        <Form.Item name={[sample, 'volume']} label={st('volume')} rules={[rules.amount(st('volume'))]}>
          <InputNumber min={0.001} max={100000} style={{ width: 90 }} data-testid={`${testId}-volume`} />
        </Form.Item>
        <Form.Item
          name={[sample, 'unit']}
          label={st('unit')}
          rules={[rules.required(st('unit')), rules.max(st('unit'), 16)]}
        >
          <Input style={{ width: 60 }} data-testid={`${testId}-unit`} />
        </Form.Item>
        <Form.Item name={[sample, 'count']} label={st('count')} rules={[rules.amount(st('count'))]}>
          <InputNumber min={1} max={99} precision={0} style={{ width: 60 }} data-testid={`${testId}-count`} />
        </Form.Item>
        <Form.Item
          name={[sample, 'transportTemperatureId']}
          label={st('transport')}
          rules={[rules.chosen(st('transport'))]}
        >
          <Select style={{ width: 140 }} options={options.transport} data-testid={`${testId}-transport`} />
        </Form.Item>
        <Form.Item
          name={[sample, 'storageTemperatureId']}
          label={st('storage')}
          rules={[rules.chosen(st('storage'))]}
        >
          <Select style={{ width: 140 }} options={options.storage} data-testid={`${testId}-storage`} />
        </Form.Item>
        <Form.Item name={[sample, 'testItemIds']} label={st('testItems')}>
          <Select
            mode="multiple"
            maxTagCount="responsive"
            style={{ width: 220 }}
            optionFilterProp="label"
            options={options.testItems}
            data-testid={`${testId}-items`}
          />
        </Form.Item>
        <Form.Item name={[sample, 'kitId']} label={st('kit')}>
          <Select allowClear style={{ width: 140 }} options={options.kits} data-testid={`${testId}-kit`} />
        </Form.Item>
        <Form.Item label=" ">{controls}</Form.Item>
      </Space>
    );
  };

  return (
    <FormPage<Values>
      title={record ? t('editTitle', { planNo: record.planNo, revision: record.revision }) : t('newTitle')}
      ready={id === null || record !== undefined}
      form={form}
      name="plan"
      testId="plan-form"
      recordKey={id ?? 'new'}
      readOnly={!editable}
      notice={record && !editable && <Alert type="warning" showIcon message={t('notEditable')} />}
      initialValues={
        record ? { name: record.name, enName: record.enName, visits: formOf(record.visits) } : { visits: [] }
      }
      onSave={save}
      savedMessage={t('saved')}
      back={PLAN_PAGES.list}
      saveTestId="plan-save"
      // Kits belong to a saved version: a new plan gets them once saved.
      after={
        record && (
          <div style={{ marginTop: 16 }}>
            <PlanKits planId={record.id} />
          </div>
        )
      }
    >
      <Row gutter={16}>
        {!record && <ProjectSiteFields testId="plan-form" site={false} />}
        {!record && (
          <Col span={8}>
            <Form.Item
              name="planNo"
              label={sh('planNo')}
              rules={[rules.required(sh('planNo')), rules.max(sh('planNo'), 32)]}
            >
              <Input data-testid="plan-form-planNo" />
            </Form.Item>
          </Col>
        )}
        <Col span={8}>
          <Form.Item
            name="name"
            label={sh('name')}
            rules={[rules.required(sh('name')), rules.max(sh('name'), 64)]}
          >
            <Input data-testid="plan-form-name" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="enName" label={sh('enName')} rules={[rules.max(sh('enName'), 64)]}>
            <Input data-testid="plan-form-enName" />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('visits')}</Divider>
      <ListField<VisitValues>
        name="visits"
        testId="plan-visit"
        addLabel={t('addVisit')}
        newItem={() => ({ samples: [] })}
        removeLabel={t('removeVisit')}
        empty={t('noVisits')}
        movable
        block
        confirmRemove={(index) =>
          t('confirmRemoveVisit', { name: form.getFieldValue(['visits', index, 'name']) ?? '' })
        }
      >
        {(visit, index, controls) => (
          <Card size="small" style={{ marginBottom: 12 }}>
            {/* The saved visit's id goes back with it (a kept visit, not a new one). */}
            <Form.Item name={[visit.name, 'id']} hidden>
              <Input />
            </Form.Item>
            <Space align="start" wrap>
              <Form.Item
                name={[visit.name, 'name']}
                label={t('visitName')}
                validateDebounce={300}
                rules={[
                  rules.required(t('visitName')),
                  rules.max(t('visitName'), 64),
                  rules.unique(t('visitTaken'), visitNames(index)),
                  visitFree(index),
                ]}
              >
                <Input style={{ width: 200 }} data-testid={`plan-visit-name-${index}`} />
              </Form.Item>
              <Form.Item
                name={[visit.name, 'enName']}
                label={t('visitEnName')}
                rules={[rules.max(t('visitEnName'), 64)]}
              >
                <Input style={{ width: 180 }} data-testid={`plan-visit-enName-${index}`} />
              </Form.Item>
              {/* The visit window: its day from enrolment (day 0), the days allowed before and after. */}
              <Form.Item name={[visit.name, 'day']} label={t('visitDay')} tooltip={t('visitDayHint')}>
                <InputNumber
                  min={-365}
                  max={3650}
                  precision={0}
                  style={{ width: 90 }}
                  data-testid={`plan-visit-day-${index}`}
                />
              </Form.Item>
              {(['windowBefore', 'windowAfter'] as const).map((side) => (
                <Form.Item key={side} name={[visit.name, side]} label={t(side)}>
                  <InputNumber
                    min={0}
                    max={365}
                    precision={0}
                    style={{ width: 70 }}
                    data-testid={`plan-visit-${side}-${index}`}
                  />
                </Form.Item>
              ))}
              <Form.Item label=" ">{controls}</Form.Item>
            </Space>
            <ListField<SampleValues>
              name={[visit.name, 'samples']}
              testId={`plan-sample-${index}`}
              addLabel={t('addSample')}
              newItem={() => ({ ...NEW_SAMPLE })}
              removeLabel={t('removeSample')}
            >
              {(sample, _at, controls) => sampleRow(index, sample.name, controls)}
            </ListField>
          </Card>
        )}
      </ListField>
    </FormPage>
  );
}
