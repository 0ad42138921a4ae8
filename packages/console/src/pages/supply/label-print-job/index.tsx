import { type DataOf, LABEL_PERMISSIONS } from '@trialab/api-contract';
import { Form, Input, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { col } from '../../../components/columns';
import { PrinterField, useLabelPrinters } from '../../../components/LabelPrinting';
import { type ListColumn, ListPage, useListPage } from '../../../components/ListPage';
import type { RowAction } from '../../../components/RowActions';
import { ShowLimit } from '../../../components/ShowLimit';
import type { Contract } from '../../../services/contract';
import { callEndpoint, downloadEndpoint } from '../../../services/endpoint';

type Job = DataOf<Contract['labels']['jobs']>[number];

/** The number a job prints under (the PDF sheet's number). */
export const jobNo = (id: number) => `LJ-${String(id).padStart(6, '0')}`;

const REASON_MAX = 255;

/** Reprint a job from its snapshot on a printer of this workstation, with a reason. */
function ReprintModal({
  job,
  onClose,
  onDone,
}: {
  job: Job | null;
  onClose(): void;
  onDone(): Promise<unknown>;
}) {
  const { t } = useTranslation('supplyBarcodes', { keyPrefix: 'labels' });
  const printing = useLabelPrinters(job !== null);
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  const ok = async () => {
    if (!job) return;
    const sent = await printing.send(async (printer) => {
      const answer = await callEndpoint((c) => c.labels.reprint, {
        params: { id: job.id },
        body: { reason: trimmed, printer },
      });
      return answer.data;
    });
    if (!sent) return;
    setReason('');
    onClose();
    await onDone();
  };
  return (
    <Modal
      open={job !== null}
      title={t('reprintTitle', { job: job ? jobNo(job.id) : '' })}
      onCancel={onClose}
      okText={t('reprint')}
      confirmLoading={printing.busy}
      okButtonProps={{
        disabled: !printing.printer || trimmed.length === 0 || reason.length > REASON_MAX,
        'data-testid': 'label-reprint-ok',
      }}
      onOk={() => void ok()}
    >
      <Form layout="vertical">
        <Form.Item
          label={t('reprintReason')}
          htmlFor="label-reprint-reason"
          required
          extra={t('reprintHint')}
        >
          <Input.TextArea
            id="label-reprint-reason"
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            status={reason.length > REASON_MAX ? 'error' : undefined}
            data-testid="label-reprint-reason"
          />
          <ShowLimit value={reason} max={REASON_MAX} />
        </Form.Item>
        <PrinterField printing={printing} />
      </Form>
    </Modal>
  );
}

/**
 * /supply/label-print-job: print jobs of codes in my projects, newest first (docs/supply.md
 * "Labels"): who printed which template version on which printer, when, how many labels; a reprint
 * (from the job's frozen snapshot, with a reason) on a printer of this workstation, and the job as
 * an A4 PDF label sheet for a laser printer.
 */
export default function LabelPrintJobPage() {
  const { t } = useTranslation('supplyBarcodes', { keyPrefix: 'labels' });
  const list = useListPage((c) => c.labels.jobs, {} as Record<string, never>);
  const [reprinting, setReprinting] = useState<Job | null>(null);

  const columns: ListColumn<Job>[] = [
    { dataIndex: 'id', title: t('job'), width: 120, render: (id: number) => jobNo(id) },
    {
      key: 'template',
      title: t('template'),
      width: 170,
      render: (_: unknown, r: Job) => `${r.templateCode} v${r.templateVersion}`,
    },
    col.text<Job>('printer', t('printer'), 190),
    col.text<Job>('labels', t('labelCount'), 90),
    col.text<Job>('firstCode', t('firstCode'), 140),
    {
      dataIndex: 'reprintOf',
      title: t('reprintOf'),
      width: 130,
      render: (id: number | null) => (id ? <Tag>{jobNo(id)}</Tag> : '-'),
    },
    col.text<Job>('reason', t('reprintReason'), 280),
    col.text<Job>('printedByName', t('printedBy'), 100),
    col.time<Job>('printedAt', t('printedAt')),
  ];
  const actions: RowAction<Job>[] = [
    {
      label: t('reprint'),
      permission: LABEL_PERMISSIONS.print,
      testId: (r) => `label-reprint-${r.id}`,
      onClick: (r) => setReprinting(r),
    },
    {
      label: t('sheet'),
      permission: LABEL_PERMISSIONS.print,
      testId: (r) => `label-sheet-${r.id}`,
      run: (r) =>
        downloadEndpoint((c) => c.labels.sheet, { params: { id: r.id } }, `${jobNo(r.id)}-labels.pdf`),
    },
    {
      // Adhesive label stock: the labels alone, without the letterhead and the job's details.
      label: t('sheetBare'),
      permission: LABEL_PERMISSIONS.print,
      testId: (r) => `label-sheet-bare-${r.id}`,
      run: (r) =>
        downloadEndpoint(
          (c) => c.labels.sheet,
          { params: { id: r.id }, body: { letterhead: false } },
          `${jobNo(r.id)}-labels-only.pdf`,
        ),
    },
  ];
  return (
    <ListPage
      list={list}
      rowKey="id"
      code="supply.label-print-job"
      columns={columns}
      actions={{ width: 280, items: actions }}
    >
      <ReprintModal job={reprinting} onClose={() => setReprinting(null)} onDone={() => list.reload()} />
    </ListPage>
  );
}
