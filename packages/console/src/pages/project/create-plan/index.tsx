import type { DataOf, PlanChoices } from '@trialab/api-contract';
import { Alert, Button, Card, Col, Divider, Empty, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { confirmed } from '../../../components/ConfirmDialog';
import { useAction } from '../../../components/FormModal';
import { rules } from '../../../components/formRules';
import { ProjectSiteFields } from '../../../components/ProjectSiteFields';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';
import { EDITABLE, PLAN_PAGES, type PlanDetail } from '../plan/parts';
import { PlanKits } from '../plan-parts/PlanKits';

interface SampleValues {
  sampleTypeId?: number;
  container?: string;
  volume?: number;
  unit?: string;
  count?: number;
  transportTemperatureId?: number;
  storageTemperatureId?: number;
  testItemIds?: number[];
  kitId?: number | null;
}
interface VisitValues {
  id?: number;
  name?: string;
  samples?: SampleValues[];
}
interface Values {
  projectId?: number;
  planNo?: string;
  name: string;
  visits?: VisitValues[];
}
type VisitsBody = DataOf<Contract['plan']['get']>['visits'];

/** `rules.required` for a number field (its whitespace check is for text). */
const number = (field: string): Rule => ({ ...rules.required(field), type: 'number' });

const NEW_SAMPLE: SampleValues = { count: 1, unit: 'mL', testItemIds: [] };

/** The form's visits as the contract's input, in the order on screen (the saved order). */
function visitsBody(visits: readonly VisitValues[] = []) {
  return visits.map((v) => ({
    ...(v.id ? { id: v.id } : {}),
    name: v.name?.trim() ?? '',
    samples: (v.samples ?? []).map((s) => ({
      sampleTypeId: s.sampleTypeId ?? 0,
      container: s.container?.trim() || null,
      volume: s.volume ?? 0,
      unit: s.unit?.trim() ?? '',
      count: s.count ?? 1,
      transportTemperatureId: s.transportTemperatureId ?? 0,
      storageTemperatureId: s.storageTemperatureId ?? 0,
      testItemIds: s.testItemIds ?? [],
      kitId: s.kitId ?? null,
    })),
  }));
}

const formOf = (visits: VisitsBody): VisitValues[] =>
  visits.map((v) => ({
    id: v.id,
    name: v.name,
    samples: v.samples.map((s) => ({
      sampleTypeId: s.sampleTypeId,
      container: s.container ?? undefined,
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
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
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
  const [run, busy] = useAction();
  const ready = id === null || record !== undefined;
  const editable = !record || EDITABLE.includes(record.status);

  const save = async (values: Values) => {
    const visits = visitsBody(values.visits);
    const done = await run(
      () =>
        record
          ? sync.mutateAsync({
              body: { planId: record.id, version: record.version, name: values.name, visits },
            })
          : create.mutateAsync({
              body: {
                projectId: values.projectId ?? 0,
                planNo: values.planNo?.trim() ?? '',
                name: values.name,
                visits,
              },
            }),
      t('saved'),
    );
    if (!done) return;
    // The page stays open in its tab: the next new plan starts empty.
    form.resetFields();
    navigate(PLAN_PAGES.list);
  };

  /** Unique among the visits on screen, and (checked live) among the saved visits of the version. */
  const visitName = (index: number) => ({
    validator: async (_: unknown, value: string | undefined) => {
      const name = value?.trim();
      if (!name) return;
      const visits: VisitValues[] = form.getFieldValue('visits') ?? [];
      if (visits.some((v, i) => i !== index && v?.name?.trim() === name)) throw new Error(t('visitTaken'));
      if (!record) return;
      const own = visits[index]?.id;
      const { data } = await callEndpoint((c) => c.plan.visitCheckExist, {
        body: { planId: record.id, name, id: own },
      });
      // A saved visit renamed or removed on this screen gives its name up on saving.
      const holder = record.visits.find((v) => v.name === name && v.id !== own);
      const released =
        holder !== undefined && !visits.some((v) => v?.id === holder.id && v.name?.trim() === name);
      if (data && !released) throw new Error(t('visitTaken'));
    },
  });

  const sampleRow = (visit: number, sample: number, remove: () => void) => {
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
      <Space key={sample} align="start" wrap data-testid={testId}>
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
        <Form.Item
          name={[sample, 'container']}
          label={st('container')}
          rules={[rules.max(st('container'), 64)]}
        >
          <Input style={{ width: 100 }} data-testid={`${testId}-container`} />
        </Form.Item>
        <Form.Item name={[sample, 'volume']} label={st('volume')} rules={[number(st('volume'))]}>
          <InputNumber min={0.001} max={100000} style={{ width: 90 }} data-testid={`${testId}-volume`} />
        </Form.Item>
        <Form.Item
          name={[sample, 'unit']}
          label={st('unit')}
          rules={[rules.required(st('unit')), rules.max(st('unit'), 16)]}
        >
          <Input style={{ width: 60 }} data-testid={`${testId}-unit`} />
        </Form.Item>
        <Form.Item name={[sample, 'count']} label={st('count')} rules={[number(st('count'))]}>
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
        <Form.Item label=" ">
          <Button type="link" danger onClick={remove} data-testid={`${testId}-remove`}>
            {t('removeSample')}
          </Button>
        </Form.Item>
      </Space>
    );
  };

  const title = record ? t('editTitle', { planNo: record.planNo, revision: record.revision }) : t('newTitle');
  return (
    <Card title={title} loading={!ready}>
      {record && !editable && <Alert type="warning" showIcon message={t('notEditable')} />}
      {ready && (
        <Form<Values>
          key={id ?? 'new'}
          form={form}
          layout="vertical"
          name="plan"
          data-testid="plan-form"
          disabled={!editable}
          initialValues={record ? { name: record.name, visits: formOf(record.visits) } : { visits: [] }}
          onFinish={(values) => void save(values)}
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
          </Row>
          <Divider titlePlacement="start">{t('visits')}</Divider>
          <Form.List name="visits">
            {(visits, { add, remove, move }) => (
              <>
                {visits.length === 0 && <Empty description={t('noVisits')} />}
                {visits.map((visit, index) => (
                  <Card
                    key={visit.key}
                    size="small"
                    style={{ marginBottom: 12 }}
                    data-testid={`plan-visit-${index}`}
                  >
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
                          visitName(index),
                        ]}
                      >
                        <Input style={{ width: 200 }} data-testid={`plan-visit-name-${index}`} />
                      </Form.Item>
                      <Form.Item label=" ">
                        <Space>
                          <Button
                            disabled={index === 0}
                            onClick={() => move(index, index - 1)}
                            data-testid={`plan-visit-up-${index}`}
                          >
                            {t('up')}
                          </Button>
                          <Button
                            disabled={index === visits.length - 1}
                            onClick={() => move(index, index + 1)}
                            data-testid={`plan-visit-down-${index}`}
                          >
                            {t('down')}
                          </Button>
                          <Button
                            danger
                            data-testid={`plan-visit-remove-${index}`}
                            onClick={async () => {
                              const name = form.getFieldValue(['visits', visit.name, 'name']) ?? '';
                              if (await confirmed({ content: t('confirmRemoveVisit', { name }) }))
                                remove(visit.name);
                            }}
                          >
                            {t('removeVisit')}
                          </Button>
                        </Space>
                      </Form.Item>
                    </Space>
                    <Form.List name={[visit.name, 'samples']}>
                      {(samples, rows) => (
                        <>
                          {samples.map((sample) =>
                            sampleRow(index, sample.name, () => rows.remove(sample.name)),
                          )}
                          <Button
                            type="dashed"
                            onClick={() => rows.add({ ...NEW_SAMPLE })}
                            data-testid={`plan-sample-add-${index}`}
                          >
                            {t('addSample')}
                          </Button>
                        </>
                      )}
                    </Form.List>
                  </Card>
                ))}
                <Button type="dashed" block onClick={() => add({ samples: [] })} data-testid="plan-visit-add">
                  {t('addVisit')}
                </Button>
              </>
            )}
          </Form.List>
          <Divider />
          <Button type="primary" htmlType="submit" loading={busy} data-testid="plan-save">
            {t('save')}
          </Button>
        </Form>
      )}
      {/* Kits belong to a saved version: a new plan gets them once saved. */}
      {record && (
        <div style={{ marginTop: 16 }}>
          <PlanKits planId={record.id} />
        </div>
      )}
    </Card>
  );
}
