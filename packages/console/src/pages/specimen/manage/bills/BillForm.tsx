// The create pages of the bills (create-out, create-batch-out, create-pre, create-post,
// create-backup, create-destroy, batch-create-destroy): the header the kind needs and the lines, by
// barcodes pasted or scanned (one a line, `barcode,µL` for part of a tube) or, on the batch pages,
// by a filter over the project's stored specimens. The bill is saved as a draft that holds them.
import { BILL_PERMISSIONS, type BillKind } from '@trialab/api-contract';
import { DatePicker, Form, Input, InputNumber, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { DictSelect, useDictItems } from '../../../../components/DictSelect';
import { FormPage } from '../../../../components/FormPage';
import { ProjectSelect } from '../../../../components/ProjectSelect';
import { useSampleTypes } from '../../../../components/useSampleTypes';
import { callEndpoint } from '../../../../services/endpoint';
import { useEndpointQuery } from '../../../../services/query';
import { dictLabel } from '../../../../stores/dict';
import { parseLines } from './lines';
import { billPrefillOf } from './prefill';

interface Values {
  projectId: number;
  stockOutTypeId?: number;
  reason: string;
  recipient?: string;
  destination?: string;
  plannedAt?: string;
  removedAt?: string;
  deviation?: string;
  remark?: string;
  mode?: 'barcodes' | 'filter';
  barcodes?: string;
  unitId?: number;
  boxId?: number;
  sampleTypeId?: number;
  visit?: string;
}

const dayField = {
  getValueProps: (v: string | undefined) => ({ value: v ? dayjs(v) : undefined }),
  normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined),
};

