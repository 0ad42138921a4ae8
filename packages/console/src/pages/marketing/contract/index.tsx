import {
  type BodyOf,
  CONTRACT_SIGNATURE_MEANING,
  CONTRACT_STATES,
  type ContractLine,
  type ContractRow,
  contractWorkflow,
  DEFAULT_PAYMENT_DAYS,
  MARKETING_PERMISSIONS as P,
  PAYMENT_DAYS_MAX,
  SERVICE_KINDS,
  SERVICE_UNITS,
} from '@trialab/api-contract';
import { Button, Col, Descriptions, Form, Input, InputNumber, Row, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { useCustomers } from '../../../components/CustomerSelect';
import { col } from '../../../components/columns';
import { StaticTable } from '../../../components/DataTable';
import { FormModal } from '../../../components/FormModal';
import { ListField } from '../../../components/FormPage';
import { dash, formatTime, inLanguage } from '../../../components/format';
import { rules } from '../../../components/formRules';
import { type ListColumn, ListPage, useListPage } from '../../../components/ListPage';
import { NumberInput } from '../../../components/NumberInput';
import { ScanField } from '../../../components/ScanField';
import { EventTimeline, stateText } from '../../../components/StatusTag';
import { ViewModal } from '../../../components/ViewModal';
import { useDetail } from '../../../components/ViewModal/useDetail';
import { WorkflowActions } from '../../../components/WorkflowActions';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';
import { useEndpointQuery } from '../../../services/query';
import { feedback } from '../../../utils/feedback';
import { money, percentOf, RowLink } from '../parts';

type CreateValues = BodyOf<Contract['contract']['create']>;
type AmendValues = BodyOf<Contract['contract']['amend']>;
interface Filter {
  status?: (typeof CONTRACT_STATES)[number];
  keyword?: string;
}

/**
 * /marketing/contract: contracts made from approved, unexpired quotations; the signed scan
 * (uploaded, or taken with the document camera through the device bridge); put in force with an
 * e-signature; amendments are versions from an effective date (docs/finance.md).
 */
export default function ContractPage() {
  const { t, i18n } = useTranslation('marketing', { keyPrefix: 'contract' });
  const list = useListPage((c) => c.contract.paging, {} as Filter, { url: { status: 'one' } });
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [editing, setEditing] = useState<ContractRow | null>(null);
  const [amending, setAmending] = useState<ContractRow | null>(null);
  const fire = async (done: Promise<unknown>) => {
    await done;
    feedback.success(t('done'));
    await list.reload();
  };

  const columns: ListColumn<ContractRow>[] = [
    {
      ...col.text<ContractRow>('number', t('number'), 160),
      filter: { name: 'keyword', label: t('keyword') },
    },
    {
      ...col.status<ContractRow>(contractWorkflow),
      filter: {
        name: 'status',
        input: (
          <Select
            allowClear
            style={{ width: 130 }}
            options={CONTRACT_STATES.map((s) => ({ value: s, label: stateText(contractWorkflow, s) }))}
          />
        ),
      },
    },
    col.text<ContractRow>('customerName', t('customer'), 170),
    {
      dataIndex: 'amount',
      title: t('amount'),
      width: 140,
      align: 'right',
      render: (_: unknown, row: ContractRow) => money(row.amount, row.currency),
    },
    {
      dataIndex: 'validFrom',
      title: `${t('validFrom')} ~ ${t('validTo')}`,
      width: 200,
      ellipsis: false,
      render: (_: unknown, row: ContractRow) => `${row.validFrom} ~ ${row.validTo}`,
    },
    {
      dataIndex: 'projects',
      title: t('projects'),
      width: 110,
      render: (_: unknown, row: ContractRow) => row.projects.map((p) => p.projectNo).join(', '),
    },
    {
      dataIndex: 'signedFileId',
      title: t('scan'),
      width: 90,
      render: (v: number | null) =>
        v ? <Tag color="success">{t('scanUploaded')}</Tag> : <Tag>{t('scanMissing')}</Tag>,
    },
    col.text<ContractRow>('versions', t('versions'), 70),
  ];

  return (
    <ListPage<ContractRow, Filter>
      list={list}
      rowKey="id"
      code="marketing.contract"
      columns={columns}
      toolbar={
        <Permission value={[P.contractCreate]}>
          <Button type="primary" onClick={() => setCreating(true)} data-testid="contract-create">
            {t('create')}
          </Button>
        </Permission>
      }
      actions={{
        width: 250,
        render: (row) => (
          <WorkflowActions
            workflow={contractWorkflow}
            state={row.status}
            before={
              <>
                <RowLink
                  label={t('view')}
                  testId={`contract-view-${row.number}`}
                  onClick={() => setViewing(row.id)}
                />
                {row.status !== 'closed' && (
                  <RowLink
                    label={t('edit')}
                    testId={`contract-edit-${row.number}`}
                    permission={P.contractUpdate}
                    onClick={() => setEditing(row)}
                  />
                )}
                {row.status === 'active' && (
                  <RowLink
                    label={t('amend')}
                    testId={`contract-amend-${row.number}`}
                    permission={P.contractUpdate}
                    onClick={() => setAmending(row)}
                  />
                )}
              </>
            }
            actions={{
              activate: {
                label: t('activate'),
                testId: `contract-activate-${row.number}`,
                signature: inLanguage(CONTRACT_SIGNATURE_MEANING, i18n.language),
                onClick: (password) =>
                  fire(
                    callEndpoint((c) => c.contract.activate, {
                      params: { id: row.id },
                      body: { version: row.version, signature: { password: password ?? '' } },
                    }),
                  ),
              },
              close: {
                label: t('close'),
                danger: true,
                testId: `contract-close-${row.number}`,
                reason: {
                  title: t('closeTitle', { number: row.number }),
                  placeholder: t('closePlaceholder'),
                  testId: 'contract-close-reason',
                },
                onClick: (reason) =>
                  fire(
                    callEndpoint((c) => c.contract.close, {
                      params: { id: row.id },
                      body: { version: row.version, reason: reason ?? '' },
                    }),
                  ),
              },
            }}
          />
        ),
      }}
    >
      <ContractView id={viewing} onClose={() => setViewing(null)} />
      <CreateContract open={creating} onClose={() => setCreating(false)} onSaved={list.reload} />
      {editing && <EditContract row={editing} onClose={() => setEditing(null)} onSaved={list.reload} />}
      {amending && <AmendContract row={amending} onClose={() => setAmending(null)} onSaved={list.reload} />}
    </ListPage>
  );
}

function ProjectsOf({ customerId }: { customerId: number | undefined }) {
  const customers = useCustomers();
  const { t } = useTranslation('marketing', { keyPrefix: 'contract' });
  const ids = customers.find((c) => c.id === customerId)?.projectIds ?? [];
  const projects =
    useEndpointQuery((c) => c.project.ownAll, { body: { page: 1, size: 100 } }).data?.data ?? [];
  return (
    <Form.Item name="projectIds" label={t('projects')} rules={[rules.chosen(t('projects'))]}>
      <Select
        mode="multiple"
        options={ids.map((id) => {
          const p = projects.find((x) => x.id === id);
          return { value: id, label: p ? `${p.projectNo} ${p.name}` : String(id) };
        })}
      />
    </Form.Item>
  );
}

function CreateContract({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose(): void;
  onSaved(): Promise<void>;
}) {
  const { t } = useTranslation('marketing', { keyPrefix: 'contract' });
  const [form] = Form.useForm<CreateValues>();
  const approved = useEndpointQuery(
    (c) => c.quotation.paging,
    { body: { page: 1, size: 100, status: 'approved' } },
    { enabled: open },
  ).data?.data;
  const quotationId = Form.useWatch('quotationId', form);
  const chosen = approved?.find((q) => q.id === quotationId);
  return (
    <FormModal<CreateValues>
      open={open}
      form={form}
      title={t('createTitle')}
      width={820}
      name="contract"
      testId="contract-form"
      initialValues={{ paymentDays: DEFAULT_PAYMENT_DAYS }}
      onClose={onClose}
      onSave={async (values) => {
        await callEndpoint((c) => c.contract.create, { body: values });
        await onSaved();
      }}
    >
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item
            name="quotationId"
            label={t('approvedQuotation')}
            rules={[rules.chosen(t('approvedQuotation'))]}
          >
            <Select
              options={(approved ?? [])
                .filter((q) => !q.expired)
                .map((q) => ({
                  value: q.id,
                  label: `${q.number} V${q.revision} · ${q.customerName} · ${q.projectNo} · ${money(q.gross, q.currency)}`,
                }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="number"
            label={t('number')}
            rules={[rules.required(t('number')), rules.max(t('number'), 64)]}
          >
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="partyB" label={t('partyB')} rules={[rules.required(t('partyB'))]}>
            <Input maxLength={128} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="validFrom" label={t('validFrom')} rules={[rules.required(t('validFrom'))]}>
            <Input placeholder="YYYY-MM-DD" maxLength={10} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="validTo" label={t('validTo')} rules={[rules.required(t('validTo'))]}>
            <Input placeholder="YYYY-MM-DD" maxLength={10} />
          </Form.Item>
        </Col>
        <Col span={18}>
          <Form.Item
            name="paymentTerms"
            label={t('paymentTerms')}
            rules={[rules.required(t('paymentTerms'))]}
          >
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Col>
        <Col span={6}>
          {/* Days from a statement's confirmation to its due date: the receivables' aging reads them. */}
          <Form.Item
            name="paymentDays"
            label={t('paymentDays')}
            rules={[
              rules.amount(t('paymentDays')),
              { type: 'integer', min: 0, max: PAYMENT_DAYS_MAX, message: t('paymentDaysRule') },
            ]}
          >
            <InputNumber style={{ width: '100%' }} data-testid="contract-payment-days" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <ProjectsOf customerId={chosen?.customerId} />
        </Col>
        <Col span={24}>
          <Form.Item name="signedFileId" label={t('scan')}>
            <ScanField testId="contract-scan-upload" name="contract" />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}

function EditContract({
  row,
  onClose,
  onSaved,
}: {
  row: ContractRow;
  onClose(): void;
  onSaved(): Promise<void>;
}) {
  const { t } = useTranslation('marketing', { keyPrefix: 'contract' });
  return (
    <FormModal<BodyOf<Contract['contract']['update']>>
      open
      title={t('editTitle', { number: row.number })}
      width={820}
      name="contractEdit"
      testId="contract-edit-form"
      initialValues={{ signedFileId: row.signedFileId, projectIds: row.projects.map((p) => p.id) }}
      onClose={onClose}
      onSave={async (values) => {
        await callEndpoint((c) => c.contract.update, {
          params: { id: row.id },
          body: { ...values, version: row.version },
        });
        await onSaved();
      }}
    >
      <ProjectsOf customerId={row.customerId} />
      <Form.Item name="signedFileId" label={t('scan')}>
        <ScanField testId="contract-scan-upload" name="contract" />
      </Form.Item>
    </FormModal>
  );
}

function AmendContract({
  row,
  onClose,
  onSaved,
}: {
  row: ContractRow;
  onClose(): void;
  onSaved(): Promise<void>;
}) {
  const { t } = useTranslation('marketing', { keyPrefix: 'contract' });
  const { t: r } = useTranslation('marketing', { keyPrefix: 'rateCard' });
  const detail = useDetail(row.id, (c) => c.contract.get, onClose);
  if (!detail) return null;
  const latest = detail.versionList[0];
  return (
    <FormModal<AmendValues>
      open
      title={t('amendTitle', { number: row.number })}
      width={1100}
      name="amendment"
      testId="contract-amend-form"
      initialValues={{
        amount: latest?.amount ?? row.amount,
        lines: (latest?.lines ?? []).map(({ serviceKey: _, ...l }) => l),
      }}
      onClose={onClose}
      onSave={async (values) => {
        await callEndpoint((c) => c.contract.amend, {
          params: { id: row.id },
          body: { ...values, version: row.version },
        });
        await onSaved();
      }}
    >
      <Row gutter={16}>
        <Col span={6}>
          <Form.Item
            name="effectiveFrom"
            label={t('effectiveFrom')}
            rules={[rules.required(t('effectiveFrom'))]}
          >
            <Input placeholder="YYYY-MM-DD" maxLength={10} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="amount" label={t('amount')} rules={[rules.required(t('amount'))]}>
            <NumberInput digit={2} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="reason" label={t('reason')} rules={[rules.required(t('reason'))]}>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
      </Row>
      <ListField<Omit<ContractLine, 'serviceKey'>>
        name="lines"
        testId="contract-line"
        addLabel={r('addLine')}
        removeLabel={r('removeLine')}
        newItem={() => ({ kind: 'test', unit: 'sample', taxRate: '0.06' })}
        columns={[
          {
            name: 'kind',
            label: r('kind'),
            width: 130,
            input: <Select options={SERVICE_KINDS.map((k) => ({ value: k, label: r(`kinds.${k}`) }))} />,
          },
          { name: 'ref', label: r('ref'), width: 150, input: <Input maxLength={64} />, required: true },
          { name: 'name', label: r('lineName'), input: <Input maxLength={128} />, required: true },
          {
            name: 'unit',
            label: r('unit'),
            width: 120,
            input: <Select options={SERVICE_UNITS.map((u) => ({ value: u, label: r(`units.${u}`) }))} />,
          },
          {
            name: 'unitPrice',
            label: r('unitPrice'),
            width: 120,
            input: <NumberInput digit={4} />,
            required: true,
          },
          {
            name: 'taxRate',
            label: r('taxRate'),
            width: 100,
            input: <NumberInput digit={6} max={1} />,
            required: true,
          },
        ]}
      />
    </FormModal>
  );
}

function ContractView({ id, onClose }: { id: number | null; onClose(): void }) {
  const { t } = useTranslation('marketing', { keyPrefix: 'contract' });
  const { t: r } = useTranslation('marketing', { keyPrefix: 'rateCard' });
  const detail = useDetail(id, (c) => c.contract.get, onClose);
  const columns = [
    { dataIndex: 'serviceKey', title: r('ref'), width: 200 },
    { dataIndex: 'name', title: r('lineName') },
    {
      dataIndex: 'unit',
      title: r('unit'),
      width: 110,
      render: (v: string) => r(`units.${v}` as 'units.kit'),
    },
    { dataIndex: 'unitPrice', title: r('unitPrice'), width: 120, align: 'right' as const },
    { dataIndex: 'taxRate', title: r('taxRate'), width: 90, render: (v: string) => percentOf(v) },
  ];
  return (
    <ViewModal
      open={id !== null}
      width={1000}
      title={detail ? t('detailTitle', { number: detail.number }) : ''}
      onCancel={onClose}
    >
      {detail && (
        <>
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label={t('partyA')}>{detail.partyA}</Descriptions.Item>
            <Descriptions.Item label={t('partyB')}>{detail.partyB}</Descriptions.Item>
            <Descriptions.Item
              label={t('quotation')}
            >{`${detail.quotationNumber} V${detail.quotationRevision}`}</Descriptions.Item>
            <Descriptions.Item label={t('amount')}>{money(detail.amount, detail.currency)}</Descriptions.Item>
            <Descriptions.Item
              label={t('validFrom')}
            >{`${detail.validFrom} ~ ${detail.validTo}`}</Descriptions.Item>
            <Descriptions.Item label={t('projects')}>
              {detail.projects.map((p) => `${p.projectNo} ${p.name}`).join(', ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('paymentTerms')} span={2}>
              {detail.paymentTerms}
            </Descriptions.Item>
            <Descriptions.Item label={t('paymentDays')}>
              {t('paymentDaysValue', { count: detail.paymentDays })}
            </Descriptions.Item>
            {detail.signatures.map((s) => (
              <Descriptions.Item key={s.signedAt} label={t('signatures')} span={3}>
                {`${s.signerName} ${formatTime(s.signedAt)} ${s.meaning}`}
              </Descriptions.Item>
            ))}
          </Descriptions>
          {detail.versionList.map((v) => (
            <div key={v.id}>
              <Typography.Title level={5} style={{ marginTop: 16 }}>
                {t('versionTitle', { no: v.versionNo, from: v.effectiveFrom })} ·{' '}
                {money(v.amount, detail.currency)}
                {v.reason ? ` · ${dash(v.reason)}` : ''}
              </Typography.Title>
              <StaticTable<ContractLine> rowKey="serviceKey" columns={columns} dataSource={v.lines} />
            </div>
          ))}
          <Typography.Title level={5}>{t('history')}</Typography.Title>
          <EventTimeline events={detail.events} workflow={contractWorkflow} group="contract" ns="marketing" />
        </>
      )}
    </ViewModal>
  );
}
