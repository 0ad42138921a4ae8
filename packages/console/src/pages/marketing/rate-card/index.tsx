import {
  type BodyOf,
  CURRENCIES,
  DEFAULT_CURRENCY,
  MARKETING_PERMISSIONS as P,
  RATE_CARD_SCOPES,
  type RateCardRow,
  type RateCardScope,
  type RateLine,
  SERVICE_KINDS,
  SERVICE_UNITS,
} from '@trialab/api-contract';
import { Button, Col, Descriptions, Form, Input, Row, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { useAccess } from '../../../access/useAccess';
import { CustomerSelect } from '../../../components/CustomerSelect';
import { col } from '../../../components/columns';
import { StaticTable } from '../../../components/DataTable';
import { FormModal } from '../../../components/FormModal';
import { ListField } from '../../../components/FormPage';
import { rules } from '../../../components/formRules';
import { type ListColumn, ListPage, useListPage } from '../../../components/ListPage';
import { NumberInput } from '../../../components/NumberInput';
import { ProjectSelect } from '../../../components/ProjectSelect';
import { ViewModal } from '../../../components/ViewModal';
import { useDetail } from '../../../components/ViewModal/useDetail';
import type { Contract } from '../../../services/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';
import { percentOf } from '../parts';

type CreateValues = BodyOf<Contract['rateCard']['create']>;
type VersionValues = BodyOf<Contract['rateCard']['addVersion']>;
interface Filter {
  keyword?: string;
  scope?: RateCardScope;
}

/**
 * /marketing/rate-card (not in SPEC's route table; docs/finance.md "Rate cards"): versioned price
 * lists for all customers, one customer or one project, tax-inclusive or not, in one currency.
 * Quotations copy their lines from a version in force; versions are never edited.
 */
export default function RateCardPage() {
  const { t } = useTranslation('marketing', { keyPrefix: 'rateCard' });
  const list = useListPage((c) => c.rateCard.paging, {} as Filter);
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [versioning, setVersioning] = useState<RateCardRow | null>(null);
  const [limits, setLimits] = useState(false);
  const invalidates = [(c: Contract) => c.rateCard.paging];
  const create = useEndpointMutation((c) => c.rateCard.create, { invalidates });

  const columns: ListColumn<RateCardRow>[] = [
    col.text<RateCardRow>('code', t('code'), 130),
    { ...col.text<RateCardRow>('name', t('name')), filter: { name: 'keyword' } },
    {
      dataIndex: 'scope',
      title: t('scope'),
      width: 190,
      render: (_: unknown, row: RateCardRow) =>
        `${t(`scopes.${row.scope}`)}${row.customerName ? ` · ${row.customerName}` : ''}${row.projectNo ? ` · ${row.projectNo}` : ''}`,
      filter: {
        name: 'scope',
        input: (
          <Select
            allowClear
            style={{ width: 140 }}
            options={RATE_CARD_SCOPES.map((s) => ({ value: s, label: t(`scopes.${s}`) }))}
          />
        ),
      },
    },
    col.text<RateCardRow>('currency', t('currency'), 80),
    {
      dataIndex: 'taxInclusive',
      title: t('taxInclusive'),
      width: 110,
      render: (v: boolean) => (v ? t('inclusive') : t('exclusive')),
    },
    {
      dataIndex: 'currentVersionNo',
      title: t('current'),
      width: 230,
      render: (_: unknown, row: RateCardRow) =>
        row.currentVersionNo
          ? `V${row.currentVersionNo} · ${row.currentValidFrom} ~ ${row.currentValidTo ?? t('open')}`
          : t('none'),
    },
    col.text<RateCardRow>('versions', t('versions'), 80),
  ];

  return (
    <ListPage<RateCardRow, Filter>
      list={list}
      rowKey="id"
      code="marketing.rateCard"
      columns={columns}
      toolbar={
        <Space>
          <Permission value={[P.rateCardCreate]}>
            <Button type="primary" onClick={() => setCreating(true)} data-testid="rate-card-create">
              {t('create')}
            </Button>
          </Permission>
          <Button onClick={() => setLimits(true)} data-testid="rate-card-limits">
            {t('limits')}
          </Button>
        </Space>
      }
      actions={{
        width: 170,
        items: [
          {
            label: t('view'),
            testId: (row) => `rate-card-view-${row.code}`,
            onClick: (row) => setViewing(row.id),
          },
          {
            label: t('addVersion'),
            permission: P.rateCardCreate,
            testId: (row) => `rate-card-version-${row.code}`,
            onClick: (row) => setVersioning(row),
          },
        ],
      }}
    >
      <CardView id={viewing} onClose={() => setViewing(null)} />
      <FormModal<CreateValues>
        open={creating}
        title={t('createTitle')}
        width={1100}
        name="rateCard"
        testId="rate-card-form"
        initialValues={{
          scope: 'all',
          currency: DEFAULT_CURRENCY,
          taxInclusive: true,
          version: {
            validFrom: '',
            lines: [{ kind: 'test', ref: '', name: '', unit: 'sample', unitPrice: '', taxRate: '0.06' }],
          },
        }}
        onClose={() => setCreating(false)}
        onSave={(values) => create.mutateAsync({ body: values })}
      >
        <CardFields />
        <VersionFields prefix={['version']} />
      </FormModal>
      {versioning && <AddVersion card={versioning} onClose={() => setVersioning(null)} />}
      <DiscountLimits open={limits} onClose={() => setLimits(false)} />
    </ListPage>
  );
}

function CardFields() {
  const { t } = useTranslation('marketing', { keyPrefix: 'rateCard' });
  const scope = Form.useWatch('scope');
  return (
    <Row gutter={16}>
      <Col span={8}>
        <Form.Item
          name="name"
          label={t('name')}
          rules={[rules.required(t('name')), rules.max(t('name'), 128)]}
        >
          <Input maxLength={128} />
        </Form.Item>
      </Col>
      <Col span={4}>
        <Form.Item name="scope" label={t('scope')}>
          <Select options={RATE_CARD_SCOPES.map((s) => ({ value: s, label: t(`scopes.${s}`) }))} />
        </Form.Item>
      </Col>
      <Col span={4}>
        <Form.Item name="currency" label={t('currency')}>
          <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
      </Col>
      <Col span={4}>
        <Form.Item name="taxInclusive" label={t('taxInclusive')}>
          <Select
            options={[
              { value: true, label: t('inclusive') },
              { value: false, label: t('exclusive') },
            ]}
          />
        </Form.Item>
      </Col>
      {scope === 'customer' && (
        <Col span={8}>
          <Form.Item name="customerId" label={t('customer')} rules={[rules.chosen(t('customer'))]}>
            <CustomerSelect />
          </Form.Item>
        </Col>
      )}
      {scope === 'project' && (
        <Col span={8}>
          <Form.Item name="projectId" label={t('project')} rules={[rules.chosen(t('project'))]}>
            <ProjectSelect />
          </Form.Item>
        </Col>
      )}
    </Row>
  );
}

/** A version's validity, note and lines (under `prefix` in the form: `version` when creating a card). */
function VersionFields({ prefix }: { prefix: string[] }) {
  const { t } = useTranslation('marketing', { keyPrefix: 'rateCard' });
  return (
    <>
      <Row gutter={16}>
        <Col span={6}>
          <Form.Item
            name={[...prefix, 'validFrom']}
            label={t('validFrom')}
            rules={[rules.required(t('validFrom'))]}
          >
            <Input placeholder="YYYY-MM-DD" maxLength={10} data-testid="rate-card-valid-from" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name={[...prefix, 'validTo']} label={t('validTo')}>
            <Input placeholder="YYYY-MM-DD" maxLength={10} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name={[...prefix, 'note']} label={t('note')}>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Text type="secondary">{t('refHint')}</Typography.Text>
      <ListField<RateLine>
        name={[...prefix, 'lines']}
        testId="rate-line"
        addLabel={t('addLine')}
        removeLabel={t('removeLine')}
        newItem={() => ({ kind: 'test', unit: 'sample', taxRate: '0.06' })}
        columns={[
          {
            name: 'kind',
            label: t('kind'),
            width: 130,
            input: <Select options={SERVICE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />,
          },
          {
            name: 'ref',
            label: t('ref'),
            width: 150,
            input: <Input maxLength={64} />,
            rules: [rules.required(t('ref'))],
            required: true,
          },
          {
            name: 'name',
            label: t('lineName'),
            input: <Input maxLength={128} />,
            rules: [rules.required(t('lineName'))],
            required: true,
          },
          {
            name: 'unit',
            label: t('unit'),
            width: 120,
            input: <Select options={SERVICE_UNITS.map((u) => ({ value: u, label: t(`units.${u}`) }))} />,
          },
          {
            name: 'unitPrice',
            label: t('unitPrice'),
            width: 120,
            input: <NumberInput digit={4} />,
            rules: [rules.required(t('unitPrice'))],
            required: true,
          },
          {
            name: 'taxRate',
            label: t('taxRate'),
            width: 100,
            input: <NumberInput digit={6} max={1} placeholder={t('taxRateHint')} />,
            rules: [rules.required(t('taxRate'))],
            required: true,
          },
        ]}
      />
    </>
  );
}

function AddVersion({ card, onClose }: { card: RateCardRow; onClose(): void }) {
  const { t } = useTranslation('marketing', { keyPrefix: 'rateCard' });
  const detail = useDetail(card.id, (c) => c.rateCard.get, onClose);
  const add = useEndpointMutation((c) => c.rateCard.addVersion, { invalidates: [(c) => c.rateCard.paging] });
  const latest = detail?.versionList[0];
  if (!detail) return null;
  return (
    <FormModal<VersionValues>
      open
      title={t('addVersionTitle', { name: card.name })}
      width={1100}
      name="rateVersion"
      testId="rate-version-form"
      initialValues={{ validFrom: '', lines: latest?.lines ?? [] }}
      onClose={onClose}
      onSave={(values) => add.mutateAsync({ params: { id: card.id }, body: values })}
    >
      <VersionFields prefix={[]} />
    </FormModal>
  );
}

function CardView({ id, onClose }: { id: number | null; onClose(): void }) {
  const { t } = useTranslation('marketing', { keyPrefix: 'rateCard' });
  const detail = useDetail(id, (c) => c.rateCard.get, onClose);
  const columns = [
    {
      dataIndex: 'kind',
      title: t('kind'),
      width: 110,
      render: (v: string) => t(`kinds.${v}` as 'kinds.test'),
    },
    { dataIndex: 'ref', title: t('ref'), width: 140 },
    { dataIndex: 'name', title: t('lineName') },
    {
      dataIndex: 'unit',
      title: t('unit'),
      width: 110,
      render: (v: string) => t(`units.${v}` as 'units.kit'),
    },
    {
      dataIndex: 'unitPrice',
      title: t('unitPrice'),
      width: 120,
      align: 'right' as const,
      render: (v: string) => v,
    },
    { dataIndex: 'taxRate', title: t('taxRate'), width: 90, render: (v: string) => percentOf(v) },
  ];
  return (
    <ViewModal
      open={id !== null}
      width={1000}
      title={detail ? t('detailTitle', { code: detail.code }) : ''}
      onCancel={onClose}
    >
      {detail && (
        <>
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label={t('name')}>{detail.name}</Descriptions.Item>
            <Descriptions.Item label={t('scope')}>
              {t(`scopes.${detail.scope}`)} {detail.customerName ?? detail.projectNo ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('currency')}>
              {detail.currency} · {detail.taxInclusive ? t('inclusive') : t('exclusive')}
            </Descriptions.Item>
          </Descriptions>
          {detail.versionList.map((v) => (
            <div key={v.id}>
              <Typography.Title level={5} style={{ marginTop: 16 }}>
                {t('versionTitle', { no: v.versionNo, from: v.validFrom, to: v.validTo ?? t('open') })}
                {v.note ? ` · ${v.note}` : ''}
              </Typography.Title>
              <StaticTable<RateLine> rowKey="id" columns={columns} dataSource={v.lines} />
            </div>
          ))}
        </>
      )}
    </ViewModal>
  );
}

function DiscountLimits({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('marketing', { keyPrefix: 'rateCard' });
  const limits = useEndpointQuery((c) => c.rateCard.discountLimits, {}, { enabled: open });
  const { can } = useAccess();
  const roles = useEndpointQuery(
    (c) => c.role.listAllSimple,
    {},
    { enabled: open && can('platform:role:page') },
  );
  const set = useEndpointMutation((c) => c.rateCard.setDiscountLimit, {
    invalidates: [(c) => c.rateCard.discountLimits],
  });
  const rows = limits.data?.data ?? [];
  return (
    <FormModal<{ roleId: number; maxRate: string }>
      open={open}
      title={t('limitsTitle')}
      width={640}
      name="discountLimit"
      okText={t('setLimit')}
      savedMessage={t('limitSaved')}
      onClose={onClose}
      onSave={(values) => set.mutateAsync({ body: values })}
    >
      <StaticTable
        rowKey="roleId"
        columns={[
          { dataIndex: 'roleName', title: t('role') },
          { dataIndex: 'maxRate', title: t('maxRate'), width: 120, render: (v: string) => percentOf(v) },
        ]}
        dataSource={rows}
      />
      <Permission value={[P.discountLimitUpdate]}>
        <Row gutter={16} style={{ marginTop: 16 }}>
          <Col span={14}>
            <Form.Item name="roleId" label={t('role')} rules={[rules.chosen(t('role'))]}>
              <Select
                showSearch
                optionFilterProp="label"
                options={(roles.data?.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item
              name="maxRate"
              label={t('maxRate')}
              extra={t('taxRateHint')}
              rules={[rules.required(t('maxRate'))]}
            >
              <NumberInput digit={6} max={1} />
            </Form.Item>
          </Col>
        </Row>
      </Permission>
    </FormModal>
  );
}