export function BillForm({ kind, batch = false }: { kind: BillKind; batch?: boolean }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  // Lines chosen on another page (specimen-expired) arrive in the navigation's state.
  const prefill = billPrefillOf(useLocation());
  const destroy = kind === 'destroy';
  const types =
    useEndpointQuery((c) => c.libraryBills.outboundTypes, {}, { enabled: !destroy }).data?.data ?? [];
  const reasons = useDictItems(1017);
  const sampleTypes = useSampleTypes();
  const typeId = Form.useWatch('stockOutTypeId', form);
  const mode = Form.useWatch('mode', form) ?? 'barcodes';
  const [barcodeError, setBarcodeError] = useState<string | null>(null);
  const type = types.find((x) => x.id === typeId);
  const titleKey = destroy ? (batch ? 'batchDestroy' : 'destroy') : batch ? 'batch' : kind;
  const back = destroy ? '/specimen/manage/destroy-bill' : '/specimen/manage/out-warehouse-bill';

  const save = async (v: Values) => {
    // The mode field shows on the batch pages only: elsewhere the lines are barcodes.
    const parsed = v.mode !== 'filter' ? parseLines(v.barcodes ?? '') : null;
    if (parsed?.bad) throw new Error(t('libraryBills.barcodesBad', parsed.bad));
    const lines = parsed?.lines && parsed.lines.length > 0 ? parsed.lines : null;
    const filter =
      v.mode === 'filter'
        ? {
            unitId: v.unitId ?? null,
            boxId: v.boxId ?? null,
            sampleTypeId: v.sampleTypeId ?? null,
            visit: v.visit ?? null,
          }
        : null;
    if (destroy)
      return callEndpoint((c) => c.libraryBills.destroyCreate, {
        body: { projectId: v.projectId, reason: v.reason, remark: v.remark ?? null, lines, filter },
      });
    return callEndpoint((c) => c.libraryBills.outboundCreate, {
      body: {
        kind: kind as 'out',
        projectId: v.projectId,
        stockOutTypeId: v.stockOutTypeId ?? 0,
        reason: v.reason,
        recipient: v.recipient ?? '',
        destination: v.destination ?? '',
        plannedAt: v.plannedAt ?? null,
        removedAt: v.removedAt ?? null,
        deviation: v.deviation ?? null,
        remark: v.remark ?? null,
        lines,
        filter,
      },
    });
  };

  return (
    <FormPage<Values>
      title={t(`libraryBills.create.${titleKey as 'out'}`)}
      ready
      form={form}
      name="bill"
      recordKey={`${kind}-${batch}-${prefill ? prefill.barcodes.join(',') : ''}`}
      initialValues={
        prefill
          ? {
              mode: 'barcodes',
              projectId: prefill.projectId,
              barcodes: prefill.barcodes.join('\n'),
              ...(prefill.stockOutTypeId ? { stockOutTypeId: prefill.stockOutTypeId } : {}),
              ...(prefill.reason ? { reason: prefill.reason } : {}),
            }
          : { mode: batch ? 'filter' : 'barcodes' }
      }
      check={(v) => {
        if (v.mode === 'filter') return undefined;
        const parsed = parseLines(v.barcodes ?? '');
        if (parsed.bad) return { refuse: t('libraryBills.barcodesBad', parsed.bad) };
        if (parsed.lines.length === 0) return { refuse: t('libraryBills.barcodesRequired') };
        setBarcodeError(null);
        return undefined;
      }}
      onSave={(v) => save(v)}
      savedMessage={t('libraryBills.saved')}
      back={back}
      savePermission={destroy ? BILL_PERMISSIONS.destroyCreate : BILL_PERMISSIONS.outCreate}
      saveTestId="bill-save"
      notice={
        destroy ? undefined : <p style={{ opacity: 0.7 }}>{t(`libraryBills.kindHint.${kind as 'out'}`)}</p>
      }
    >
      <Form.Item name="projectId" label={t('libraryBills.project')} rules={[{ required: true }]}>
        <ProjectSelect style={{ maxWidth: 420 }} />
      </Form.Item>
      {destroy ? (
        <Form.Item name="reason" label={t('libraryBills.reason')} rules={[{ required: true }]}>
          <DictSelect dictNo={1018} style={{ maxWidth: 420 }} />
        </Form.Item>
      ) : (
        <>
          <Form.Item
            name="stockOutTypeId"
            label={t('libraryBills.stockOutType')}
            rules={[{ required: true }]}
          >
            <Select
              style={{ maxWidth: 420 }}
              options={types.map((x) => ({ value: x.id, label: x.name }))}
              onChange={() => form.setFieldValue('reason', undefined)}
            />
          </Form.Item>
          <Form.Item name="reason" label={t('libraryBills.reason')} rules={[{ required: true }]}>
            <Select
              style={{ maxWidth: 420 }}
              options={(type?.reasons ?? []).map((value) => {
                const item = reasons.find((r) => r.value === value);
                return { value, label: item ? dictLabel(item, i18n.language) : value };
              })}
            />
          </Form.Item>
          <Form.Item
            name="recipient"
            label={t('libraryBills.recipient')}
            rules={[{ required: true, max: 64 }]}
          >
            <Input style={{ maxWidth: 420 }} />
          </Form.Item>
          <Form.Item
            name="destination"
            label={t('libraryBills.destination')}
            rules={[{ required: true, max: 128 }]}
          >
            <Input style={{ maxWidth: 420 }} />
          </Form.Item>
          {kind === 'pre' && (
            <Form.Item
              name="plannedAt"
              label={t('libraryBills.plannedAt')}
              rules={[{ required: true }]}
              {...dayField}
            >
              <DatePicker disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
            </Form.Item>
          )}
          {kind === 'post' && (
            <>
              <Form.Item
                name="removedAt"
                label={t('libraryBills.removedAt')}
                rules={[{ required: true }]}
                {...dayField}
              >
                <DatePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
              </Form.Item>
              <Form.Item
                name="deviation"
                label={t('libraryBills.deviation')}
                rules={[{ required: true, whitespace: true, max: 255 }]}
              >
                <Input.TextArea rows={2} style={{ maxWidth: 620 }} />
              </Form.Item>
            </>
          )}
        </>
      )}
      <Form.Item name="remark" label={t('libraryBills.remark')} rules={[{ max: 255 }]}>
        <Input style={{ maxWidth: 620 }} />
      </Form.Item>
      {batch && (
        <Form.Item name="mode" label={t('libraryBills.mode')}>
          <Radio.Group
            options={[
              { value: 'barcodes', label: t('libraryBills.byBarcodes') },
              { value: 'filter', label: t('libraryBills.byFilter') },
            ]}
          />
        </Form.Item>
      )}
      {mode === 'barcodes' ? (
        <Form.Item
          name="barcodes"
          label={t('libraryBills.barcodes')}
          extra={t('libraryBills.barcodesHint')}
          validateStatus={barcodeError ? 'error' : undefined}
          help={barcodeError ?? undefined}
        >
          <Input.TextArea
            rows={8}
            style={{ maxWidth: 620, fontFamily: 'monospace' }}
            data-testid="bill-barcodes"
          />
        </Form.Item>
      ) : (
        <>
          <Form.Item name="unitId" label={t('libraryBills.filterUnit')}>
            <InputNumber min={1} />
          </Form.Item>
          <Form.Item name="boxId" label={t('libraryBills.filterBox')}>
            <InputNumber min={1} />
          </Form.Item>
          <Form.Item name="sampleTypeId" label={t('libraryBills.filterSampleType')}>
            <Select
              allowClear
              style={{ maxWidth: 420 }}
              options={sampleTypes.map((s) => ({
                value: s.id,
                label: i18n.language === 'en-US' ? s.enName : s.name,
              }))}
            />
          </Form.Item>
          <Form.Item name="visit" label={t('libraryBills.filterVisit')} rules={[{ max: 64 }]}>
            <Input style={{ maxWidth: 420 }} />
          </Form.Item>
        </>
      )}
    </FormPage>
  );
}
