import { PrinterOutlined } from '@ant-design/icons';
import {
  SPECIMEN_PERMISSIONS,
  type SpecimenBarcodeRow,
  SUB_BARCODE_MAX_SUFFIX,
  specimenBarcodeWorkflow,
} from '@trialab/api-contract';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../../access/gates';
import { useAccess } from '../../../../access/useAccess';
import { dash, formatTime } from '../../../../components/format';
import { ListPage, useListPage } from '../../../../components/ListPage';
import { ReasonModal } from '../../../../components/ReasonModal';
import { callEndpoint } from '../../../../services/endpoint';
import { specimenApi } from '../../../../services/specimen';
import { feedback } from '../../../../utils/feedback';
import { useSampleTypes } from '../../useSampleTypes';
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
  const { t, i18n } = useTranslation();
  const { can } = useAccess();
  const s = (key: string, options?: Record<string, unknown>) => t(`specimen.sub.${key}`, options);
  const sampleTypes = useSampleTypes();
  const english = i18n.language === 'en-US';
  const [form] = Form.useForm<CreateValues>();
  const [filterForm] = Form.useForm<Filter>();
  const list = useListPage((c) => c.subBarcode.paging, {} as Filter);
  const [saving, setSaving] = useState(false);
  const [disabling, setDisabling] = useState<SpecimenBarcodeRow | null>(null);

  const create = async (v: CreateValues) => {
    setSaving(true);
    try {
      const r = await specimenApi.subCreate({
        parentCode: v.parentCode.trim(),
        count: v.count,
        sampleTypeId: v.sampleTypeId ?? null,
      });
      feedback.success(s('created', { codes: r.data.codes.join(', ') }));
      filterForm.setFieldsValue({ parentCode: v.parentCode.trim() });
      list.search({ parentCode: v.parentCode.trim() });
      await list.reload();
    } catch {
      // Shown by the request helper.
    } finally {
      setSaving(false);
    }
  };

  const disable = async (reason: string) => {
    if (!disabling) return;
    try {
      await specimenApi.subDisable(disabling.id, { version: disabling.version, reason });
      feedback.success(s('disabled'));
      setDisabling(null);
      await list.reload();
    } catch {
      // Shown by the request helper.
    }
  };

  // A parent's whole list (at most 99 aliquots) when one is chosen, else the rows on screen.
  const print = async () => {
    const parent = list.filter.parentCode ?? '';
    let rows = list.rows;
    if (parent) {
      try {
        const body = { ...list.filter, page: 1, size: SUB_BARCODE_MAX_SUFFIX };
        rows = (await callEndpoint((c) => c.subBarcode.paging, { body })).data;
      } catch {
        return;
      }
    }
    const html = printSheet(
      s('printTitle', { parent }),
      [
        t('specimen.common.barcode'),
        t('specimen.common.sampleType'),
        t('specimen.common.project'),
        t('specimen.common.status'),
      ],
      rows.map((r) => [r.code, dash(r.sampleTypeName), r.projectNo, t(`specimen.states.${r.status}`)]),
    );
    const win = window.open('', '_blank');
    if (!win) return;
    win.document.write(html);
    win.document.close();
    win.focus();
    win.print();
  };

  const canDisable = (row: SpecimenBarcodeRow) =>
    specimenBarcodeWorkflow.transitions.disable.from.includes(row.status) &&
    row.storage !== 'stored' &&
    can(SPECIMEN_PERMISSIONS.subDisable);

  const columns = [
    ...useBarcodeColumns(),
    { dataIndex: 'parentCode', title: s('parent'), width: 140 },
    { dataIndex: 'suffix', title: s('suffix'), width: 70 },
    { dataIndex: 'disabledReason', title: s('reason'), width: 140, render: dash },
    {
      dataIndex: 'createdAt',
      title: t('specimen.common.createdAt'),
      width: 170,
      render: (v: string) => formatTime(v),
    },
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
                    if (v && !isBarcode(v.trim()))
                      throw new Error(t('specimen.common.invalidCodes', { codes: v }));
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
              <Select
                allowClear
                style={{ width: 140 }}
                options={sampleTypes.map((x) => ({ value: x.id, label: english ? x.enName : x.name }))}
              />
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
            <Form.Item name="keyword" label={t('specimen.common.keyword')}>
              <Input allowClear maxLength={64} />
            </Form.Item>
            <Form.Item name="status" label={t('specimen.common.status')}>
              <Select
                allowClear
                style={{ width: 110 }}
                options={(['signed', 'disabled'] as const).map((x) => ({
                  value: x,
                  label: t(`specimen.states.${x}`),
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
          render: (row) =>
            canDisable(row) && (
              <Button type="link" size="small" danger onClick={() => setDisabling(row)}>
                {s('disable')}
              </Button>
            ),
        }}
      >
        <ReasonModal
          open={disabling !== null}
          title={s('disableTitle', { code: disabling?.code ?? '' })}
          placeholder={s('disableHint')}
          max={255}
          required
          testId="sub-disable-reason"
          onCancel={() => setDisabling(null)}
          onOk={disable}
        />
      </ListPage>
    </Space>
  );
}
