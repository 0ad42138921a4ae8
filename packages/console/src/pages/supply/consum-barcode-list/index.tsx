import {
  BARCODE_KINDS,
  BARCODE_RANGE_MAX,
  BARCODE_STATES,
  type BarcodeKind,
  type BarcodeRangeRow,
  SUPPLY_BARCODE_PERMISSIONS,
} from '@trialab/api-contract';
import { Button, Form, Input, InputNumber, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { col } from '../../../components/columns';
import { FormModal } from '../../../components/FormModal';
import { dash } from '../../../components/format';
import { rules } from '../../../components/formRules';
import { type ListColumn, ListPage, useListPage } from '../../../components/ListPage';
import { ProjectSelect } from '../../../components/ProjectSelect';
import { useProjectSites } from '../../../components/ProjectSiteFields/useProjectSites';
import { callEndpoint } from '../../../services/endpoint';
import { useEndpointQuery } from '../../../services/query';
import { feedback } from '../../../utils/feedback';
import { CodesModal } from './CodesModal';
import { PrintModal } from './PrintModal';

interface Filter {
  projectId?: number;
  kind?: BarcodeKind;
}
interface ReserveValues {
  projectId: number;
  siteId: number;
  visitId?: number | null;
  kind: BarcodeKind;
  count: number;
  remark?: string;
}

function ReserveFields() {
  const { t } = useTranslation('supplyBarcodes');
  const form = Form.useFormInstance<ReserveValues>();
  const projectId = Form.useWatch('projectId', form);
  const { sites } = useProjectSites(projectId);
  const visits = useEndpointQuery(
    (c) => c.supplyBarcodes.visits,
    { query: { projectId: projectId ?? 0 } },
    { enabled: Boolean(projectId) },
  ).data?.data;
  return (
    <>
      <Form.Item name="projectId" label={t('project')} rules={[rules.chosen(t('project'))]}>
        <ProjectSelect
          data-testid="barcode-reserve-project"
          onChange={() => form.setFieldsValue({ siteId: undefined, visitId: undefined })}
        />
      </Form.Item>
      <Form.Item name="siteId" label={t('site')} rules={[rules.chosen(t('site'))]}>
        <Select
          data-testid="barcode-reserve-site"
          options={sites.map((s) => ({ value: s.id, label: `${s.centerNo} ${s.name}` }))}
        />
      </Form.Item>
      <Form.Item name="visitId" label={t('visit')}>
        <Select
          allowClear
          placeholder={t('anyVisit')}
          data-testid="barcode-reserve-visit"
          options={(projectId ? (visits ?? []) : []).map((v) => ({ value: v.id, label: v.name }))}
        />
      </Form.Item>
      <Form.Item name="kind" label={t('kind')} rules={[rules.chosen(t('kind'))]}>
        <Select
          data-testid="barcode-reserve-kind"
          options={BARCODE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        />
      </Form.Item>
      <Form.Item name="count" label={t('count')} rules={[rules.amount(t('count'))]}>
        <InputNumber min={1} max={BARCODE_RANGE_MAX} precision={0} data-testid="barcode-reserve-count" />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')}>
        <Input maxLength={255} data-testid="barcode-reserve-remark" />
      </Form.Item>
    </>
  );
}

/**
 * /supply/consum-barcode-list: kit and tube code ranges reserved per project, site and visit before
 * kits are sent (docs/supply.md "Barcodes and labels"); a range's codes are shipped, voided and
 * printed from its dialog.
 */
export default function ConsumBarcodeListPage() {
  const { t } = useTranslation('supplyBarcodes');
  const list = useListPage((c) => c.supplyBarcodes.rangePage, {} as Filter);
  const [reserving, setReserving] = useState(false);
  const [open, setOpen] = useState<BarcodeRangeRow | null>(null);

  const reserve = async (values: ReserveValues) => {
    const range = await callEndpoint((c) => c.supplyBarcodes.reserve, {
      body: { ...values, visitId: values.visitId ?? null, remark: values.remark || null },
    });
    feedback.success(
      t('reserved', { count: range.data.count, first: range.data.firstCode, last: range.data.lastCode }),
    );
    await list.reload();
  };

  const columns: ListColumn<BarcodeRangeRow>[] = [
    {
      ...col.projectNo<BarcodeRangeRow>(),
      filter: { name: 'projectId', input: <ProjectSelect allowClear style={{ width: 200 }} /> },
    },
    {
      dataIndex: 'siteName',
      title: t('site'),
      width: 150,
      render: (_: unknown, r: BarcodeRangeRow) => `${r.centerNo} ${r.siteName}`,
    },
    { dataIndex: 'visitName', title: t('visit'), width: 130, render: dash },
    {
      dataIndex: 'kind',
      title: t('kind'),
      width: 100,
      render: (k: BarcodeKind) => t(`kinds.${k}`),
      filter: {
        input: (
          <Select
            allowClear
            style={{ width: 120 }}
            options={BARCODE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          />
        ),
      },
    },
    {
      dataIndex: 'firstCode',
      title: t('range'),
      width: 240,
      render: (_: unknown, r: BarcodeRangeRow) => (
        <code>
          {r.firstCode} – {r.lastCode}
        </code>
      ),
    },
    { dataIndex: 'count', title: t('count'), width: 80 },
    {
      dataIndex: 'states',
      title: t('states'),
      width: 250,
      render: (states: BarcodeRangeRow['states']) => (
        <Space size={2} wrap>
          {BARCODE_STATES.filter((s) => states[s]).map((s) => (
            <Tag key={s} data-testid={`range-state-${s}`}>
              {t(`codeState.statuses.${s}`)} {states[s]}
            </Tag>
          ))}
        </Space>
      ),
    },
    { dataIndex: 'remark', title: t('remark'), width: 140, render: dash },
    col.text<BarcodeRangeRow>('reservedByName', t('reservedBy'), 100),
    col.time<BarcodeRangeRow>('reservedAt', t('reservedAt')),
  ];

  return (
    <ListPage<BarcodeRangeRow, Filter>
      list={list}
      rowKey="id"
      code="supply.consum-barcode-list"
      columns={columns}
      toolbar={
        <Permission value={[SUPPLY_BARCODE_PERMISSIONS.reserve]}>
          <Button type="primary" onClick={() => setReserving(true)} data-testid="barcode-reserve">
            {t('reserve')}
          </Button>
        </Permission>
      }
      actions={{
        width: 90,
        render: (row) => (
          <Button
            type="link"
            size="small"
            onClick={() => setOpen(row)}
            data-testid={`barcode-range-${row.id}`}
          >
            {t('viewCodes')}
          </Button>
        ),
      }}
    >
      <FormModal<ReserveValues>
        open={reserving}
        title={t('reserveTitle')}
        onSave={reserve}
        savedMessage={false}
        onClose={() => setReserving(false)}
        testId="barcode-reserve-form"
        name="barcodeReserve"
        initialValues={{ kind: 'tube', count: 10 }}
      >
        <ReserveFields />
      </FormModal>
      <CodesModal
        range={open}
        onClose={() => setOpen(null)}
        onChanged={list.reload}
        extra={(codes, refresh) => <PrintModal codes={codes} onPrinted={refresh} />}
      />
    </ListPage>
  );
}
