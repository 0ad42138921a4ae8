import { type BodyOf, MARKETING_PERMISSIONS as P } from '@trialab/api-contract';
import { Button, Col, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerSelect, useCustomers } from '../../../components/CustomerSelect';
import { FormPage, ListField, useRecordId } from '../../../components/FormPage';
import { rules } from '../../../components/formRules';
import { NumberInput } from '../../../components/NumberInput';
import { useProjectSites } from '../../../components/ProjectSiteFields/useProjectSites';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';
import { feedback } from '../../../utils/feedback';
import { money } from '../parts';

type Values = BodyOf<Contract['quotation']['create']>;
type Line = Values['lines'][number];

/**
 * /marketing/create-quotation (?id= edits a draft): a quotation for a customer and one of its
 * projects, its lines chosen from a rate-card version in force (prices and tax copied by the
 * server), quantities typed or taken from the project's online plan, line and document discounts,
 * and a validity date. The server prices it by the one rounding rule (docs/finance.md).
 */
export default function CreateQuotationPage() {
  const { t } = useTranslation('marketing', { keyPrefix: 'quotation' });
  const { t: r } = useTranslation('marketing', { keyPrefix: 'rateCard' });
  const id = useRecordId();
  const [form] = Form.useForm<Values>();
  const [subjects, setSubjects] = useState<number>(100);
  const record = useEndpointQuery(
    (c) => c.quotation.get,
    { params: { id: id ?? 0 } },
    { enabled: id !== null },
  ).data?.data;
  const invalidates = [(c: Contract) => c.quotation.paging];
  const create = useEndpointMutation((c) => c.quotation.create, { invalidates });
  const update = useEndpointMutation((c) => c.quotation.update, { invalidates });
  const customers = useCustomers();
  const { projects } = useProjectSites(undefined);
  const customerId = Form.useWatch('customerId', form);
  const projectId = Form.useWatch('projectId', form);
  const versionId = Form.useWatch('rateCardVersionId', form);
  const customer = customers.find((c) => c.id === customerId);
  const applicable = useEndpointQuery(
    (c) => c.rateCard.applicable,
    { body: { customerId: customerId ?? 0, projectId: projectId ?? 0 } },
    { enabled: Boolean(customerId && projectId) },
  ).data?.data;
  const version = applicable?.find((a) => a.versionId === versionId);
  const card = useEndpointQuery(
    (c) => c.rateCard.get,
    { params: { id: version?.cardId ?? 0 } },
    { enabled: Boolean(version) },
  ).data?.data;
  const rateLines = card?.versionList.find((v) => v.id === versionId)?.lines ?? [];
  const projectLabel = (pid: number) => {
    const p = projects.find((x) => x.id === pid);
    return p ? `${p.projectNo} ${p.name}` : String(pid);
  };

  const fromPlan = async () => {
    if (!projectId || !versionId) return feedback.warning(t('chooseCustomerFirst'));
    const { data } = await callEndpoint((c) => c.quotation.plannedQuantities, {
      body: { projectId, rateCardVersionId: versionId, subjects },
    });
    if (!data.planned) return feedback.warning(t('noPlan'));
    const current: Line[] = form.getFieldValue('lines') ?? [];
    const planned = new Map<number, string>(data.lines.map((l) => [l.rateLineId, l.quantity]));
    const kept = current.filter((l) => !planned.has(Number(l.rateLineId)));
    form.setFieldValue('lines', [
      ...kept,
      ...data.lines.map((l) => ({ rateLineId: l.rateLineId, quantity: l.quantity, discountRate: '0' })),
    ]);
    feedback.success(t('planned', { count: data.lines.length }));
  };

  return (
    <FormPage<Values>
      title={record ? t('editTitle', { number: record.number }) : t('formTitle')}
      ready={id === null || record !== undefined}
      form={form}
      name="quotation"
      recordKey={id ?? 'new'}
      initialValues={
        record
          ? {
              ...record,
              note: record.note ?? undefined,
              lines: record.lines.map((l) => ({
                rateLineId: l.rateLineId ?? 0,
                quantity: l.quantity,
                discountRate: l.discountRate,
              })),
            }
          : { discountRate: '0', lines: [] }
      }
      onSave={(values) =>
        record
          ? update.mutateAsync({ params: { id: record.id }, body: { ...values, version: record.version } })
          : create.mutateAsync({ body: values })
      }
      savedMessage={t('saved')}
      back="/marketing/quotation"
      savePermission={P.quotationCreate}
      saveTestId="quotation-save"
      testId="quotation-form"
    >
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="customerId" label={t('customer')} rules={[rules.chosen(t('customer'))]}>
            <CustomerSelect
              onChange={() =>
                form.setFieldsValue({ projectId: undefined, rateCardVersionId: undefined, lines: [] })
              }
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="projectId" label={t('project')} rules={[rules.chosen(t('project'))]}>
            <Select
              options={(customer?.projectIds ?? []).map((pid) => ({ value: pid, label: projectLabel(pid) }))}
              onChange={() => form.setFieldsValue({ rateCardVersionId: undefined, lines: [] })}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="rateCardVersionId"
            label={t('rateVersion')}
            rules={[rules.chosen(t('rateVersion'))]}
          >
            <Select
              placeholder={customerId && projectId ? undefined : t('chooseCustomerFirst')}
              options={(applicable ?? []).map((a) => ({
                value: a.versionId,
                label: `${a.name} V${a.versionNo} · ${a.currency} · ${a.taxInclusive ? r('inclusive') : r('exclusive')}`,
              }))}
              onChange={() => form.setFieldsValue({ lines: [] })}
            />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="validUntil" label={t('validUntil')} rules={[rules.required(t('validUntil'))]}>
            <Input placeholder="YYYY-MM-DD" maxLength={10} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="discountRate" label={t('discountRate')} extra={t('rateHint')}>
            <NumberInput digit={6} max={1} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="note" label={r('note')}>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
      </Row>
      <Space style={{ display: 'flex', marginBottom: 12 }}>
        <Typography.Text>{t('subjects')}</Typography.Text>
        <InputNumber
          aria-label={t('subjects')}
          min={1}
          max={100000}
          value={subjects}
          onChange={(v) => setSubjects(v ?? 1)}
        />
        <Button onClick={() => void fromPlan()} data-testid="quotation-from-plan">
          {t('fromPlan')}
        </Button>
      </Space>
      <ListField<Line>
        name="lines"
        testId="quotation-line"
        addLabel={r('addLine')}
        removeLabel={r('removeLine')}
        block
        newItem={() => ({ quantity: '1', discountRate: '0' })}
        columns={[
          {
            name: 'rateLineId',
            label: t('service'),
            input: (
              <Select
                showSearch
                optionFilterProp="label"
                options={rateLines.map((l) => ({
                  value: l.id,
                  label: `${l.name} · ${money(l.unitPrice)}/${r(`units.${l.unit}` as 'units.kit')}`,
                }))}
              />
            ),
            rules: [rules.chosen(t('service'))],
            required: true,
          },
          {
            name: 'quantity',
            label: t('quantity'),
            width: 140,
            input: <NumberInput digit={4} />,
            rules: [rules.required(t('quantity'))],
            required: true,
          },
          {
            name: 'discountRate',
            label: t('lineDiscount'),
            width: 140,
            input: <NumberInput digit={6} max={1} />,
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('totals')}
      </Typography.Paragraph>
    </FormPage>
  );
}
