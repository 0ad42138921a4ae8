import { PrinterOutlined } from '@ant-design/icons';
import {
  type BodyOf,
  SPECIMEN_PERMISSIONS,
  type SpecimenBarcodeRow,
  SUB_BARCODE_MAX_SUFFIX,
  specimenBarcodeWorkflow,
} from '@trialab/api-contract';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../../access/gates';
import { col } from '../../../../components/columns';
import type { DataColumn } from '../../../../components/DataTable';
import { useAction } from '../../../../components/FormModal';
import { dash } from '../../../../components/format';
import { ListPage, useListPage } from '../../../../components/ListPage';
import { nameOptions } from '../../../../components/localName';
import { stateText } from '../../../../components/StatusTag';
import { useSampleTypes } from '../../../../components/useSampleTypes';
import { WorkflowActions } from '../../../../components/WorkflowActions';
import type { Contract } from '../../../../services/contract';
import { callEndpoint } from '../../../../services/endpoint';
import { feedback } from '../../../../utils/feedback';
import { useBarcodeColumns } from '../specimen/parts';
import { isBarcode, printSheet } from '../specimen/scan';

interface Filter {
  parentCode?: string;
  keyword?: string;
  status?: SpecimenBarcodeRow['status'];
}

interface CreateValues {
  parentCode: string;
  count: number;
  sampleTypeId?: number;
}

/** /laboratory/before-analysis/manage-sub-barcode: aliquot sub-barcodes (-01..-99), disable, print list. */
export default function ManageSubBarcodePage() {
  const { t } = useTranslation();
  const { t: common } = useTranslation('specimen', { keyPrefix: 'shared' });
  const { t: s } = useTranslation('specimen', { keyPrefix: 'sub' });
  const states = (state: string) => stateText(specimenBarcodeWorkflow, state);
  const sampleTypes = useSampleTypes();
  const [form] = Form.useForm<CreateValues>();
  const [filterForm] = Form.useForm<Filter>();
  const list = useListPage((c) => c.subBarcode.paging, {} as Filter);
  const [run, saving] = useAction();

  const create = async (v: CreateValues) => {
    const parentCode = v.parentCode.trim();
    await run(async () => {
      const r = await callEndpoint((c) => c.subBarcode.create, {
        body: { parentCode, count: v.count, sampleTypeId: v.sampleTypeId ?? null },
      });
      feedback.success(s('created', { codes: r.data.codes.join(', ') }));
      filterForm.setFieldsValue({ parentCode });
      // Shows the new aliquots: a new filter loads, the same one loads again.
      list.search({ parentCode });
    });
  };

  /** A refusal rejects, so WorkflowActions keeps the reason dialog open (the request helper shows why). */
  const disable = async (row: SpecimenBarcodeRow, reason: string | null) => {
    await callEndpoint((c) => c.subBarcode.disable, {
      params: { id: row.id },
      body: { version: row.version, reason: reason ?? '' },
    });
    feedback.success(s('disabled'));
    await list.reload();
  };

  const fetchAll = async (body: BodyOf<Contract['subBarcode']['paging']>) => {
    let rows: SpecimenBarcodeRow[] | undefined;
    await run(async () => {
      rows = (await callEndpoint((c) => c.subBarcode.paging, { body })).data;
    });
    return rows;
  };

  // A parent's whole list (at most 99 aliquots) when one is chosen, else the rows on screen.
  const print = async () => {
    const parent = list.filter.parentCode ?? '';
    const body = { ...list.filter, page: 1, size: SUB_BARCODE_MAX_SUFFIX };
    // Nothing is printed when the list cannot be loaded (the request helper says why).
    const rows = parent ? await fetchAll(body) : list.rows;
    if (!rows) return;
    const html = printSheet(
      s('printTitle', { parent }),
      [t('fields.barcode'), t('fields.sampleType'), t('fields.project'), t('fields.status')],
      rows.map((r) => [r.code, dash(r.sampleTypeName), r.projectNo, states(r.status)]),
    );
    const win = window.open('', '_blank');
    if (!win) return;
    win.document.write(html);
    win.document.close();
    win.focus();
    win.print();
  };

  const columns: DataColumn<SpecimenBarcodeRow>[] = [
    ...useBarcodeColumns(),
    { dataIndex: 'parentCode', title: s('parent'), width: 140 },
    { dataIndex: 'suffix', title: s('suffix'), width: 70 },
    col.text('disabledReason', s('reason'), 140),
    col.time('createdAt', common('createdAt')),
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Permission value={[SPECIMEN_PERMISSIONS.subCreate]}>
        <Card title={s('create')}>
          <Alert type="info" showIcon message={s('rule')} style={{ marginBottom: 12 }} />
          <Form<CreateValues> form={form} layout="inline" onFinish={create} initialValues={{ count: 1 }}>
            <Form.Item
              name="parentCode"
              label={s('parent')}
              rules={[
                { required: true, message: s('parentRequired') },
                {
                  validator: async (_, v: string | undefined) => {
                    if (v && !isBarcode(v.trim())) throw new Error(common('invalidCodes', { codes: v }));
                  },
                },
              ]}
            >
              <Input maxLength={32} data-testid="sub-parent" />
            </Form.Item>
            <Form.Item name="count" label={s('count')} rules={[{ required: true }]}>
              <InputNumber min={1} max={SUB_BARCODE_MAX_SUFFIX} precision={0} data-testid="sub-count" />
            </Form.Item>
            <Form.Item name="sampleTypeId" label={s('aliquotType')}>
              <Select allowClear style={{ width: 140 }} options={nameOptions(sampleTypes)} />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" loading={saving} data-testid="sub-create">
                {s('create')}
              </Button>
            </Form.Item>
          </Form>
        </Card>
      </Permission>
      <ListPage<SpecimenBarcodeRow, Filter>
        list={list}
        form={filterForm}
        rowKey="id"
        code="laboratory.manage-sub-barcode"
        columns={columns}
        filters={
          <>
            <Form.Item name="parentCode" label={s('parent')}>
              <Input allowClear maxLength={32} data-testid="sub-filter-parent" />
            </Form.Item>
            <Form.Item name="keyword" label={common('keyword')}>
              <Input allowClear maxLength={64} />
            </Form.Item>
            <Form.Item name="status" label={t('fields.status')}>
              <Select
                allowClear
                style={{ width: 110 }}
                options={(['signed', 'disabled'] as const).map((x) => ({
                  value: x,
                  label: states(x),
                }))}
              />
            </Form.Item>
          </>
        }
        toolbar={
          <Button icon={<PrinterOutlined />} onClick={print} disabled={list.rows.length === 0}>
            {s('print')}
          </Button>
        }
        actions={{
          width: 80,
          // A stored sample is taken out before it is disabled.
          render: (row) =>
            row.storage !== 'stored' && (
              <WorkflowActions
                workflow={specimenBarcodeWorkflow}
                state={row.status}
                actions={{
                  disable: {
                    label: s('disable'),
                    danger: true,
                    reason: {
                      title: s('disableTitle', { code: row.code }),
                      placeholder: s('disableHint'),
                      testId: 'sub-disable-reason',
                    },
                    onClick: (reason) => disable(row, reason),
                  },
                }}
              />
            ),
        }}
      />
    </Space>
  );
}
